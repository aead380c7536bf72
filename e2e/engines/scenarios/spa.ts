/**
 * The React SPA example (/spa/): StrictMode, route changes, hosted fields through paytoken/react (the card inputs
 * are iframes from the API origin, mounted by `PayTokenProvider` once and removed with the checkout). What every engine's driver can do from the app's
 * document: the frames and their origin, the app's own inputs and the errors the fields' validation gives them; and,
 * through `Tab.frame`, typing into the frames and paying.
 */
import { expect } from 'vitest';
import { field, probe, waitFor, waitForText, type Tab } from '../engine';
import type { Scenario } from '../harness';
import { clickText, expectCleanPage, expectNoLeak, freshCvv2, FUTURE_YY, randomPan } from './helpers';

/** Types a card as the shopper does: the app's own inputs, and the card fields in their frames (expiry as MMYY). */
async function fillSpa(tab: Tab, pan: string, cvv2: string): Promise<void> {
  for (const id of ['spa-number', 'spa-expiry', 'spa-cvv']) {
    await waitFor(tab.frame(`#${id} iframe`), `the frame in #${id} ready`, () => document.querySelector('input')?.disabled === false);
  }
  await tab.type('#spa-name', 'Ana Perez');
  await tab.frame('#spa-number iframe').type('input', pan);
  await tab.frame('#spa-expiry iframe').type('input', `12${FUTURE_YY}`);
  await tab.frame('#spa-cvv iframe').type('input', cvv2);
  await tab.type('#spa-line1', 'Av. Reforma 222');
  await tab.type('#spa-city', 'Ciudad de Mexico');
  await tab.type('#spa-state', 'CDMX');
  await tab.type('#spa-postal', '06600');
}


/** The iframes of the hosted fields: their containers' ids, origins and channel ids, once there are `count`. */
const frames = (tab: Tab, count: number) =>
  waitFor(
    tab,
    `${count} hosted-field frames`,
    (n: number) => {
      const fs = [...document.querySelectorAll('iframe')];
      if (fs.length !== n) return null;
      return fs.map((f) => ({ container: f.parentElement!.id, origin: new URL(f.src).origin, ch: new URLSearchParams(new URL(f.src).hash.slice(1)).get('ch') }));
    },
    [count],
  ) as Promise<{ container: string; origin: string; ch: string | null }[]>;

/** Clicks "Pagar" until the fields are ready and their validation has marked the holder name (bounded). */
async function submitEmpty(tab: Tab): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await clickText(tab, 'button', /^Pagar/);
    const marked = await waitFor(tab, 'the holder-name error', () => document.getElementById('spa-name')?.getAttribute('aria-invalid') === 'true', [], 500).catch(() => false);
    if (marked) return;
  }
  throw new Error('the SPA never showed the holder-name error');
}

export const spa: Scenario[] = [
  {
    name: 'SPA: hosted fields, one set of frames from the API origin across route changes; no card input in the app; paying charges once, its device data sent first; card data only in the POST /tokens body',
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/spa/`);
      await clickText(tab, 'button', 'Ir a pagar');
      const first = await frames(tab, 3);
      expect(first.map((f) => f.container)).toEqual(['spa-number', 'spa-expiry', 'spa-cvv']);
      expect(new Set(first.map((f) => f.origin))).toEqual(new Set([new URL(ctx.apiUrl).origin]));
      await clickText(tab, 'button', 'Volver al carrito');
      await frames(tab, 0);
      await clickText(tab, 'button', 'Ir a pagar');
      const again = await frames(tab, 3);
      expect(new Set(again.map((f) => f.ch)).size).toBe(1);
      expect(again[0]!.ch).not.toBe(first[0]!.ch);
      // the app's document has no card input of its own
      expect(await tab.evaluate(() => document.querySelectorAll('input[autocomplete^="cc-"]:not([autocomplete="cc-name"])').length)).toBe(0);
      const cvv2 = await freshCvv2(ctx);
      await fillSpa(tab, pan, cvv2);
      expect((await field(tab.frame('#spa-number iframe'), 'input')).value).toBe(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      await clickText(tab, 'button', /^Pagar/);
      expect(await waitForText(tab, '#receipt-title', 'Pago completado')).toBeTruthy();
      // one device-data POST (from the card-number frame, API origin), and it reached the sandbox before the app's
      // charge reached the merchant (the frame hands the token over once its device data is sent)
      const path = (r: { url: string }) => new URL(r.url).pathname;
      const order = ctx.requests().filter((r) => r.method === 'POST' && (path(r).endsWith('/device-data') || path(r) == '/api/charge'));
      expect(order.map((r) => path(r).split('/').pop())).toEqual(['device-data', 'charge']);
      expectNoLeak(ctx, pan, cvv2, (await probe(tab)).resources);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'SPA: the fields\' validation marks the app\'s own inputs; the language switch changes the errors in place, the same frames kept',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/spa/`);
      await clickText(tab, 'button', 'Ir a pagar');
      const before = await frames(tab, 3);
      await submitEmpty(tab);
      expect((await field(tab, '#spa-name')).description).toBe('Escribe el nombre del titular.');
      expect((await field(tab, '#spa-city')).description).toBe('Revisa la dirección.');
      // the card-number frame reported its own error to the page as state (its container's attribute)
      await waitFor(tab, 'the card-number container marked invalid', () => document.getElementById('spa-number')?.hasAttribute('data-paytoken-invalid'));
      await clickText(tab, 'button', 'English');
      await waitFor(tab, 'English errors', () => document.documentElement.lang === 'en');
      expect((await field(tab, '#spa-name')).description).toBe('Enter the name on the card.');
      expect((await field(tab, '#spa-city')).description).toBe('Check the address.');
      expect(await frames(tab, 3)).toEqual(before);
      await expectCleanPage(ctx, tab);
    },
  },
];
