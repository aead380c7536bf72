/**
 * The demo pays every card of the README's test-card table (demo/sandbox/test-cards.ts) with the documented
 * outcome, as one shopper in one browser would walk the table: with the demo's own anti-fraud settings
 * (demo/options.ts, device velocity off), approved cards reach the receipt, the others show the library's
 * message for their error code on the checkout form (and the API answered that code).
 */
import { test, expect, fillCard, LABELS, startServers } from './fixtures';
import { TEST_CARDS } from '../demo/sandbox/test-cards';
import { DEMO_FRAUD } from '../demo/options';
import { formMessage } from '../src/form/messages';

test('every test card of the table pays in the demo with its documented outcome (one browser, one visitor id)', async ({ browser }) => {
  test.setTimeout(30_000 + TEST_CARDS.length * 10_000);
  const servers = await startServers(DEMO_FRAUD);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (const card of TEST_CARDS) {
      await page.goto(`${servers.merchant.url}/direct`);
      await fillCard(page, { number: card.number });
      await page.getByRole('button', { name: LABELS.pay }).click();
      if (card.outcome === 'approved') {
        await expect(page.getByRole('heading', { name: 'Pago completado' }), card.number).toBeVisible();
        expect(servers.merchant.charges.at(-1)!.status, card.number).toBe('completed');
      } else {
        await expect(page.locator('#payment-error'), card.number).toHaveText(formMessage(card.error_code!, 'es-MX'));
        await expect(page.locator('#payment-error')).toBeFocused();
        expect(servers.merchant.charges.at(-1)!.error_code, card.number).toBe(card.error_code);
      }
    }
    expect(servers.merchant.charges).toHaveLength(TEST_CARDS.length);
  } finally {
    await context.close();
    await servers.close();
  }
});
