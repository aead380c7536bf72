/**
 * The demo pays every card of the README's test-card table (sandbox/src/domain/card/test-cards.ts) with the documented
 * outcome, as one shopper in one browser would walk the table: with the demo's own anti-fraud settings
 * (demo/options.ts, device velocity off), approved cards reach the receipt, the others show the library's
 * message for their error code on the checkout form (and the API answered that code). A 3-D Secure card (3012
 * without it) goes through the sandbox's bank page (the one-time code from the sandbox log): the challenge and
 * frictionless cards complete, the failing one comes back failed. A points card is paid through the "pay with
 * points" step (its default: points, and the rest on the card).
 */
import { test, expect, fillCard, LABELS, startServers, CREDENTIALS } from './fixtures';
import { TEST_CARDS } from '../sandbox/src/domain/card/test-cards';
import { DEMO_FRAUD } from '../demo/options';
import { formMessage } from '../src/fields/messages';

test('every test card of the table pays in the demo with its documented outcome (one browser, one visitor id)', async ({ browser }) => {
  test.setTimeout(30_000 + TEST_CARDS.length * 10_000);
  const log: string[] = [];
  const servers = await startServers(DEMO_FRAUD, (line) => log.push(line));
  const context = await browser.newContext();
  /** The API's view of a charge (private key, server side): the receipt shows no status. */
  const readCharge = async (id: string) =>
    (
      await fetch(`${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/charges/${id}`, {
        headers: { Authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}` },
      })
    ).json();
  let expected = 0; // charges the merchant should have made
  try {
    const page = await context.newPage();
    for (const card of TEST_CARDS) {
      const codes = log.length;
      await page.goto(`${servers.merchant.url}/new-order`); // the receipt's "new payment": one order per card
      await page.goto(`${servers.merchant.url}/direct`);
      await fillCard(page, { number: card.number });
      await page.getByRole('button', { name: LABELS.pay }).click();
      if (card.three_d_secure) {
        // 3012 without 3-D Secure, then the same token charged with it: pending on the bank page
        expected += 2;
        if (card.three_d_secure !== 'frictionless') {
          await expect(page.getByRole('heading', { name: 'Verificación de compra' }), card.number).toBeVisible();
          const line = log.slice(codes).find((l) => /^3ds tr\w+ one-time code \d{6}$/.test(l));
          expect(line, card.number).toBeDefined();
          await page.getByLabel('Código de un solo uso').fill(line!.slice(-6));
          await page.getByRole('button', { name: 'Confirmar compra' }).click();
        }
        // the outcome page first: a frictionless card has no bank page to wait for, so its two charges are read
        // once the shopper is back (read right after the click, they may not have been made yet)
        if (card.three_d_secure === 'fails') {
          await expect(page.getByRole('heading', { name: 'Pago rechazado' }), card.number).toBeVisible();
        } else {
          await expect(page.getByRole('heading', { name: 'Pago completado' }), card.number).toBeVisible();
          const id = (await page.locator('[data-field="id"]').textContent())!;
          expect(await readCharge(id), card.number).toMatchObject({ status: 'completed' });
        }
        expect(servers.merchant.charges.at(-2)!.error_code, card.number).toBe(card.error_code);
        expect(servers.merchant.charges.at(-1)!.status, card.number).toBe('charge_pending');
        continue;
      }
      expected += 1;
      if (card.points) {
        await expect(page.getByRole('heading', { name: 'Paga con puntos' }), card.number).toBeVisible();
        await page.getByRole('button', { name: LABELS.pay }).click();
      }
      if (card.outcome === 'approved') {
        await expect(page.getByRole('heading', { name: 'Pago completado' }), card.number).toBeVisible();
        expect(servers.merchant.charges.at(-1)!.status, card.number).toBe('completed');
        if (card.points) await expect(page.locator('[data-field="points_used"]'), card.number).toBeVisible();
      } else {
        await expect(page.locator('#payment-error'), card.number).toHaveText(formMessage(card.error_code!, 'es-MX'));
        await expect(page.locator('#payment-error')).toBeFocused();
        expect(servers.merchant.charges.at(-1)!.error_code, card.number).toBe(card.error_code);
      }
    }
    expect(servers.merchant.charges).toHaveLength(expected);
  } finally {
    await context.close();
    await servers.close();
  }
});
