/** The demo checkout (script tag, on-page form layer, classic form post) as a shopper uses it. */
import { expect } from 'vitest';
import { field, probe, waitFor, waitForText } from '../engine';
import type { Scenario } from '../harness';
import {
  clickText,
  expectCleanPage,
  expectNoLeak,
  fillCard,
  freshCvv2,
  FUTURE_YY,
  randomPan,
  resultHeading,
  expectPaidByWebhook,
  SEL,
  tokensUrl,
} from './helpers';

/** Requests that reached the tokens endpoint (preflights included). */
const tokenRequests = (ctx: Parameters<Scenario['run']>[0]) => ctx.requests().filter((r) => r.url.startsWith(tokensUrl(ctx)));

export const checkout: Scenario[] = [
  {
    name: 'checkout: pay, then Back: the card inputs are empty and the brand reset; paying again is "already paid", one charge',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct?lang=en`);
      await fillCard(tab, { number: '4111111111111111' });
      await tab.click(SEL.pay);
      expect(await resultHeading(tab)).toBe('Payment complete');
      expectPaidByWebhook(ctx);
      const orderId = String(ctx.merchant.charges.at(-1)!.order_id);
      // Back, as the browser's button: from a script that has returned, so no driver call spans the navigation
      await tab.evaluate(() => void setTimeout(() => history.back(), 0));
      await waitFor(
        tab,
        'back on the checkout',
        () => location.pathname === '/direct' && document.readyState === 'complete' && !!document.querySelector('#card-number'),
      );
      await new Promise((r) => setTimeout(r, 500)); // the moment a browser restoring form values would take
      const after = await tab.evaluate(
        (sels: string[]) => ({
          values: sels.map((sel) => (document.querySelector(sel) as HTMLInputElement).value),
          brand: document.querySelector('#payment-form')!.getAttribute('data-paytoken-brand'),
        }),
        [SEL.number, SEL.expiry, SEL.cvv2],
      );
      expect(after).toEqual({ values: ['', '', ''], brand: null });
      // paying again: the same order, which the API refuses (1006), and the page says so with the receipt link
      if (!(await field(tab, SEL.name)).value) await tab.type(SEL.name, 'Ana Perez'); // a reloaded page (no back-forward cache) has no name either
      await tab.type(SEL.number, '4111111111111111');
      await tab.type(SEL.expiry, `12${FUTURE_YY}`);
      await tab.type(SEL.cvv2, '123');
      await tab.click(SEL.pay);
      const link = await waitFor(tab, 'the "already paid" notice shown', () => {
        const notice = document.querySelector('#already-paid') as HTMLElement;
        return !notice.hidden && document.querySelector('#payment-form')!.hasAttribute('hidden')
          ? document.querySelector('#already-paid-link')!.getAttribute('href')
          : null;
      });
      expect(link).toMatch(/^\/order\/ord\w+-\d+\?lang=en$/);
      expect(await tab.evaluate(() => document.querySelector('#already-paid-title')!.textContent)).toBe('This order is already paid');
      const completed = ctx.merchant.charges.filter((t) => t.order_id === orderId && t.status === 'completed');
      expect(completed).toHaveLength(1);
      expect(ctx.merchant.charges.at(-1)).toMatchObject({ error_code: 1006 });
    },
  },
  {
    name: 'checkout: a card typed and paid is charged; card data only in the POST /tokens body; zero CSP violations',
    async run(ctx) {
      const pan = randomPan();
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      const cvv2 = await freshCvv2(ctx);
      await fillCard(tab, { number: pan, cvv2 });
      expect((await field(tab, SEL.number)).value).toBe(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      // the page's own record of its device-data POST: a complete request (the library reads the answer to its end)
      await waitFor(tab, 'the device-data POST among the page resources', () =>
        performance.getEntriesByType('resource').some((e) => e.name.endsWith('/device-data')),
      );
      const before = await probe(tab);
      expect(before.resources.filter((u) => u.endsWith('/device-data'))).toHaveLength(1); // once per page load
      await tab.click(SEL.pay);
      expect(await resultHeading(tab)).toBe('Pago completado');
      expect(ctx.merchant.charges.at(-1)!.status).toBe('completed');
      expect(await waitForText(tab, '[data-field="card"]', new RegExp(`^Visa •+ ${pan.slice(-4)}$`))).toBeTruthy();
      const after = await probe(tab);
      expect(ctx.merchant.received.at(-1)).toStrictEqual({
        token_id: expect.stringMatching(/^\w+$/),
        device_session_id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      });
      expectNoLeak(ctx, pan, cvv2, [...before.resources, ...after.resources]);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'checkout: a declined test card is shown on the form in words, in the page language, with focus on it',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct?lang=en`);
      await fillCard(tab, { number: '4000000000000002' });
      await tab.click(SEL.pay);
      expect(await waitForText(tab, '#payment-error', 'Card declined. Use another card or call your bank.')).toBeTruthy();
      await waitFor(tab, 'focus on the decline', () => document.activeElement?.id === 'payment-error');
      expect(ctx.merchant.charges.at(-1)!.error_code).toBe(3001);
      expect(await tab.evaluate(() => location.pathname)).toBe('/direct'); // still on the checkout
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'checkout: a locally invalid card is refused on the field, with focus, and zero requests to /tokens',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      await fillCard(tab, { number: '4111111111111112' });
      await tab.click(SEL.pay);
      await waitFor(tab, 'the PAN marked invalid', (sel: string) => document.querySelector(sel)?.getAttribute('aria-invalid') === 'true', [
        SEL.number,
      ]);
      const pan = await field(tab, SEL.number);
      expect(pan).toMatchObject({ focused: true, invalid: 'true', description: 'Número de tarjeta no válido.' });
      await new Promise((r) => setTimeout(r, 300)); // a request sent late would still be seen
      expect(tokenRequests(ctx)).toEqual([]);
      expect((await probe(tab)).resources.filter((u) => u.includes('/tokens'))).toEqual([]);
      expect(await tab.evaluate(() => location.pathname)).toBe('/direct'); // still on the checkout
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'checkout: keyboard only: Tab through the form, type, Enter pays',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct?lang=en`);
      const active = () => tab.evaluate(() => document.activeElement?.id ?? '');
      for (let i = 0; i < 12 && (await active()) !== 'holder-name'; i++) await tab.press('Tab');
      expect(await active()).toBe('holder-name');
      await tab.type(SEL.name, 'Ana Perez');
      const steps: [string, string][] = [
        ['card-number', '4111111111111111'],
        ['expiry', `12${FUTURE_YY}`],
        ['cvv2', '123'],
      ];
      for (const [id, text] of steps) {
        await tab.press('Tab');
        expect(await active()).toBe(id);
        await tab.type(`#${id}`, text);
      }
      await tab.press('Tab');
      expect(await active()).toBe('pay');
      await tab.press('Enter');
      expect(await resultHeading(tab)).toBe('Payment complete');
      expect(ctx.merchant.charges.at(-1)!.status).toBe('completed');
    },
  },
  {
    name: 'checkout: a number pasted (real copy and paste keys) is grouped and its brand shown',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      // the shopper copies "5555-5555-5555-4444" from elsewhere: a scratch input outside the form
      await tab.evaluate(() => {
        const scratch = document.createElement('input');
        scratch.id = 'scratch';
        document.body.append(scratch);
      });
      await tab.type('#scratch', '5555-5555-5555-4444');
      await tab.press('Control+a');
      await tab.press('Control+c');
      await tab.evaluate(() => document.getElementById('scratch')!.remove());
      await tab.type(SEL.number, '');
      await tab.press('Control+v');
      await waitFor(
        tab,
        'the pasted PAN',
        (sel: string) => document.querySelector<HTMLInputElement>(sel)!.value === '5555 5555 5555 4444',
        [SEL.number],
      );
      expect(await field(tab, SEL.number)).toMatchObject({ value: '5555 5555 5555 4444', caret: 19 });
      expect(await tab.evaluate((sel: string) => document.querySelector(sel)!.getAttribute('data-paytoken-brand'), SEL.form)).toBe(
        'mastercard',
      );
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'checkout: switching the locale (the English link) switches the field messages',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      expect(await tab.evaluate(() => document.documentElement.lang)).toBe('es-MX');
      await tab.type(SEL.number, '4111111111111112');
      await tab.click(SEL.name);
      expect((await field(tab, SEL.number)).description).toBe('Número de tarjeta no válido.');
      await clickText(tab, 'nav a', 'English');
      await waitFor(tab, 'the English page', () => document.documentElement.lang === 'en' && document.readyState === 'complete');
      await tab.evaluate(() => new Promise((r) => setTimeout(r, 0)));
      await tab.type(SEL.number, '4111111111111112');
      await tab.click(SEL.name);
      expect((await field(tab, SEL.number)).description).toBe('Invalid card number.');
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'checkout: formatting keeps the caret where the shopper left it (arrows, Backspace over a space, typing mid-number)',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      await tab.type(SEL.number, '41111111');
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 1111', caret: 9 });
      for (let i = 0; i < 4; i++) await tab.press('ArrowLeft');
      expect((await field(tab, SEL.number)).caret).toBe(5);
      await tab.press('Backspace'); // the space is stepped over: the digit before it goes
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 111', caret: 3 });
      await tab.type(SEL.number, '9');
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4119 1111', caret: 4 });
      await tab.press('End');
      await tab.type(SEL.number, '11111111');
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4119 1111 1111 1111', caret: 19 });
      await tab.type(SEL.expiry, '4');
      expect(await field(tab, SEL.expiry)).toMatchObject({ value: '04/', caret: 3 });
      await tab.press('Backspace');
      expect((await field(tab, SEL.expiry)).value).toBe('04');
      await tab.type(SEL.expiry, '29');
      expect(await field(tab, SEL.expiry)).toMatchObject({ value: '04/29', caret: 5 });
      await tab.type(SEL.cvv2, '12a3');
      expect(await field(tab, SEL.cvv2)).toMatchObject({ value: '123', caret: 3 });
    },
  },
  {
    name: 'checkout: editing in the middle: Delete before a space, a selection typed over, a cut, the caret kept each time',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      await tab.type(SEL.number, '4111111111111111');
      await tab.press('Home');
      for (let i = 0; i < 4; i++) await tab.press('ArrowRight');
      expect((await field(tab, SEL.number)).caret).toBe(4);
      await tab.press('Delete'); // only the space would go: the digit after it goes too, the caret stays
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 1111 1111 111', caret: 4 });
      await tab.press('ArrowRight'); // past the space: caret 5, before the second group
      for (let i = 0; i < 4; i++) await tab.press('Shift+ArrowRight'); // the shopper selects "1111"
      expect(
        await tab.evaluate((sel: string) => {
          const el = document.querySelector<HTMLInputElement>(sel)!;
          return [el.selectionStart, el.selectionEnd];
        }, SEL.number),
      ).toEqual([5, 9]);
      await tab.type(SEL.number, '2');
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 2111 1111', caret: 6 });
      await tab.type(SEL.number, '222');
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 2222 1111 111', caret: 9 });
      for (let i = 0; i < 4; i++) await tab.press('Shift+ArrowLeft'); // "2222" again, cut this time
      await tab.press('Control+x');
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 1111 111', caret: 4 }); // after the same digit
      await tab.press('Control+v'); // and pasted back where it was
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 2222 1111 111', caret: 9 });
      await tab.type(SEL.number, 'a'); // a letter mid-number: dropped, the caret does not move
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 2222 1111 111', caret: 9 });
      await tab.press('End');
      await tab.press('Control+Backspace'); // the last word ("111") goes
      expect(await field(tab, SEL.number)).toMatchObject({ value: '4111 2222 1111', caret: 14 });
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'checkout on a phone: touch-shaped viewport, one column, the card typed and paid',
    engines: ['chromium', 'webkit'],
    async run(ctx) {
      const tab = await ctx.tab('phone');
      await tab.goto(`${ctx.merchantUrl}/direct`);
      const view = await tab.evaluate(() => ({
        width: innerWidth,
        scrollWidth: document.documentElement.scrollWidth,
        columns: getComputedStyle(document.querySelector('.page')!).gridTemplateColumns.split(' ').length,
        touch: navigator.maxTouchPoints,
        dpr: devicePixelRatio,
      }));
      expect(view.width).toBeLessThanOrEqual(480); // a phone's width (WebKit: MiniBrowser's narrowest window)
      expect(view.scrollWidth).toBeLessThanOrEqual(view.width); // nothing wider than the screen
      expect(view.columns).toBe(1);
      if (ctx.engine.name === 'chromium') {
        expect(view).toMatchObject({ width: 390, dpr: 3 });
        expect(view.touch).toBeGreaterThan(0);
      }
      expect(await tab.evaluate(() => [...document.querySelectorAll('input[inputmode="numeric"]')].length)).toBe(3);
      await fillCard(tab, { number: '4111111111111111' });
      await tab.screenshot(`${ctx.artifacts}/${ctx.engine.name}-phone.png`);
      await tab.click(SEL.pay);
      expect(await resultHeading(tab)).toBe('Pago completado');
      await expectCleanPage(ctx, tab);
    },
  },
];
