/** The React SPA example (/spa/): StrictMode, route changes, its own JSON post to the merchant. */
import { expect } from 'vitest';
import { field, probe, waitFor, waitForText, type Tab } from '../engine';
import type { Scenario } from '../harness';
import { clickText, expectCleanPage, expectNoLeak, freshCvv2, FUTURE_YY, randomPan } from './helpers';

async function fillSpa(tab: Tab, pan: string, cvv2: string): Promise<void> {
  await tab.type('#spa-name', 'Ana Perez');
  await tab.type('#spa-number', pan);
  await tab.type('#spa-expiry', `12${FUTURE_YY}`);
  await tab.type('#spa-cvv', cvv2);
  await tab.type('#spa-line1', 'Av. Reforma 222');
  await tab.type('#spa-city', 'Ciudad de Mexico');
  await tab.type('#spa-state', 'CDMX');
  await tab.type('#spa-postal', '06600');
}

export const spa: Scenario[] = [
  {
    name: 'SPA: route changes keep one binding; paying charges once; card data only in the POST /tokens body',
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/spa/`);
      const cvv2 = await freshCvv2(ctx);
      await clickText(tab, 'button', 'Ir a pagar');
      await waitFor(tab, 'the checkout route', () => !!document.querySelector('#spa-number'));
      await clickText(tab, 'button', 'Volver al carrito');
      await clickText(tab, 'button', 'Ir a pagar');
      await waitFor(tab, 'the checkout route again', () => !!document.querySelector('#spa-number'));
      const hidden = () => tab.evaluate(() => [document.querySelectorAll('input[name="device_session_id"]').length, document.querySelectorAll('input[name="token_id"]').length]);
      expect(await hidden()).toEqual([1, 1]);
      await fillSpa(tab, pan, cvv2);
      expect((await field(tab, '#spa-number')).value).toBe(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      await clickText(tab, 'button', /^Pagar/);
      expect(await waitForText(tab, '#receipt-title', 'Pago completado')).toBeTruthy();
      const urls = (await probe(tab)).resources;
      expect(urls.filter((u) => u.endsWith('/tokens'))).toHaveLength(1);
      expect(urls.filter((u) => u.endsWith('/device-data'))).toHaveLength(1); // once, whatever the remounts
      // the device-data request had ended before the charge request to the merchant started (the form layer hands
      // the token over after the device data): [startTime, responseEnd] of each, from the page's Resource Timing
      const [device, charge] = await tab.evaluate(() =>
        ['/device-data', '/api/charge'].map((path) => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith(path)).map((e) => [e.startTime, (e as PerformanceResourceTiming).responseEnd])),
      );
      expect([device!.length, charge!.length]).toEqual([1, 1]);
      expect(device![0]![1]).toBeLessThanOrEqual(charge![0]![0]!);
      expect(ctx.requests().filter((r) => r.method === 'POST' && r.url.endsWith('/api/charge'))).toHaveLength(1);
      expectNoLeak(ctx, pan, cvv2, urls);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'SPA: the language switch changes the shown errors in place, and the English form pays',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/spa/`);
      await clickText(tab, 'button', 'Ir a pagar');
      await clickText(tab, 'button', /^Pagar/);
      await waitFor(tab, 'the name error', () => document.activeElement?.id === 'spa-name');
      expect((await field(tab, '#spa-name')).description).toBe('Escribe el nombre del titular.');
      await clickText(tab, 'button', 'English');
      await waitFor(tab, 'English errors', () => document.documentElement.lang === 'en');
      expect((await field(tab, '#spa-name')).description).toBe('Enter the name on the card.');
      await fillSpa(tab, '4111111111111111', '123');
      await clickText(tab, 'button', /^Pay/);
      expect(await waitForText(tab, '#receipt-title', 'Payment complete')).toBeTruthy();
      await expectCleanPage(ctx, tab);
    },
  },
];
