/**
 * Cash at a store and SPEI transfers: the shop places the order and shows the slip or the CLABE; the test plays
 * the store's cashier and the shopper's bank through the sandbox's simulation API; the order's page turns paid
 * when the shop's webhook has received `charge.succeeded` (the page asks the shop every 2 seconds). Unpaid, the
 * order is cancelled at its due date: the test moves its own merchant's clock there.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Places a cash or SPEI order from its checkout page: the order's page, pending. */
async function placeOrder(page: Page, shopUrl: string, method: 'store' | 'spei'): Promise<void> {
  await page.goto(`${shopUrl}/${method}`);
  await page.click('#pay');
  await expect(page).toHaveURL(/\/order\//);
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'pending');
}

/** A field of the slip or of the transfer details, as the shopper reads it. */
const field = async (page: Page, name: string) => (await page.locator(`[data-field="${name}"]`).textContent())!.trim();

/** What the shopper pays: the slip's amount (`$349.00 MXN`, `349.00`) in pesos. */
const pesos = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('cash at a store: the cashier takes the slip, the order is paid', async ({ page, shopUrl, api }) => {
  await placeOrder(page, shopUrl, 'store');
  const reference = await field(page, 'reference');
  expect(reference).toMatch(/^SBX[A-Z0-9]{13}$/);
  await api.simulate('/store-payments', { reference, amount: pesos(await field(page, 'amount')) });
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'paid', { timeout: 10_000 });
  await expect(page.locator('#order-status')).toHaveText('¡Pago recibido! Tu pedido está pagado.');
});

test('cash at a store, never paid: the order is cancelled at its due date', async ({ page, shopUrl, api }) => {
  await placeOrder(page, shopUrl, 'store');
  const orderId = await page.locator('#order-status').getAttribute('data-order');
  // the slip is due in 7 days: 8 days on this merchant's clock (the advance delivers the webhooks it causes)
  await api.simulate('/clock/advance', { seconds: 8 * 86_400 });
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 10_000 });
  const [charge] = await api.get(`/charges?order_id=${orderId}`);
  expect(charge.status).toBe('cancelled');
});

test('SPEI: the transfer of the exact amount to the CLABE pays the order', async ({ page, shopUrl, api }) => {
  await placeOrder(page, shopUrl, 'spei');
  const clabe = await field(page, 'clabe');
  expect(clabe).toMatch(/^646\d{15}$/);
  await api.simulate('/spei-transfers', { clabe, amount: pesos(await field(page, 'amount')) });
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'paid', { timeout: 10_000 });
});

test('SPEI: a transfer of another amount is returned, the order waits for the right one', async ({ page, shopUrl, api }) => {
  await placeOrder(page, shopUrl, 'spei');
  const clabe = await field(page, 'clabe');
  const amount = pesos(await field(page, 'amount'));
  const short = await api.trySimulate('/spei-transfers', { clabe, amount: amount - 1 });
  expect(short).toMatchObject({ status: 422, body: { error_code: 1003 } }); // returned to the sender
  await page.reload();
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'pending');
  await api.simulate('/spei-transfers', { clabe, amount });
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'paid', { timeout: 10_000 });
});
