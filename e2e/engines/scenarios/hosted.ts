/**
 * The split hosted-fields checkout (`/split`: the card number, holder name, expiry and CVV2 are each an iframe of
 * the API origin) as a shopper
 * uses it, in every engine. The scenarios reach inside the frames only as a shopper's browser does: keys go to the
 * focused frame, and what is read there is the input's value, caret, focus, `aria-invalid` and described-by text
 * (`Tab.frame`). The merchant page is read as any script on it could read it.
 */
import { expect } from 'vitest';
import { hasCardData } from '../../instrument';
import { field, installProbe, isActive, probe, waitFor, waitForText, type Tab } from '../engine';
import type { Ctx, Scenario } from '../harness';
import {
  clickText,
  expectCleanPage,
  expectNoLeak,
  expectPaidByWebhook,
  freshCvv2,
  FUTURE_YY,
  randomPan,
  resultHeading,
  tokensUrl,
} from './helpers';

/** The split checkout's frames, by their containers on the demo page (demo/web/split.html): the holder name hosted too. */
export const FRAME = {
  number: '#card-number iframe',
  holder: '#holder-name iframe',
  expiry: '#expiry iframe',
  cvv2: '#cvv2 iframe',
} as const;
/** The one input inside a hosted field's frame. */
const INPUT = 'input';

/**
 * Opens the hosted checkout and waits until every frame's input is enabled (the frame is configured); installs the
 * probe in each frame (`probe` reads it later; what happened before it, the engine's buffered reports give).
 */
export async function openHosted(ctx: Ctx, tab: Tab, query = '', probeFrames = true): Promise<void> {
  await tab.goto(`${ctx.merchantUrl}/split${query}`);
  for (const f of Object.values(FRAME)) {
    await waitFor(
      tab.frame(f),
      `the frame ${f} ready`,
      (sel: string) => document.querySelector<HTMLInputElement>(sel)?.disabled === false,
      [INPUT],
    );
    if (probeFrames) await tab.frame(f).evaluate(installProbe);
  }
}

/** Types a card into the split checkout, every field in its frame (expiry as MMYY). */
async function fillHosted(tab: Tab, card: { number: string; expiry?: string; cvv2?: string }): Promise<void> {
  await tab.frame(FRAME.holder).type(INPUT, 'Ana Perez');
  await tab.frame(FRAME.number).type(INPUT, card.number);
  await tab.frame(FRAME.expiry).type(INPUT, card.expiry ?? `12${FUTURE_YY}`);
  await tab.frame(FRAME.cvv2).type(INPUT, card.cvv2 ?? '123');
}

/** What any script on the merchant page sees: its document's text, attributes and every input's value. */
const merchantView = (tab: Tab) =>
  tab.evaluate(() => [document.documentElement.outerHTML, ...[...document.querySelectorAll('input')].map((i) => i.value)].join('\n'));

/** Records, on the merchant page, the keys and input events its document sees (a skimmer's first tool). */
const listenOnPage = (tab: Tab) =>
  tab.evaluate(() => {
    const seen: string[] = ((window as any).__seen = []);
    for (const t of ['keydown', 'keyup', 'keypress', 'input', 'beforeinput', 'paste']) {
      document.addEventListener(t, (e) => seen.push(`${t} ${(e as KeyboardEvent).key ?? (e as InputEvent).data ?? ''}`), true);
    }
  });

/**
 * Whether the input of the frame `f` has the shopper's focus: the page's active element is that iframe, and the
 * frame's is its input. (Not `document.hasFocus()`: headless Firefox answers false in a frame that has the keys.)
 */
const frameFocused = async (tab: Tab, f: string) => (await tab.evaluate(isActive, f)) && (await tab.frame(f).evaluate(isActive, INPUT));

/** Which hosted field's iframe is the merchant document's active element ('' when none). */
const activeFrame = (tab: Tab) =>
  tab.evaluate(() =>
    document.activeElement?.tagName === 'IFRAME' ? document.activeElement.parentElement!.id : (document.activeElement?.id ?? ''),
  );

/** Requests that reached the tokens collection (`POST /tokens`, preflights included; not the backend's reads of one token). */
const tokenRequests = (ctx: Ctx) => ctx.requests().filter((r) => r.url === tokensUrl(ctx));

export const hosted: Scenario[] = [
  {
    name: 'hosted fields: a card typed into the frames and paid is charged; card data only in the frames and the one POST /tokens; none on the merchant page; zero CSP violations, frames included',
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await openHosted(ctx, tab);
      const blank = await merchantView(tab);
      await listenOnPage(tab);
      await tab.frame(FRAME.holder).type(INPUT, 'Ana Perez');
      await tab.frame(FRAME.number).type(INPUT, pan);
      const cvv2 = await freshCvv2(ctx); // after the first focus of the card number: the frame's device data is under way
      await tab.frame(FRAME.expiry).type(INPUT, `12${FUTURE_YY}`);
      await tab.frame(FRAME.cvv2).type(INPUT, cvv2);
      expect((await field(tab.frame(FRAME.number), INPUT)).value).toBe(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect((await field(tab.frame(FRAME.cvv2), INPUT)).value).toBe(cvv2);
      await waitFor(tab, 'the fields valid, as the page sees them', () =>
        ['card-number', 'expiry', 'cvv2'].every((id) => document.getElementById(id)!.hasAttribute('data-paytoken-valid')),
      );
      expect(await tab.evaluate(() => document.getElementById('payment-form')!.getAttribute('data-paytoken-brand'))).toBe('visa');

      // the merchant page: no PAN, no CVV2, not one new group of the PAN's digits, no digit key seen
      const view = await merchantView(tab);
      expect(hasCardData(view, pan, cvv2)).toBe(false);
      for (const group of pan.match(/\d{4}/g)!) expect(view.split(group).length, group).toBe(blank.split(group).length);
      const seen: string[] = await tab.evaluate(() => (window as any).__seen);
      // the listener works: it sees a key event of the page's own (nothing is typed on the page: every field is hosted)
      await tab.evaluate(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true })));
      expect((await tab.evaluate(() => (window as any).__seen as string[])).filter((s) => s.startsWith('keydown')).length).toBeGreaterThan(
        0,
      );
      expect(seen.filter((s) => /\d/.test(s))).toEqual([]);
      // every document clean: the merchant page, and each frame (its own strict CSP)
      await expectCleanPage(ctx, tab);
      const urls = (await probe(tab)).resources;
      for (const f of Object.values(FRAME)) {
        const p = await probe(tab.frame(f));
        expect(p.csp, f).toEqual([]);
        expect(p.errors, f).toEqual([]);
        urls.push(...p.resources);
      }

      await tab.click('#pay');
      expect(await resultHeading(tab)).toBe('Pago completado');
      expect(ctx.merchant.charges.at(-1)!.status).toBe('completed');
      expectPaidByWebhook(ctx);
      expect(await waitForText(tab, '[data-field="card"]', new RegExp(`^Visa •+ ${pan.slice(-4)}$`))).toBeTruthy();
      expect(ctx.merchant.received.at(-1)).toStrictEqual({
        token_id: expect.stringMatching(/^\w+$/),
        device_session_id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      });
      // the frame posts to its own origin: no preflight
      expect(tokenRequests(ctx).map((r) => r.method)).toEqual(['POST']);
      expectNoLeak(ctx, pan, cvv2, [...urls, ...(await probe(tab)).resources]);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'hosted fields: a declined test card is shown on the page in words, in the page language, with focus on it',
    async run(ctx) {
      const tab = await ctx.tab();
      await openHosted(ctx, tab, '?lang=en');
      await fillHosted(tab, { number: '4000000000000002' });
      await tab.click('#pay');
      expect(await waitForText(tab, '#payment-error', 'Card declined. Use another card or call your bank.')).toBeTruthy();
      await waitFor(tab, 'focus on the decline', () => document.activeElement?.id === 'payment-error');
      expect(ctx.merchant.charges.at(-1)!.error_code).toBe(3001);
      expect(await tab.evaluate(() => location.pathname)).toBe('/split'); // still on the checkout, the card kept
      expect((await field(tab.frame(FRAME.number), INPUT)).value).toBe('4000 0000 0000 0002');
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'hosted fields: a locally invalid card is refused in its frame, with focus there, and zero requests to /tokens',
    async run(ctx) {
      const tab = await ctx.tab();
      await openHosted(ctx, tab);
      await fillHosted(tab, { number: '4111111111111112' });
      await tab.click('#pay');
      const number = tab.frame(FRAME.number);
      await waitFor(
        number,
        'the PAN marked invalid',
        (sel: string) => document.querySelector(sel)?.getAttribute('aria-invalid') === 'true',
        [INPUT],
      );
      expect(await field(number, INPUT)).toMatchObject({ invalid: 'true', description: 'Número de tarjeta no válido.' });
      expect(await frameFocused(tab, FRAME.number)).toBe(true);
      expect(await tab.evaluate(() => document.getElementById('card-number')!.hasAttribute('data-paytoken-invalid'))).toBe(true);
      await new Promise((r) => setTimeout(r, 300)); // a request sent late would still be seen
      expect(tokenRequests(ctx)).toEqual([]);
      expect((await probe(number)).resources.filter((u) => u.includes('/tokens'))).toEqual([]);
      expect(await tab.evaluate(() => location.pathname)).toBe('/split');
      // the shopper corrects it where the focus was put: the keys go to the card number
      await tab.press('Backspace');
      await number.type(INPUT, '1');
      expect(await field(number, INPUT)).toMatchObject({ value: '4111 1111 1111 1111', invalid: null });
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'hosted fields: a label click focuses its frame; keyboard only: Tab from the page into each frame and on in page order, Shift+Tab back, Enter in a frame pays',
    async run(ctx) {
      const tab = await ctx.tab();
      await openHosted(ctx, tab, '?lang=en');
      await clickText(tab, 'label', 'Security code'); // <label for="cvv2">: the container of the CVV2 frame
      await waitFor(tab, 'the CVV2 frame focused', () => document.activeElement?.parentElement?.id === 'cvv2');
      expect(await frameFocused(tab, FRAME.cvv2)).toBe(true);
      const active = () => tab.evaluate(() => document.activeElement?.id ?? '');
      for (let i = 0; i < 12 && (await activeFrame(tab)) !== 'holder-name'; i++) await tab.press('Tab');
      expect(await activeFrame(tab)).toBe('holder-name');
      expect(await frameFocused(tab, FRAME.holder)).toBe(true);
      await tab.frame(FRAME.holder).type(INPUT, 'Ana Perez');
      const steps: [keyof typeof FRAME, string, string][] = [
        ['number', 'card-number', '4111111111111111'],
        ['expiry', 'expiry', `12${FUTURE_YY}`],
        ['cvv2', 'cvv2', '123'],
      ];
      for (const [f, id, text] of steps) {
        await tab.press('Tab');
        expect(await activeFrame(tab), id).toBe(id);
        expect(await frameFocused(tab, FRAME[f]), id).toBe(true);
        await tab.frame(FRAME[f]).type(INPUT, text); // the input has focus: the keys go where Tab left them
      }
      expect((await field(tab.frame(FRAME.expiry), INPUT)).value).toBe(`12/${FUTURE_YY}`);
      await tab.press('Tab');
      expect(await active()).toBe('pay');
      await tab.press('Shift+Tab');
      expect(await activeFrame(tab)).toBe('cvv2');
      expect(await frameFocused(tab, FRAME.cvv2)).toBe(true);
      await tab.press('Shift+Tab');
      expect(await activeFrame(tab)).toBe('expiry');
      expect(await frameFocused(tab, FRAME.expiry)).toBe(true);
      await tab.press('Enter'); // Enter in a frame submits the merchant's form
      expect(await resultHeading(tab)).toBe('Payment complete');
      expect(ctx.merchant.charges.at(-1)!.status).toBe('completed');
    },
  },
  {
    name: "hosted fields: the browser's autofill of a saved card, picked in the card-number frame, fills every field at once (the other frames, the holder name's included) and the card pays",
    engines: ['chromium'], // the one engine whose driver can start the browser's own autofill (Tab.autofill)
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await openHosted(ctx, tab);
      await tab.frame(FRAME.number).type(INPUT, ''); // the shopper focuses the card number: the dropdown opens there
      const cvv2 = await freshCvv2(ctx);
      await tab.autofill!(FRAME.number, INPUT, {
        number: pan,
        name: 'Ana Perez',
        expiryMonth: '12',
        expiryYear: `20${FUTURE_YY}`,
        cvc: cvv2,
      });
      await waitFor(tab, 'every field valid, as the page sees them', () =>
        ['card-number', 'expiry', 'cvv2'].every((id) => document.getElementById(id)!.hasAttribute('data-paytoken-valid')),
      );
      expect((await field(tab.frame(FRAME.number), INPUT)).value).toBe(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect((await field(tab.frame(FRAME.expiry), INPUT)).value).toBe(`12/${FUTURE_YY}`); // filled as MM/YYYY or MM/YY: shown MM/YY
      expect((await field(tab.frame(FRAME.cvv2), INPUT)).value).toBe(cvv2);
      expect((await field(tab.frame(FRAME.holder), INPUT)).value).toBe('Ana Perez');
      expect(hasCardData(await merchantView(tab), pan, cvv2)).toBe(false);
      await tab.click('#pay');
      expect(await resultHeading(tab)).toBe('Pago completado');
      expect(ctx.merchant.charges.at(-1)!.status).toBe('completed');
      expectNoLeak(ctx, pan, cvv2, (await probe(tab)).resources);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'hosted fields: formatting in the frames keeps the caret where the shopper left it (arrows, Backspace and Delete beside a space, a selection typed over)',
    async run(ctx) {
      const tab = await ctx.tab();
      await openHosted(ctx, tab);
      const number = tab.frame(FRAME.number);
      await number.type(INPUT, '41111111');
      expect(await field(number, INPUT)).toMatchObject({ value: '4111 1111', caret: 9 });
      for (let i = 0; i < 4; i++) await tab.press('ArrowLeft');
      expect((await field(number, INPUT)).caret).toBe(5);
      await tab.press('Backspace'); // the space is stepped over: the digit before it goes
      expect(await field(number, INPUT)).toMatchObject({ value: '4111 111', caret: 3 });
      await number.type(INPUT, '9');
      expect(await field(number, INPUT)).toMatchObject({ value: '4119 1111', caret: 4 });
      await tab.press('End');
      await number.type(INPUT, '11111111');
      expect(await field(number, INPUT)).toMatchObject({ value: '4119 1111 1111 1111', caret: 19 });
      await tab.press('Home');
      for (let i = 0; i < 4; i++) await tab.press('ArrowRight');
      await tab.press('Delete'); // only the space would go: the digit after it goes too, the caret stays
      expect(await field(number, INPUT)).toMatchObject({ value: '4119 1111 1111 111', caret: 4 });
      await tab.press('ArrowRight');
      for (let i = 0; i < 4; i++) await tab.press('Shift+ArrowRight'); // the shopper selects "1111"
      await number.type(INPUT, '2');
      expect(await field(number, INPUT)).toMatchObject({ value: '4119 2111 1111', caret: 6 });
      await number.type(INPUT, 'a'); // a letter mid-number: dropped, the caret does not move
      expect(await field(number, INPUT)).toMatchObject({ value: '4119 2111 1111', caret: 6 });
      const expiry = tab.frame(FRAME.expiry);
      await expiry.type(INPUT, '4');
      expect(await field(expiry, INPUT)).toMatchObject({ value: '04/', caret: 3 });
      await tab.press('Backspace');
      expect((await field(expiry, INPUT)).value).toBe('04');
      await expiry.type(INPUT, '29');
      expect(await field(expiry, INPUT)).toMatchObject({ value: '04/29', caret: 5 });
      await expectCleanPage(ctx, tab);
    },
  },
];
