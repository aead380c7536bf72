/**
 * The card element (`/`: the whole card, number, expiry, CVV2 and holder name, in one iframe of the API origin) as
 * a shopper uses it, in every engine: typed, paid with card data only in the frame and the one POST /tokens;
 * refused locally with nothing sent; Tab through its four inputs and out to the page; Chromium's autofill of a
 * saved card fills all four at once.
 */
import { expect } from 'vitest';
import { field, installProbe, probe, waitFor, type Tab } from '../engine';
import type { Ctx, Scenario } from '../harness';
import { expectCleanPage, expectNoLeak, freshCvv2, FUTURE_YY, randomPan, resultHeading, tokensUrl, expectPaidByWebhook } from './helpers';

/** The card element's frame on the demo page (demo/web/card.html), and its inputs by field. */
const ELEMENT = '#card iframe';
const INPUT = { number: 'input.card_number', expiry: 'input.expiry', cvv2: 'input.cvv2', name: 'input.holder_name' } as const;

/** Opens the card element checkout and waits until its inputs are enabled (the frame is configured). */
async function openElement(ctx: Ctx, tab: Tab, query = ''): Promise<void> {
  await tab.goto(`${ctx.merchantUrl}/${query}`);
  await waitFor(
    tab.frame(ELEMENT),
    'the card element ready',
    (sel: string) => document.querySelector<HTMLInputElement>(sel)?.disabled === false,
    [INPUT.number],
  );
  await tab.frame(ELEMENT).evaluate(installProbe);
}

/** What any script on the merchant page sees: its document and every input's value. */
const merchantView = (tab: Tab) =>
  tab.evaluate(() => [document.documentElement.outerHTML, ...[...document.querySelectorAll('input')].map((i) => i.value)].join('\n'));

export const cardElement: Scenario[] = [
  {
    name: 'card element: a card typed into the one frame and paid is charged; card data only in the frame and the one POST /tokens; none on the merchant page',
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await openElement(ctx, tab);
      const frame = tab.frame(ELEMENT);
      await frame.type(INPUT.number, pan);
      const cvv2 = await freshCvv2(ctx);
      await frame.type(INPUT.expiry, `12${FUTURE_YY}`);
      await frame.type(INPUT.cvv2, cvv2);
      await frame.type(INPUT.name, 'Ana Perez');
      expect((await field(frame, INPUT.number)).value).toBe(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      await waitFor(tab, 'the card valid, as the page sees it', () => document.getElementById('card')!.hasAttribute('data-paytoken-valid'));
      expect(await tab.evaluate(() => document.getElementById('payment-form')!.getAttribute('data-paytoken-brand'))).toBe('visa');
      const view = await merchantView(tab);
      expect(view.includes(pan) || view.includes(pan.replace(/(\d{4})(?=\d)/g, '$1 '))).toBe(false);
      await tab.click('#pay');
      expect(await resultHeading(tab)).toBe('Pago completado');
      expect(ctx.merchant.charges.at(-1)!.status).toBe('completed');
      expectPaidByWebhook(ctx);
      expectNoLeak(ctx, pan, cvv2, (await probe(tab)).resources);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'card element: a locally invalid card is refused in the frame, with the focus there, and zero requests to /tokens',
    async run(ctx) {
      const tab = await ctx.tab();
      await openElement(ctx, tab);
      const frame = tab.frame(ELEMENT);
      await frame.type(INPUT.number, '4111111111111112');
      await frame.type(INPUT.expiry, `12${FUTURE_YY}`);
      await frame.type(INPUT.cvv2, '123');
      await frame.type(INPUT.name, 'Ana Perez');
      await tab.click('#pay');
      await waitFor(
        frame,
        'the PAN marked invalid',
        (sel: string) => document.querySelector(sel)?.getAttribute('aria-invalid') === 'true',
        [INPUT.number],
      );
      expect(await tab.evaluate(() => document.getElementById('card')!.hasAttribute('data-paytoken-invalid'))).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(ctx.requests().filter((r) => r.url === tokensUrl(ctx))).toEqual([]);
      expect(await tab.evaluate(() => location.pathname)).toBe('/');
    },
  },
  {
    name: 'card element: Tab moves through its four inputs in order, then out to the page; Enter in the frame pays',
    async run(ctx) {
      const tab = await ctx.tab();
      await openElement(ctx, tab, '?lang=en');
      const frame = tab.frame(ELEMENT);
      await frame.type(INPUT.number, '4111111111111111');
      const active = () => frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.className ?? '');
      for (const [key, text] of [
        ['expiry', `12${FUTURE_YY}`],
        ['cvv2', '123'],
        ['holder_name', 'Ana Perez'],
      ] as const) {
        await tab.press('Tab');
        expect(await active()).toContain(key);
        await frame.type(INPUT[key === 'holder_name' ? 'name' : key], text);
      }
      await tab.press('Tab');
      expect(await tab.evaluate(() => document.activeElement?.id)).toBe('pay');
      await tab.press('Shift+Tab');
      expect(await active()).toContain('holder_name');
      await tab.press('Enter');
      expect(await resultHeading(tab)).toBe('Payment complete');
    },
  },
  {
    name: "card element: the browser's autofill of a saved card fills number, expiry, CVV2 and name at once, and pays",
    engines: ['chromium'], // the one engine whose driver can start the browser's own autofill (Tab.autofill)
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await openElement(ctx, tab);
      await tab.frame(ELEMENT).type(INPUT.number, '');
      const cvv2 = await freshCvv2(ctx);
      await tab.autofill!(ELEMENT, INPUT.number, {
        number: pan,
        name: 'Ana Perez',
        expiryMonth: '12',
        expiryYear: `20${FUTURE_YY}`,
        cvc: cvv2,
      });
      await waitFor(tab, 'the card valid, as the page sees it', () => document.getElementById('card')!.hasAttribute('data-paytoken-valid'));
      const frame = tab.frame(ELEMENT);
      expect((await field(frame, INPUT.expiry)).value).toBe(`12/${FUTURE_YY}`);
      expect((await field(frame, INPUT.cvv2)).value).toBe(cvv2);
      expect((await field(frame, INPUT.name)).value).toBe('Ana Perez');
      await tab.click('#pay');
      expect(await resultHeading(tab)).toBe('Pago completado');
    },
  },
];
