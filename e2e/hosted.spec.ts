/**
 * Split hosted fields in Debian's Chromium: the checkout at `/split` puts the card number, holder name, expiry and
 * CVV2 each in an iframe served by the sandbox API (`{base_url}/fields/v1/frame.html`). A simulated skimmer injected into the merchant page
 * before anything else (e2e/skimmer.ts) must capture no digit of the PAN or CVV2 while the payment completes; the
 * same skimmer on `/direct` (the on-page form layer) does capture them, so the first test can fail. Also:
 * card data only in the one POST /tokens from the API origin, forged messages in both directions change
 * nothing, a disallowed parent origin is refused, keyboard-only checkout, axe inside the frames.
 */
import { serve } from '@hono/node-server';
import { expect, test, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { axeViolations } from './fixtures';
import { hasCardData, headersText, randomCvv2, randomPan, record } from './instrument';
import { injectSkimmer, skimmed } from './skimmer';

const CREDS = { merchantId: 'mhosted0merchant01', publicKey: 'pk_hosted_public', privateKey: 'sk_hosted_private' };
const YY = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

// each test loads several frames and servers on a shared 2-core machine
test.describe.configure({ timeout: 60_000 });

let sandbox: RunningSandbox;
let merchant: RunningMerchant;
let api: string;

test.beforeAll(async () => {
  sandbox = await startSandbox({ ...CREDS, port: 0, fraud: { velocityMaxCards: 0 } });
  merchant = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0 });
  api = new URL(sandbox.baseUrl).origin;
});

/** The page server of a test, if it started one (closed after each test). */
let lab: { url: string; close: () => Promise<void> } | undefined;
test.afterEach(async () => {
  await lab?.close();
  lab = undefined;
});

test.afterAll(async () => {
  await merchant?.close();
  await sandbox?.close();
});

/**
 * A page server of its own (127.0.0.1, a free port): the given pages by path, and the hosted script tag. A real
 * loopback server, not a Playwright route: Chromium's local-network-access checks block a loopback iframe in a
 * page that was not itself served from the local network.
 */
async function startLab(pages: (origin: string) => Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono();
  const hostedJs = readFileSync(new URL('../dist/paytoken-hosted.iife.js', import.meta.url));
  let html: Record<string, string> = {};
  app.get('/paytoken-hosted.iife.js', (c) => c.body(hostedJs, 200, { 'Content-Type': 'text/javascript' }));
  app.get('*', (c) => (Object.hasOwn(html, c.req.path) ? c.html(html[c.req.path]!) : c.notFound()));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      const url = `http://127.0.0.1:${info.port}`;
      html = pages(url);
      resolve({
        url,
        close: () =>
          new Promise<void>(
            (done) => (server.close(() => done()), (server as { closeAllConnections?: () => void }).closeAllConnections?.()),
          ),
      });
    });
  });
}

/** The input inside a hosted field's frame, by its container's id. */
const hosted = (page: Page, container: string): FrameLocator => page.frameLocator(`#${container} iframe`);
const input = (page: Page, container: string) => hosted(page, container).locator('input');

/** The frame (Playwright `Frame`) of a container's iframe. */
async function frameOf(page: Page, container: string): Promise<Frame> {
  const handle = await page.locator(`#${container} iframe`).elementHandle();
  return (await handle!.contentFrame())!;
}

/** The channel id of the mount, as any script on the page can read it from an iframe's address. */
const channelOf = (page: Page) =>
  page.evaluate(() => new URLSearchParams(new URL(document.querySelector('iframe')!.src).hash.slice(1)).get('ch')!);

/** Opens the hosted checkout and waits until every frame is configured (its input enabled). */
async function openHosted(page: Page, query = '') {
  await page.goto(`${merchant.url}/split${query}`);
  for (const c of ['card-number', 'holder-name', 'expiry', 'cvv2']) await expect(input(page, c)).toBeEnabled();
}

async function fillHosted(page: Page, pan: string, cvv2: string) {
  await input(page, 'holder-name').pressSequentially('Ana Pérez');
  await input(page, 'card-number').pressSequentially(pan);
  await input(page, 'expiry').pressSequentially(`12${YY}`);
  await input(page, 'cvv2').pressSequentially(cvv2);
}

test('a skimmer on the merchant page captures no digit of the PAN or CVV2 while the payment completes; card data only in the one POST /tokens from the API origin', async ({
  page,
  context,
}) => {
  const pan = randomPan();
  const cvv2 = randomCvv2();
  const rec = await record(context, page);
  await injectSkimmer(context);
  const tokensBefore = sandbox.store.tokens.size;
  const receivedBefore = merchant.received.length;

  const res = await page.goto(`${merchant.url}/split`);
  const csp = res!.headers()['content-security-policy']!;
  expect(csp).toContain(`frame-src ${api}`);
  // the page reaches its own backend only (the token goes to /api/charge); the API only through the frames
  expect(csp).toContain("connect-src 'self';");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).not.toContain(`connect-src 'self' ${api}`);
  await openHosted(page);
  await fillHosted(page, pan, cvv2);
  await expect(input(page, 'card-number')).toHaveValue(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
  const seenBefore = await skimmed(page); // the receipt page is a new document: read before submitting
  await page.locator('#pay').click();

  await page.waitForURL(/\/order\//);
  await expect.poll(() => merchant.received.length).toBe(receivedBefore + 1);
  expect(sandbox.store.tokens.size).toBe(tokensBefore + 1);
  expect([...sandbox.store.transactions.values()].at(-1)!.status).toBe('completed');
  expect(Object.keys(merchant.received.at(-1)!).sort()).toEqual(['device_session_id', 'token_id']);
  // each split field's frame recorded its own entry; the card-number frame sent them all (never a value)
  const entry = sandbox.store.devices.get(merchant.received.at(-1)!.device_session_id as string)!.entry!;
  expect(Object.keys(entry).sort()).toEqual(['card_number', 'cvv2', 'expiry', 'holder_name']);
  for (const field of ['card_number', 'expiry', 'cvv2'] as const) expect(entry[field]!.methods).toEqual(['typed']);
  // Playwright types the holder's é, a character of no key on its keyboard layout, with insertText: inserted
  expect(entry.holder_name!.methods).toEqual(['typed', 'inserted']);
  await page.waitForLoadState('load');
  await rec.settled();

  // the skimmer was at work (it was refused the frames' documents, and read the frames' messages)...
  expect(seenBefore.some((s) => s.startsWith('frame.blocked') || s === 'frame.document null')).toBe(true);
  expect(seenBefore.some((s) => s.startsWith('message '))).toBe(true);
  // ...and got no PAN, no CVV2, not one digit keystroke
  for (const s of seenBefore) expect(hasCardData(s, pan, cvv2), s).toBe(false);
  expect(seenBefore.filter((s) => /^event\.key\w+ \d /.test(s))).toEqual([]);
  expect(seenBefore.filter((s) => /^(input\.value|frame\.input) .*\d/.test(s))).toEqual([]);

  // exactly one request carries card data: the POST /tokens to the API origin, made by the card-number frame
  const carriers = rec.requests.filter((r) => hasCardData(r.body, pan, cvv2));
  expect(carriers).toHaveLength(1);
  expect(carriers[0]!.method).toBe('POST');
  expect(carriers[0]!.url).toBe(`${sandbox.baseUrl}/v1/${CREDS.merchantId}/tokens`);
  expect(JSON.parse(carriers[0]!.body)).toMatchObject({ card_number: pan, cvv2, holder_name: 'Ana Pérez' });
  for (const r of rec.requests) {
    expect(hasCardData(r.url + headersText(r), pan, cvv2), r.url).toBe(false);
    if (r !== carriers[0]) expect(hasCardData(r.body, pan, cvv2), `body of ${r.url}`).toBe(false);
  }
  // the frame posts to its own origin: no CORS preflight
  expect(rec.requests.filter((r) => r.method === 'OPTIONS')).toEqual([]);
  for (const r of rec.responses) expect(hasCardData(r.body, pan, cvv2), `response of ${r.url}`).toBe(false);
  for (const line of [...rec.console, ...rec.pageErrors]) expect(hasCardData(line, pan, cvv2), line).toBe(false);
  expect(rec.pageErrors).toEqual([]);
  // device data was collected in the frame and sent from the API origin under the device_session_id the merchant got
  const sessionId = merchant.received.at(-1)!.device_session_id!;
  await expect.poll(() => sandbox.store.devices.has(sessionId)).toBe(true);
  // no CSP violation on the page nor in the frames (strict policies on both)
  expect(rec.inPage.filter((w) => w.kind === 'csp')).toEqual([]);
  expect(rec.console.filter((l) => /Content[- ]Security[- ]Policy|Trusted Type|Refused to/i.test(l))).toEqual([]);
});

test('the same skimmer catches the PAN and CVV2 on the on-page form (/direct), so the test above can fail', async ({ page, context }) => {
  const pan = randomPan();
  const cvv2 = randomCvv2();
  await injectSkimmer(context);
  await page.goto(`${merchant.url}/direct`);
  const field = (name: string) => page.locator(`[data-paytoken-card="${name}"]`);
  await field('holder_name').pressSequentially('Ana Pérez');
  await field('card_number').pressSequentially(pan);
  await field('expiry').pressSequentially(`12${YY}`);
  await field('cvv2').pressSequentially(cvv2);
  await expect.poll(async () => (await skimmed(page)).filter((s) => hasCardData(s, pan, cvv2)).length).toBeGreaterThan(0);
  const seen = await skimmed(page);
  const kinds = new Set(seen.filter((s) => hasCardData(s, pan, '000')).map((s) => s.split(' ')[0]));
  expect(kinds).toContain('event.input');
  expect(kinds).toContain('input.value');
  expect(seen.some((s) => new RegExp(`(?<!\\d)${cvv2}(?!\\d)`).test(s))).toBe(true);
});

test('forged messages (wrong origin, source, channel, version, malformed) change nothing, in either direction', async ({ page }) => {
  const pan = randomPan();
  await page.route(`${api}/forge.html`, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>forge</title>' }));
  await openHosted(page, '?lang=en');
  await input(page, 'card-number').pressSequentially(pan);
  const ch = await channelOf(page);
  const state = () => page.evaluate(() => document.getElementById('card-number')!.getAttribute('data-paytoken-valid'));
  await expect.poll(state).toBe('');
  const tokens = sandbox.store.tokens.size;
  const card = await frameOf(page, 'card-number');
  const forgedState = (c: string, v: number) => ({
    paytoken: v,
    ch: c,
    t: 'state',
    e: 'change',
    state: { empty: true, focused: false, valid: false, potentiallyValid: true },
    brand: null,
  });

  // to the merchant page: a frame of the API origin that is not the mount's (wrong source), the page itself
  // (wrong origin), and the real card frame with a wrong channel, an old version, malformed bodies
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.src = src;
    f.id = 'forge';
    document.body.append(f);
  }, `${api}/forge.html`);
  const forge = await (await page.locator('#forge').elementHandle())!.contentFrame();
  await forge!.waitForLoadState();
  await forge!.evaluate((m) => parent.postMessage(m, '*'), forgedState(ch, 1));
  await page.evaluate((m) => window.postMessage(m, '*'), forgedState(ch, 1));
  await card.evaluate((m) => parent.postMessage(m, '*'), forgedState('0'.repeat(32), 1));
  await card.evaluate((m) => parent.postMessage(m, '*'), forgedState(ch, 0));
  for (const bad of [
    null,
    'state',
    [1],
    { paytoken: 1, ch, t: 'state', state: { empty: 'yes' } },
    { paytoken: 1, ch, t: 'toString' },
    { paytoken: 1, ch, t: 'token', id: 1, token: {} },
  ]) {
    await card.evaluate((m) => parent.postMessage(m, '*'), bad);
  }
  await page.waitForTimeout(200);
  expect(await state()).toBe('');
  expect(await page.evaluate(() => document.getElementById('card-number')!.hasAttribute('data-paytoken-empty'))).toBe(false);

  // to the frames: `clear` and `tokenize` from a window of another origin, another window of the merchant origin
  // (a popup), the right window on a wrong channel or version
  const clear = (c: string, v: number) => ({ paytoken: v, ch: c, t: 'clear' });
  const tokenize = { paytoken: 1, ch, t: 'tokenize', id: 99 };
  await forge!.evaluate(
    ([m, t]) => {
      for (let i = 0; i < parent.frames.length; i++) {
        parent.frames[i]!.postMessage(m, '*');
        parent.frames[i]!.postMessage(t, '*');
      }
    },
    [clear(ch, 1), tokenize] as const,
  );
  const popupEvent = page.waitForEvent('popup');
  await page.evaluate(() => void window.open('', 'p'));
  const popup = await popupEvent;
  expect(await popup.evaluate(() => origin)).toBe(merchant.url);
  await popup.evaluate(
    ([m, t, o]) => {
      for (let i = 0; i < opener.frames.length; i++) {
        opener.frames[i].postMessage(m, o);
        opener.frames[i].postMessage(t, o);
      }
    },
    [clear(ch, 1), tokenize, api] as const,
  );
  await page.evaluate(
    ([a, b, o]) =>
      document
        .querySelectorAll<HTMLIFrameElement>('#card-number iframe')
        .forEach((f) => (f.contentWindow!.postMessage(a, o), f.contentWindow!.postMessage(b, o))),
    [clear('f'.repeat(32), 1), clear(ch, 2), api] as const,
  );
  await page.waitForTimeout(300);
  await expect(input(page, 'card-number')).toHaveValue(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
  expect(sandbox.store.tokens.size).toBe(tokens);

  // the checks are not vacuous: the same `clear` from the parent window on the right channel does clear
  await page.evaluate(([m, o]) => document.querySelector<HTMLIFrameElement>('#card-number iframe')!.contentWindow!.postMessage(m, o), [
    clear(ch, 1),
    api,
  ] as const);
  await expect(input(page, 'card-number')).toHaveValue('');
  await expect.poll(() => page.evaluate(() => document.getElementById('card-number')!.hasAttribute('data-paytoken-empty'))).toBe(true);

  // no message configures a frame (its settings come in its URL): a `config`, even from the right window, changes nothing
  const config = {
    paytoken: 1,
    ch,
    t: 'config',
    label: 'Forged',
    locale: 'es',
    merchantId: 'mevil',
    publicKey: 'pk_evil',
    timeoutMs: 1000,
  };
  await page.evaluate(([m, o]) => document.querySelector<HTMLIFrameElement>('#card-number iframe')!.contentWindow!.postMessage(m, o), [
    config,
    api,
  ] as const);
  await page.waitForTimeout(200);
  await expect(input(page, 'card-number')).toHaveAttribute('aria-label', 'Card number');
});

test('a page whose origin is not allowed cannot use the frame: frame-ancestors blocks it, and the frame refuses by itself', async ({
  page,
}) => {
  // a sandbox that allows only the merchant's origin
  const strict = await startSandbox({ ...CREDS, port: 0, fieldsAncestors: [merchant.url] });
  try {
    const res = await page.request.get(`${strict.baseUrl}/fields/v1/frame.html`);
    expect(res.headers()['content-security-policy']).toContain(`frame-ancestors ${merchant.url}`);
    // a well-formed configuration: what is refused below is the origin, nothing else
    const config = encodeURIComponent(
      JSON.stringify({ label: 'Card number', locale: 'en', merchantId: CREDS.merchantId, publicKey: CREDS.publicKey, timeoutMs: 20000 }),
    );
    const frameSrc = (o: string) =>
      `${strict.baseUrl}/fields/v1/frame.html#v=1&ch=${'a'.repeat(32)}&f=card_number&o=${encodeURIComponent(o)}&c=${config}`;
    const labPage = (claim: string) =>
      `<!doctype html><html lang="en"><title>lab</title><iframe title="x" src="${frameSrc(claim)}"></iframe></html>`;
    // a page on another origin than the merchant's (the lab server: 127.0.0.1, another port)
    lab = await startLab((origin) => ({ '/own': labPage(origin), '/claims-merchant': labPage(merchant.url) }));
    const labUrl = lab.url;

    // 1. frame-ancestors: the browser does not render the frame for a disallowed parent, and says why
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    await page.goto(`${labUrl}/own`);
    await expect.poll(() => consoleLines.some((l) => /frame-ancestors/.test(l))).toBe(true);
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(
      await child
        ?.locator('#i')
        .count()
        .catch(() => 0),
    ).toBe(0);

    // 2. with the header removed (a proxy that strips it), the frame's own check refuses: input disabled, nothing sent
    await page.route(`${strict.baseUrl}/fields/v1/frame.html`, async (r) => {
      const resp = await r.fetch();
      const headers = { ...resp.headers() };
      delete headers['content-security-policy'];
      await r.fulfill({ response: resp, headers });
    });
    await page.goto(`${labUrl}/own`);
    const f2 = page.frameLocator('iframe');
    await expect(f2.locator('html[data-refused]')).toHaveCount(1);
    await expect(f2.locator('#i')).toBeDisabled();
    // a frame that claims the allowed origin while its parent is another is refused too (ancestorOrigins)
    await page.goto(`${labUrl}/claims-merchant`);
    await expect(page.frameLocator('iframe').locator('html[data-refused]')).toHaveCount(1);
  } finally {
    await strict.close();
  }
});

test('keyboard only: Tab through the page and the frames in order, Enter pays; label clicks focus the fields; axe finds nothing, frames included', async ({
  page,
}) => {
  await openHosted(page, '?lang=en');
  expect(await axeViolations(page)).toEqual([]);
  // each iframe has a title, each input the merchant's label as its accessible name and the autocomplete token
  await expect(page.locator('#card-number iframe')).toHaveAttribute('title', 'Card number');
  await expect(input(page, 'card-number')).toHaveAttribute('aria-label', 'Card number');
  await expect(input(page, 'card-number')).toHaveAttribute('inputmode', 'numeric');
  // each token in the mount's one autofill section, the same in the three frames (the page never sees it)
  const tokens = await Promise.all(['card-number', 'expiry', 'cvv2'].map((id) => input(page, id).getAttribute('autocomplete')));
  const section = tokens[0]!.split(' ')[0];
  expect(section).toMatch(/^section-[0-9a-f]{32}$/);
  expect(tokens).toEqual([`${section} cc-number`, `${section} cc-exp`, `${section} cc-csc`]);

  await page.getByText('Security code', { exact: true }).click();
  await expect(input(page, 'cvv2')).toBeFocused();
  await expect(page.locator('#cvv2')).toHaveAttribute('data-paytoken-focused', '');

  await input(page, 'card-number').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(input(page, 'holder-name')).toBeFocused();
  await page.keyboard.type('Ana Pérez');
  await page.keyboard.press('Tab');
  await expect(input(page, 'card-number')).toBeFocused();
  await page.keyboard.type('4111111111111111');
  await page.keyboard.press('Tab');
  await expect(input(page, 'expiry')).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.type(`2${YY}`);
  await page.keyboard.press('Tab');
  await expect(input(page, 'cvv2')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(input(page, 'expiry')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  // an error is shown (and announced: a live region named by aria-describedby) once the field is left invalid
  await page.keyboard.press('Tab');
  await expect(page.locator('#pay')).toBeFocused();
  await expect(input(page, 'cvv2')).toHaveAttribute('aria-invalid', 'true');
  await expect(hosted(page, 'cvv2').locator('#e')).toHaveText(/3-digit code/);
  await expect(hosted(page, 'cvv2').locator('#e')).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('#cvv2')).toHaveAttribute('data-paytoken-invalid', '');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Shift+Tab');
  await expect(input(page, 'cvv2')).toBeFocused();
  await page.keyboard.press('End'); // Tab into a text input selects its text, as in any input: keep the digits typed
  await page.keyboard.type('3');
  await expect(input(page, 'cvv2')).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/order\//);
  await expect(page.locator('#result-message')).toHaveText(/Thank you/);
});

test('two mounts on one page stay apart; unmount removes frames and listeners; a remount works (StrictMode-like)', async ({
  page,
  context,
}) => {
  lab = await startLab(() => ({
    '/two':
      '<!doctype html><html lang="en"><head><title>two</title><script src="/paytoken-hosted.iife.js"></script></head><body>' +
      ['a', 'b'].map((m) => `<div id="${m}-pan"></div><div id="${m}-exp"></div><div id="${m}-cvv"></div>`).join('') +
      '</body></html>',
  }));
  await page.goto(`${lab.url}/two`);
  const cdp = await context.newCDPSession(page);
  const messageListeners = async () => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.filter((l) => l.type === 'message').length;
  };
  const before = await messageListeners();
  const mount = (m: string) =>
    page.evaluate(
      ([prefix, cfg]) =>
        new Promise<void>((resolve) => {
          const w = window as unknown as Record<string, any>;
          w.PayToken.setId(cfg.merchantId);
          w.PayToken.setApiKey(cfg.publicKey);
          w.PayToken.setBaseUrl(cfg.baseUrl);
          (w.mounts ??= {})[prefix] = w.PayToken.fields.mount(
            { card_number: `#${prefix}-pan`, expiry: `#${prefix}-exp`, cvv2: `#${prefix}-cvv` },
            { locale: 'en' },
          );
          w.mounts[prefix].on('ready', () => resolve());
        }),
      [m, { ...CREDS, baseUrl: sandbox.baseUrl }] as const,
    );
  await mount('a');
  await mount('a'); // mounted again on the same containers: replaces the first
  await mount('b');
  expect(await page.locator('iframe').count()).toBe(6);
  expect(await messageListeners()).toBe(before + 2);
  const chA = await page.evaluate(() =>
    new URLSearchParams(new URL(document.querySelector<HTMLIFrameElement>('#a-pan iframe')!.src).hash.slice(1)).get('ch'),
  );
  const chB = await page.evaluate(() =>
    new URLSearchParams(new URL(document.querySelector<HTMLIFrameElement>('#b-pan iframe')!.src).hash.slice(1)).get('ch'),
  );
  expect(chA).not.toBe(chB);

  const fill = async (m: string, pan: string, cvv2: string) => {
    await page.frameLocator(`#${m}-pan iframe`).locator('input').pressSequentially(pan);
    await page.frameLocator(`#${m}-exp iframe`).locator('input').pressSequentially(`12${YY}`);
    await page.frameLocator(`#${m}-cvv iframe`).locator('input').pressSequentially(cvv2);
  };
  const panA = randomPan();
  await fill('a', panA, '123');
  // mount b saw nothing of mount a
  expect(await page.evaluate(() => (window as unknown as Record<string, any>).mounts.b.state().fields.card_number.empty)).toBe(true);
  // the frames report their states by message: wait for the last one
  await expect.poll(() => page.evaluate(() => (window as unknown as Record<string, any>).mounts.a.state().canSubmit)).toBe(true);
  const panB = '5555555555554444';
  await fill('b', panB, '456');
  const tokens = await page.evaluate(async () => {
    const m = (window as unknown as Record<string, any>).mounts;
    const [a, b] = await Promise.all([m.a.tokenize({ holder_name: 'Ana' }), m.b.tokenize({ holder_name: 'Beto' })]);
    return [a.token.card.card_number, b.token.card.card_number, a.token.card.holder_name, b.token.card.holder_name];
  });
  expect(tokens).toEqual([`XXXXXXXXXXXX${panA.slice(-4)}`, 'XXXXXXXXXXXX4444', 'Ana', 'Beto']);

  await page.evaluate(() => (window as unknown as Record<string, any>).mounts.a.unmount());
  expect(await page.locator('#a-pan iframe, #a-exp iframe, #a-cvv iframe').count()).toBe(0);
  expect(await page.locator('iframe').count()).toBe(3);
  expect(await messageListeners()).toBe(before + 1);
  await mount('a');
  expect(await page.locator('iframe').count()).toBe(6);
  await page.evaluate(() => {
    const m = (window as unknown as Record<string, any>).mounts;
    m.a.unmount();
    m.b.unmount();
  });
  expect(await page.locator('iframe').count()).toBe(0);
  expect(await messageListeners()).toBe(before);
});

test('resilience and double submit: a 503 shows the service message on the page (es-MX), the checkout works again, and many clicks make one token request', async ({
  page,
}) => {
  const api2 = await startSandbox({ ...CREDS, port: 0, faults: true, fraud: { velocityMaxCards: 0 } });
  const shop = await startMerchant({ ...CREDS, apiBaseUrl: api2.baseUrl, port: 0 });
  try {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/tokens') && posts.push(r.url()));
    await page.goto(`${shop.url}/split`);
    for (const c of ['card-number', 'holder-name', 'expiry', 'cvv2']) await expect(input(page, c)).toBeEnabled();
    await fillHosted(page, '4111111111111111', '123');
    api2.faults.set('status=503');
    await page.locator('#pay').click();
    // 503 is retried once, then reported: the page shows the message (Spanish by default) and is usable again
    await expect(page.locator('#form-error')).toHaveText('Servicio no disponible. Intenta de nuevo.');
    await expect(page.locator('#pay')).toBeEnabled();
    expect(posts).toHaveLength(2);
    expect(api2.store.tokens.size).toBe(0);
    api2.faults.set(null);
    posts.length = 0;
    const left = page.waitForURL(/\/order\//);
    await page.locator('#pay').dblclick(); // two clicks, two submit events: one tokenization
    await left;
    expect(posts).toHaveLength(1);
    expect(api2.store.tokens.size).toBe(1);
    expect(shop.received).toHaveLength(1);
  } finally {
    await shop.close();
    await api2.close();
  }
});

test('a setting the frames refuse (a style outside the allowlist, a malformed merchant id) is the error event and tokenize() rejects, naming it; the page shows the allowed style', async ({
  page,
}) => {
  lab = await startLab(() => ({
    '/refused':
      '<!doctype html><html lang="en"><head><title>refused</title><script src="/paytoken-hosted.iife.js"></script></head><body>' +
      '<div id="pan"></div><div id="exp"></div><div id="cvv"></div></body></html>',
  }));
  await page.goto(`${lab.url}/refused`);
  const mount = (merchantId: string, style: object) =>
    page.evaluate(
      ([cfg, id, css]) =>
        new Promise<{ errors: { code: string; option: string; name: string }[]; rejected: { name: string; option: string } | null }>(
          (resolve) => {
            const w = window as unknown as Record<string, any>;
            w.PayToken.setId(id);
            w.PayToken.setApiKey(cfg.publicKey);
            w.PayToken.setBaseUrl(cfg.baseUrl);
            w.mounted?.unmount();
            const m = (w.mounted = w.PayToken.fields.mount(
              { card_number: '#pan', expiry: '#exp', cvv2: '#cvv' },
              { locale: 'en', flow: 'spa', style: css },
            ));
            const errors: { code: string; option: string; name: string }[] = [];
            m.on('error', (e: { code: string; error: { option: string; name: string } }) =>
              errors.push({ code: e.code, option: e.error.option, name: e.error.name }),
            );
            m.on('ready', () =>
              m.tokenize().then(
                () => resolve({ errors, rejected: null }),
                (e: { name: string; option: string }) =>
                  resolve({ errors: errors.slice(0, 1), rejected: { name: e.name, option: e.option } }),
              ),
            );
          },
        ),
      [{ ...CREDS, baseUrl: sandbox.baseUrl }, merchantId, style] as const,
    );
  const style = await mount(CREDS.merchantId, { base: { color: 'rgb(1, 2, 3)', backgroundImage: 'url(https://evil.example/x.png)' } });
  expect(style).toEqual({
    errors: [{ code: 'style.base.backgroundImage', option: 'style.base.backgroundImage', name: 'ConfigurationError' }],
    rejected: { name: 'ConfigurationError', option: 'style.base.backgroundImage' },
  });
  // the allowed declaration applies inside the frame; the refused one does not
  await expect(input(page, 'pan')).toHaveCSS('color', 'rgb(1, 2, 3)');
  await expect(input(page, 'pan')).toHaveCSS('background-image', 'none');
  const id = await mount('not an id!', {});
  expect(id.errors.map((e) => e.option)).toEqual(['merchantId']);
  expect(id.rejected).toEqual({ name: 'ConfigurationError', option: 'merchantId' });
});

/** Inside a frame: whether each input lies wholly within the frame's viewport (nothing cut off by its height or width). */
const inputsInside = (frame: Frame) =>
  frame.evaluate(() =>
    [...document.querySelectorAll('input')].map((i) => {
      const r = i.getBoundingClientRect();
      return r.width > 0 && r.left >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    }),
  );

test('forced colours draw a focus ring inside the frames; reduced motion stops the merchant transitions; no ring or stop otherwise', async ({
  page,
}) => {
  // the merchant's transition, applied as the frame applies the allowlisted style (a constructed stylesheet)
  const transitionOf = (frame: Frame) =>
    frame.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('input { transition: color 1s }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      return getComputedStyle(document.querySelector('input')!).transitionDuration;
    });
  const ringOf = async (frame: Frame) => {
    await frame.locator('input').focus();
    return frame.evaluate(() => {
      const s = getComputedStyle(document.querySelector('input')!);
      return `${s.outlineStyle} ${s.outlineWidth}`;
    });
  };
  await openHosted(page, '?lang=en');
  expect(await ringOf(await frameOf(page, 'card-number'))).toMatch(/^none /); // the merchant's own focus style governs
  expect(await transitionOf(await frameOf(page, 'expiry'))).toBe('1s');
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await openHosted(page, '?lang=en');
  expect(await ringOf(await frameOf(page, 'card-number'))).toBe('solid 2px');
  expect(await transitionOf(await frameOf(page, 'expiry'))).toBe('0s');
});

test('reflow at 320 CSS px and text at 200%: every input of the card element and the split fields stays whole in its frame, the error too; no page scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/', '/split']) {
    await page.goto(`${merchant.url}${path}?lang=en`);
    const ids = path === '/' ? ['card'] : ['card-number', 'holder-name', 'expiry', 'cvv2'];
    for (const id of ids) await expect(hosted(page, id).locator('input').first()).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), path).toBe(true);
    for (const id of ids) await expect.poll(async () => inputsInside(await frameOf(page, id)), `${path} #${id}`).not.toContain(false);
  }
  // the card element wraps: its four inputs take at least two rows at 320 px
  await page.goto(`${merchant.url}/?lang=en`);
  await expect(hosted(page, 'card').locator('input').first()).toBeEnabled();
  const tops = await (
    await frameOf(page, 'card')
  ).evaluate(() => [...document.querySelectorAll('input')].map((i) => i.getBoundingClientRect().top));
  expect(new Set(tops).size).toBeGreaterThanOrEqual(2);

  // 200% text: the browser's zoom on the page and in each frame (as a shopper's zoom applies to every document)
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHosted(page, '?lang=en');
  await page.evaluate(() => (document.documentElement.style.zoom = '2'));
  for (const id of ['card-number', 'holder-name', 'expiry', 'cvv2'])
    await (await frameOf(page, id)).evaluate(() => (document.documentElement.style.zoom = '2'));
  await input(page, 'cvv2').pressSequentially('12');
  await input(page, 'cvv2').press('Tab');
  await expect(hosted(page, 'cvv2').locator('#e')).toHaveText(/3-digit/);
  for (const id of ['card-number', 'holder-name', 'expiry', 'cvv2'])
    await expect.poll(async () => inputsInside(await frameOf(page, id)), id).not.toContain(false);
  // the error line is whole inside its frame too (the frame grew to hold it)
  await expect
    .poll(async () =>
      (await frameOf(page, 'cvv2')).evaluate(() => document.getElementById('e')!.getBoundingClientRect().bottom <= innerHeight + 0.5),
    )
    .toBe(true);
});
