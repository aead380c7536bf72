/**
 * The demo checkout and receipt at 320, 390 and 1280 px wide (es-MX, the longer labels): nothing wider than the
 * screen, the expiry and CVV2 fields aligned (side by side on one line, or stacked), labels on one line, a
 * 16-digit card number visible whole beside the brand icon, the receipt inset from the screen's edges with the
 * card and each id on one line (never broken inside) and nothing for developers in it (no raw keys, no
 * anti-fraud flags); the menu of the demo pages and the same brand logos on each page; the shop's not-found
 * page. Screenshots of each go to .reports/screens/ (`npm run screenshots` copies the README's one to docs/).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, fillCard, FUTURE_YY, LABELS } from './fixtures';

const DIR = '.reports/screens';

/** Page-level layout facts, measured in the browser. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (sel: string) => document.querySelector(sel)?.getBoundingClientRect();
    const lineHeight = (el: Element) => {
      const cs = getComputedStyle(el);
      return parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.25; // "normal" is about 1.2 font sizes
    };
    const lines = (el: Element) => Math.round(el.getBoundingClientRect().height / lineHeight(el));
    const pan = document.querySelector<HTMLInputElement>('#card-number');
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      expiry: box('#expiry'),
      cvv: box('#cvv2'),
      // the labels on screen (the hidden "pay with points" step's have no box)
      labelLines: [...document.querySelectorAll('label')]
        .filter((l) => l.getClientRects().length > 0)
        .map((l) => [l.textContent, lines(l)] as const),
      panScroll: pan ? pan.scrollWidth - pan.clientWidth : 0,
    };
  });

for (const width of [320, 390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('checkout: no overflow, the expiry row aligned, labels on one line, the card number whole', async ({ page, servers }) => {
      mkdirSync(DIR, { recursive: true });
      await page.goto(`${servers.merchant.url}/direct`);
      await fillCard(page, { number: '4111111111111111' });
      await page.getByLabel(LABELS.cvv).blur();
      const l = await layout(page);
      expect(l.overflow).toBeLessThanOrEqual(0);
      const sideBySide = Math.abs(l.expiry!.top - l.cvv!.top) < 1;
      const stacked = Math.abs(l.expiry!.left - l.cvv!.left) < 1 && l.cvv!.top > l.expiry!.bottom;
      expect(sideBySide || stacked, JSON.stringify([l.expiry, l.cvv])).toBe(true);
      for (const [text, lines] of l.labelLines) expect(lines, text!).toBe(1);
      expect(l.panScroll).toBeLessThanOrEqual(0); // "4111 1111 1111 1111" fits before the brand icon
      // the header: the shop's name and its links in two rows at most from 390 px up (three at 320 px)
      const rows = await page.evaluate(
        () =>
          new Set([...document.querySelectorAll('.topbar .logo, .topbar nav a')].map((el) => Math.round(el.getBoundingClientRect().top)))
            .size,
      );
      expect(rows).toBeLessThanOrEqual(width >= 390 ? 2 : 3);
      await page.screenshot({ path: `${DIR}/checkout-${width}.png`, fullPage: true });
    });

    test('decline on the form and receipt: readable, inset, no developer data', async ({ page, servers }) => {
      await page.goto(`${servers.merchant.url}/direct`);
      await fillCard(page, { number: '4000000000000002' });
      await page.getByRole('button', { name: LABELS.pay }).click();
      await expect(page.locator('#payment-error')).not.toBeEmpty();
      expect((await layout(page)).overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${DIR}/decline-${width}.png`, fullPage: true });

      // the card data went with the declined token: the shopper types it again (the name stays)
      await page.getByLabel(LABELS.number).pressSequentially('4111111111111111');
      await page.getByLabel(LABELS.expiry).pressSequentially(`12${FUTURE_YY}`);
      await page.getByLabel(LABELS.cvv).pressSequentially('123');
      await page.getByRole('button', { name: LABELS.pay }).click();
      await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
      expect((await layout(page)).overflow).toBeLessThanOrEqual(0);
      const receipt = (await page.locator('main.receipt').boundingBox())!;
      expect(receipt.x).toBeGreaterThanOrEqual(8);
      expect(receipt.x + receipt.width).toBeLessThanOrEqual(width - 8);
      const text = await page.locator('main.receipt').innerText();
      expect(text).not.toMatch(/fraud|_|X{4}|completed/i);
      const card = page.locator('[data-field="card"]');
      await expect(card).toHaveText('Visa •••• 1111');
      const cardBox = (await card.boundingBox())!;
      const lineHeight = await card.evaluate(
        (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.25,
      );
      expect(cardBox.height).toBeLessThan(lineHeight * 1.5); // on one line
      for (const field of ['id', 'order_id', 'authorization']) {
        const id = page.locator(`[data-field="${field}"]`);
        expect((await id.boundingBox())!.height, field).toBeLessThan(lineHeight * 1.5); // one line, not broken inside
      }
      await page.screenshot({ path: `${DIR}/receipt-${width}.png`, fullPage: true });
    });

    test('each checkout page: the menu of the demo pages (its own marked), the same brand logos, nothing wider than the screen', async ({
      page,
      servers,
    }) => {
      mkdirSync(DIR, { recursive: true });
      let logos: (string | null)[] | undefined;
      for (const [path, name] of [
        ['/', 'element'],
        ['/split', 'split'],
        ['/direct', 'direct'],
      ] as const) {
        await page.goto(`${servers.merchant.url}${path}`);
        const menu = page.getByRole('navigation', { name: 'Formas de pago de la demo' });
        await expect(menu.getByRole('link')).toHaveText([
          'Tarjeta alojada',
          'Campos separados',
          'Formulario en la página',
          'Efectivo en tienda',
          'Transferencia SPEI',
          'Suscripción',
          'SPA (React)',
        ]);
        await expect(menu.locator('[aria-current="page"]')).toHaveAttribute('href', `${path}?lang=es`);
        const here = await page.locator('.brands img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('data-brand')));
        expect(here, path).toEqual((logos ??= here));
        if (path !== '/direct') await expect(page.frameLocator('iframe').first().locator('input').first()).toBeEnabled();
        const l = await layout(page);
        expect(l.overflow, path).toBeLessThanOrEqual(0);
        for (const [text, lines] of l.labelLines) expect(lines, text!).toBe(1);
        await page.screenshot({ path: `${DIR}/page-${name}-${width}.png`, fullPage: true });
      }
      expect(logos).toEqual(['visa', 'mastercard', 'carnet', 'discover', 'jcb']);
    });

    test("the shop's not-found page (another shopper's receipt reads the same): what happened and the way back", async ({
      page,
      servers,
    }) => {
      const res = await page.goto(`${servers.merchant.url}/order/ordAAAAAAAAAAAA-1`);
      expect(res!.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'No encontramos esta página' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/?lang=es');
      expect((await layout(page)).overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${DIR}/not-found-${width}.png`, fullPage: true });
    });
  });
}
