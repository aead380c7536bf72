/**
 * The React SPA example (/spa/): StrictMode, route changes, the card element through paytoken/react (card number,
 * expiry, CVV2 and holder name in one iframe from the API origin, mounted by `PayTokenProvider` once and removed with
 * the checkout; the app's own inputs are the billing address, no `cc-*` input). What every engine's driver can do
 * from the app's document: the frame and its origin, the address inputs and their errors; and, through `Tab.frame`,
 * typing into the element, reading its errors, and paying.
 */
import { expect } from 'vitest';
import { field, probe, waitFor, waitForText, type Tab } from '../engine';
import type { Scenario } from '../harness';
import { clickText, expectCleanPage, expectNoLeak, expectPaidByWebhook, freshCvv2, FUTURE_YY, randomPan } from './helpers';

/** The card element's frame (its container is #spa-card) and its inputs by field. */
const ELEMENT = '#spa-card iframe';
const INPUT = { number: 'input.card_number', expiry: 'input.expiry', cvv2: 'input.cvv2', name: 'input.holder_name' } as const;

/** Types a card as the shopper does: the element's inputs in its frame (expiry as MMYY), then the app's address; no name when `name` is ''. */
async function fillSpa(tab: Tab, pan: string, cvv2: string, name = 'Ana Perez'): Promise<void> {
  await waitFor(
    tab.frame(ELEMENT),
    'the card element ready',
    (sel: string) => document.querySelector<HTMLInputElement>(sel)?.disabled === false,
    [INPUT.name],
  );
  const frame = tab.frame(ELEMENT);
  await frame.type(INPUT.number, pan);
  await frame.type(INPUT.expiry, `12${FUTURE_YY}`);
  await frame.type(INPUT.cvv2, cvv2);
  if (name) await frame.type(INPUT.name, name);
  await tab.type('#spa-line1', 'Av. Reforma 222');
  await tab.type('#spa-city', 'Ciudad de Mexico');
  await tab.type('#spa-state', 'CDMX');
  await tab.type('#spa-postal', '06600');
}

/** The iframes on the page: their containers' ids, origins and channel ids, once there are `count`. */
const frames = (tab: Tab, count: number) =>
  waitFor(
    tab,
    `${count} card element frame(s)`,
    (n: number) => {
      const fs = [...document.querySelectorAll('iframe')];
      if (fs.length !== n) return null;
      return fs.map((f) => ({
        container: f.parentElement!.id,
        origin: new URL(f.src).origin,
        ch: new URLSearchParams(new URL(f.src).hash.slice(1)).get('ch'),
      }));
    },
    [count],
  ) as Promise<{ container: string; origin: string; ch: string | null }[]>;

/**
 * Clicks "Volver al carrito" until the route change has unmounted the card element (bounded): a click WebKit's
 * driver sends while the page is busy can be lost, as `submitEmpty`'s can.
 */
async function backToCart(tab: Tab): Promise<void> {
  for (let i = 0; i < 5; i++) {
    // a later click finds no button once the route has changed: the frame check below then says so
    await clickText(tab, 'button', 'Volver al carrito').catch((e: unknown) => {
      if (i === 0) throw e;
    });
    if (await waitFor(tab, 'no card element frame', () => document.querySelectorAll('iframe').length === 0, [], 3000).catch(() => false))
      return;
  }
  throw new Error('the card element frame stayed after five clicks on "Volver al carrito"');
}

/** Clicks "Pagar" until the element is ready and its validation has marked the holder name in the frame (bounded). */
async function submitEmpty(tab: Tab): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await clickText(tab, 'button', /^Pagar/);
    const marked = await waitFor(
      tab.frame(ELEMENT),
      'the holder-name error',
      (sel: string) => document.querySelector(sel)?.getAttribute('aria-invalid') === 'true',
      [INPUT.name],
      500,
    ).catch(() => false);
    if (marked) return;
  }
  throw new Error('the SPA never showed the holder-name error');
}

export const spa: Scenario[] = [
  {
    name: 'SPA: the card element pays; one frame from the API origin across route changes; no card input in the app; paying charges once, its device data sent first; card data only in the POST /tokens body',
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/spa/`);
      await clickText(tab, 'button', 'Ir a pagar');
      const first = await frames(tab, 1);
      expect(first.map((f) => f.container)).toEqual(['spa-card']);
      expect(first[0]!.origin).toBe(new URL(ctx.apiUrl).origin);
      await backToCart(tab);
      await clickText(tab, 'button', 'Ir a pagar');
      const again = await frames(tab, 1);
      expect(again[0]!.ch).toMatch(/^\w+$/);
      expect(again[0]!.ch).not.toBe(first[0]!.ch);
      // the app's document has no card input of its own, the holder name included (no cc-* autocomplete at all)
      expect(await tab.evaluate(() => document.querySelectorAll('input[autocomplete^="cc-"]').length)).toBe(0);
      const cvv2 = await freshCvv2(ctx);
      await fillSpa(tab, pan, cvv2);
      const frame = tab.frame(ELEMENT);
      expect((await field(frame, INPUT.number)).value).toBe(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect((await field(frame, INPUT.name)).value).toBe('Ana Perez');
      await waitFor(tab, 'the card valid, as the app sees it', () =>
        document.getElementById('spa-card')!.hasAttribute('data-paytoken-valid'),
      );
      await clickText(tab, 'button', /^Pagar/);
      expect(await waitForText(tab, '#receipt-title', 'Pago completado')).toBeTruthy(); // the order, paid by the webhook's event
      expectPaidByWebhook(ctx);
      // one device-data POST (from the card element's frame, API origin), and it reached the sandbox before the app's
      // charge reached the merchant (the frame hands the token over once its device data is sent)
      const path = (r: { url: string }) => new URL(r.url).pathname;
      const order = ctx.requests().filter((r) => r.method === 'POST' && (path(r).endsWith('/device-data') || path(r) === '/api/charge'));
      expect(order.map((r) => path(r).split('/').pop())).toEqual(['device-data', 'charge']);
      expectNoLeak(ctx, pan, cvv2, (await probe(tab)).resources);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: "SPA: the card element shows its errors in its frame (the holder name's too, focused when alone), the app its address errors; the language switch changes both in place, the same frame kept",
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/spa/`);
      await clickText(tab, 'button', 'Ir a pagar');
      const before = await frames(tab, 1);
      await submitEmpty(tab);
      const frame = tab.frame(ELEMENT);
      for (const sel of Object.values(INPUT)) expect((await field(frame, sel)).invalid).toBe('true');
      await waitFor(frame, 'the error line', () => document.getElementById('e')?.textContent === 'Escribe el número de tarjeta.');
      expect((await field(frame, INPUT.number)).description).toBe('Escribe el número de tarjeta.');
      expect((await field(tab, '#spa-city')).description).toBe('Escribe la ciudad.');
      // the element reported its errors to the page as state (its container's attribute)
      await waitFor(tab, 'the card element container marked invalid', () =>
        document.getElementById('spa-card')?.hasAttribute('data-paytoken-invalid'),
      );
      await clickText(tab, 'button', 'English');
      await waitFor(tab, 'English errors', () => document.documentElement.lang === 'en');
      await waitFor(frame, 'the error line in English', () => document.getElementById('e')?.textContent === 'Enter the card number.');
      expect((await field(tab, '#spa-city')).description).toBe('Enter the city.');
      // the card and the address right, the name missing: its error alone, in the frame, the focus on it
      await fillSpa(tab, '4111111111111111', '123', '');
      await clickText(tab, 'button', /^Pay/);
      await waitFor(
        frame,
        'the holder name focused with its error',
        (sel: string) =>
          document.activeElement === document.querySelector(sel) &&
          document.getElementById('e')?.textContent === 'Enter the name on the card.',
        [INPUT.name],
      );
      const name = await field(frame, INPUT.name);
      expect(name).toMatchObject({ invalid: 'true', description: 'Enter the name on the card.' });
      for (const sel of [INPUT.number, INPUT.expiry, INPUT.cvv2]) expect((await field(frame, sel)).invalid).toBeNull();
      expect((await field(tab, '#spa-city')).invalid).toBeNull();
      await clickText(tab, 'button', 'Español');
      await waitFor(
        frame,
        'the name error in Spanish',
        () => document.getElementById('e')?.textContent === 'Escribe el nombre del titular.',
      );
      expect((await field(frame, INPUT.name)).description).toBe('Escribe el nombre del titular.');
      expect(await frames(tab, 1)).toEqual(before);
      await expectCleanPage(ctx, tab);
    },
  },
];
