/**
 * What `fillCard` and `completeThreeDSecure` do, written once against {@link Driver}, the few things each test
 * driver's module (./playwright.ts, ./puppeteer.ts, ./webdriverio.ts) does its own way. Everything runs in the
 * test driver: the page gets real clicks and key events, and only scripts that read attributes and states, as
 * any page script could (the merchant page sees no card data; the frames' inputs are read by the driver only to
 * clear a field before typing and to name the field of an error).
 */

/** A key the helpers press besides text. */
export type NamedKey = 'End' | 'Backspace';

/** One step of typing: text (one key event per character) or a named key. */
export type KeyStep = string | { key: NamedKey };

/** The few commands the helpers need of a test driver. Sources are JavaScript expressions. */
export interface Driver {
  /** The value of `source` in the top document (JSON-serialisable). */
  evaluate(source: string): Promise<unknown>;
  /** The value of `source` in the document of the iframe `iframe` (a CSS selector of the top document). */
  evaluateIn(iframe: string, source: string): Promise<unknown>;
  /** Clicks the element `selector` (in the iframe `iframe`, or the top document when null), then sends `keys`. */
  clickAndType(iframe: string | null, selector: string, keys: KeyStep[]): Promise<void>;
}

/** The card to type: a `testCards` entry fits. */
export interface CardToFill {
  /** Digits (spaces allowed; they are left out, the input formats the number as it is typed). */
  number: string;
  /** `MM/YY` (or `MMYY`). */
  expiry: string;
  cvv2: string;
  /** The holder name; typed when the mount has a holder field. @default 'Test Cardholder' */
  name?: string;
}

/** Options of `fillCard`. */
export interface FillCardOptions {
  /** A CSS selector of the element holding the mount to fill, when the page has several. */
  within?: string;
  /** How long to wait for the mount's frames to be ready, then for the card to be complete, each (ms). @default 10000 */
  timeoutMs?: number;
}

/** `completeThreeDSecure`'s answer on the bank page: the "Approve" or the "Fail" test button. */
export type ThreeDSecureAnswer = 'approve' | 'fail';

/** Options of `completeThreeDSecure`. */
export interface CompleteOptions {
  /** How long to wait for the bank page, then for the browser to leave it, each (ms). @default 10000 */
  timeoutMs?: number;
}

/** `fillCard`'s refusal: the mount reported an error on `field` (`card_number`, `expiry`, `cvv2`, ...). */
export class FillCardError extends Error {
  /** The hosted field in error, or `card` when the refusal is about the mount as a whole. */
  readonly field: string;
  constructor(field: string, message: string) {
    super(`fillCard: ${field}: ${message}`);
    this.name = 'FillCardError';
    this.field = field;
  }
}

/** One hosted-field frame of a mount: the field it holds (`card` for the card element) and a selector of its iframe. */
interface MountFrame {
  field: string;
  iframe: string;
}

/** A call of `fn` with `args`, as source text (`fn` must use nothing from its closure). */
export const callSource = (fn: (...args: never[]) => unknown, ...args: unknown[]): string =>
  `(${String(fn)})(${args.map((a) => JSON.stringify(a)).join(',')})`;

/** Waits `ms`. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `step` every 50 ms until it returns a value other than undefined, or throws `timeout()` after `ms`. */
async function poll<T>(ms: number, step: () => Promise<T | undefined>, timeout: () => Error): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    // an error of the driver (a navigation under way) is tried again; the helpers' own refusals end the wait
    const value = await step().catch((error: unknown) => {
      if (error instanceof FillCardError) throw error;
      return undefined;
    });
    if (value !== undefined) return value;
    if (Date.now() > end) throw timeout();
    await sleep(50);
  }
}

/**
 * In the page: the hosted-field frames under `within` (or the document), by mount. A frame is told by its address
 * (`{base_url}/fields/v1/frame.html#v=..&ch=<mount>&f=<field>&...`, see src/hosted/protocol.ts `frameUrl`), which the page sees.
 */
function mountsOnPage(within: string | null) {
  const root = within ? document.querySelector(within) : document;
  if (!root) return { error: `no element ${within}` };
  const frames: { ch: string; field: string }[] = [];
  for (const iframe of Array.from(root.querySelectorAll('iframe'))) {
    const [address, fragment] = (iframe.getAttribute('src') ?? '').split('#');
    const params = new URLSearchParams(fragment ?? '');
    const ch = params.get('ch');
    const field = params.get('f');
    if (address?.includes('/frame.html') && params.get('v') && ch && field) frames.push({ ch, field });
  }
  return { frames };
}

/** Finds the one mount to fill. @throws FillCardError when there is none, or several and no `within`. */
async function findMount(driver: Driver, options: FillCardOptions): Promise<MountFrame[]> {
  const within = options.within ?? null;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const found = await poll(
    timeoutMs,
    async () => {
      const r = (await driver.evaluate(callSource(mountsOnPage, within))) as ReturnType<typeof mountsOnPage>;
      if (r.error) throw new FillCardError('card', r.error);
      return r.frames!.length ? r.frames! : undefined;
    },
    () => new FillCardError('card', `no hosted fields on the page${within ? ` within ${within}` : ''} after ${timeoutMs} ms`),
  );
  const mounts = [...new Set(found.map((f) => f.ch))];
  if (mounts.length > 1) throw new FillCardError('card', `${mounts.length} mounts on the page: pick one with the \`within\` option`);
  return found.map((f) => ({ field: f.field, iframe: `iframe[src*="&ch=${f.ch}&f=${f.field}&"]` }));
}

/** In a frame: its inputs by field (the card element's have the field as class; a split frame's one input is `#i`), once enabled. */
function frameInputs(field: string) {
  const inputs = Array.from(document.querySelectorAll('input'));
  if (!inputs.length || inputs.some((input) => input.disabled)) return undefined;
  if (field !== 'card') return [{ field, selector: '#i', length: inputs[0]!.value.length }];
  return inputs.map((input) => {
    const name = ['card_number', 'expiry', 'cvv2', 'holder_name'].find((f) => input.classList.contains(f)) ?? input.id;
    return { field: name, selector: `input.${name}`, length: input.value.length };
  });
}

/** What to type into `field`: digits of the number and the expiry (the inputs format them), the rest as given. */
function textFor(field: string, card: CardToFill): string {
  const [month = '', year = ''] = card.expiry.includes('/') ? card.expiry.split('/') : [card.expiry.slice(0, 2), card.expiry.slice(2)];
  const texts: Record<string, string> = {
    card_number: card.number.replace(/\D/g, ''),
    expiry: `${month.trim()}${year.trim().slice(-2)}`,
    expiration_month: month.trim(),
    expiration_year: year.trim().slice(-2),
    cvv2: card.cvv2,
    holder_name: card.name ?? 'Test Cardholder',
  };
  const text = texts[field];
  if (text === undefined) throw new FillCardError(field, 'a field fillCard does not know');
  return text;
}

/** In the page: the mount's containers' states (`data-paytoken-valid`/`-invalid`), by iframe selector. */
function containerStates(iframes: string[]) {
  return iframes.map((selector) => {
    const container = document.querySelector(selector)?.parentElement;
    return { valid: !!container?.hasAttribute('data-paytoken-valid'), invalid: !!container?.hasAttribute('data-paytoken-invalid') };
  });
}

/** In a frame: whether each of its inputs is valid (the mark the frame sets as the shopper types). */
function frameValid() {
  return [...document.querySelectorAll('#w input')].every((input) => input.classList.contains('valid'));
}

/** In a frame: the field whose input is marked invalid, and the error line's text. */
function frameError() {
  const input = document.querySelector('input[aria-invalid="true"]');
  const field = input ? (['card_number', 'expiry', 'cvv2', 'holder_name'].find((f) => input.classList.contains(f)) ?? '') : '';
  return { field, message: document.getElementById(input?.getAttribute('aria-describedby')?.split(' ')[0] ?? 'e')?.textContent ?? '' };
}

/**
 * Types `card` into the mount on the page, field by field (a click on the input, then one key event per
 * character), and waits until the mount reports the card complete (every container `data-paytoken-valid`).
 * @throws FillCardError naming the field the mount reports an error on, or that is not complete in time.
 */
export async function fillCardWith(driver: Driver, card: CardToFill, options: FillCardOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const frames = await findMount(driver, options);
  for (const frame of frames) {
    const inputs = await poll(
      timeoutMs,
      async () => (await driver.evaluateIn(frame.iframe, callSource(frameInputs, frame.field))) as ReturnType<typeof frameInputs>,
      () => new FillCardError(frame.field, `its frame was not ready after ${timeoutMs} ms`),
    );
    for (const input of inputs) {
      const clear: KeyStep[] = input.length
        ? [{ key: 'End' }, ...Array.from({ length: input.length }, () => ({ key: 'Backspace' as const }))]
        : [];
      await driver.clickAndType(frame.iframe, input.selector, [...clear, textFor(input.field, card)]);
    }
  }
  await waitComplete(driver, frames, timeoutMs);
}

/** Waits until every container of the mount is valid. @throws FillCardError naming the field in error. */
async function waitComplete(driver: Driver, frames: MountFrame[], timeoutMs: number): Promise<void> {
  const iframes = frames.map((f) => f.iframe);
  const states = await poll(
    timeoutMs,
    async () => {
      const s = (await driver.evaluate(callSource(containerStates, iframes))) as ReturnType<typeof containerStates>;
      if (s.some((state) => state.invalid)) return s;
      if (!s.every((state) => state.valid)) return undefined;
      // the page's marks may lag the frames' (a state message still on its way, from the previous value): complete
      // only when every frame agrees
      for (const frame of frames) if (!(await driver.evaluateIn(frame.iframe, callSource(frameValid)))) return undefined;
      return s;
    },
    () => new FillCardError('card', 'not reported complete in time'),
  ).catch(async (error: unknown) => {
    const s = (await driver.evaluate(callSource(containerStates, iframes))) as ReturnType<typeof containerStates>;
    const pending = frames.find((_, i) => !s[i]!.valid);
    throw pending ? new FillCardError(pending.field, `not reported complete after ${timeoutMs} ms`) : error;
  });
  const bad = frames.find((_, i) => states[i]!.invalid);
  if (!bad) return;
  const error = (await driver.evaluateIn(bad.iframe, callSource(frameError))) as ReturnType<typeof frameError>;
  throw new FillCardError(error.field || bad.field, error.message || 'reported invalid');
}

/** The test buttons' selector on the bank page. */
const BUTTON = (answer: ThreeDSecureAnswer) => `button[name="action"][value="test_${answer}"]`;

/** In a document: whether it is the sandbox's bank page (`/3ds/{id}` with its code input), and has the test buttons. */
function bankPage() {
  if (!location.pathname.startsWith('/3ds/') || !document.getElementById('code')) return null;
  return { testButtons: !!document.querySelector('button[value="test_approve"]') };
}

/**
 * Answers the sandbox's 3-D Secure bank page with its "Approve" or "Fail" test button, whether the page is the
 * browser's (a redirect) or in an iframe of it (the library's modal mode); resolves once the browser has left it.
 * @throws Error when no bank page shows in time (a frictionless card has none), or it has no test buttons (a
 *   sandbox in `--mode production`).
 */
export async function completeThreeDSecureWith(driver: Driver, answer: ThreeDSecureAnswer, options: CompleteOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (answer !== 'approve' && answer !== 'fail') throw new TypeError(`completeThreeDSecure: answer must be 'approve' or 'fail'`);
  const iframe = 'iframe[src*="/3ds/"]';
  const where = await poll(
    timeoutMs,
    async () => {
      const top = (await driver.evaluate(callSource(bankPage))) as ReturnType<typeof bankPage>;
      if (top) return { iframe: null, ...top };
      const framed = (await driver.evaluate(`!!document.querySelector(${JSON.stringify(iframe)})`))
        ? ((await driver.evaluateIn(iframe, callSource(bankPage))) as ReturnType<typeof bankPage>)
        : null;
      return framed ? { iframe, ...framed } : undefined;
    },
    () => new Error(`completeThreeDSecure: no 3-D Secure bank page after ${timeoutMs} ms`),
  );
  if (!where.testButtons) throw new Error('completeThreeDSecure: the bank page has no test buttons (a sandbox in production mode?)');
  await driver.clickAndType(where.iframe, BUTTON(answer), []);
  await poll(
    timeoutMs,
    async () => {
      if (!where.iframe) return (await driver.evaluate(callSource(bankPage))) ? undefined : true;
      if (!(await driver.evaluate(`!!document.querySelector(${JSON.stringify(iframe)})`))) return true;
      return (await driver.evaluateIn(iframe, callSource(bankPage))) ? undefined : true;
    },
    () => new Error(`completeThreeDSecure: still on the bank page ${timeoutMs} ms after "${answer}"`),
  );
}
