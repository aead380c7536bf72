/**
 * A card order completes from the signed event, in the browser: paid with the card element on `/`, the shopper
 * lands on the order's page, "Confirmando tu pago" while the merchant has not heard the charge succeeded, and the
 * page turns paid by itself when the webhook's delivery arrives. Here the shop's webhook is unregistered before the
 * payment, so the sandbox delivers nothing: the charge is completed at the API, yet the order stays pending (the
 * browser's word and the charge's answer are not enough); then the event the sandbox recorded is delivered as the
 * sandbox sends it (its body, its Standard Webhooks signature, the webhook's Basic credentials), and the open page
 * turns paid without a click. Screenshots of both states at 390 and 1280 px in .reports/screens/.
 */
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { deliveryBody, deliveryHeaders } from '../sandbox/src/events/message';
import { axeViolations, CREDENTIALS, startServers, test, type Servers } from './fixtures';

const DIR = '.reports/screens';
const YY = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

/** Pays the order of `/` with the card element (Visa 4111…), as a shopper would. */
async function payWithElement(page: Page, url: string) {
  await page.goto(`${url}/`);
  const input = (field: string) => page.frameLocator('#card iframe').locator(`input.${field}`);
  await expect(input('card_number')).toBeEnabled();
  await input('card_number').pressSequentially('4111111111111111');
  await input('expiry').pressSequentially(`12${YY}`);
  await input('cvv2').pressSequentially('123');
  await input('holder_name').pressSequentially('Ana Pérez');
  await page.locator('#pay').click();
  await page.waitForURL(/\/order\/ord\w+-\d+\?lang=es$/);
}

/** Unregisters the shop's webhook (nothing is delivered from now on); @returns its record, to deliver as the sandbox would. */
async function unregisterShopWebhook(servers: Servers) {
  const hook = servers.api.store.webhooks.active().find((w) => w.url === `${servers.merchant.url}/webhooks`)!;
  const res = await fetch(`${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/webhooks/${hook.id}`, {
    method: 'DELETE',
    headers: { Authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}` },
  });
  expect(res.status).toBe(204);
  return hook;
}

for (const width of [390, 1280]) {
  test(`at ${width} px: a card order is "confirming" until its signed event, then the open page turns paid by itself`, async ({ page }) => {
    mkdirSync(DIR, { recursive: true });
    const servers = await startServers();
    try {
      await page.setViewportSize({ width, height: 900 });
      const hook = await unregisterShopWebhook(servers);
      await payWithElement(page, servers.merchant.url);
      const status = page.locator('#result-message');
      await expect(page.getByRole('heading', { name: 'Confirmando tu pago' })).toBeVisible();
      await expect(status).toHaveAttribute('data-status', 'pending');
      const txId = (await page.locator('[data-field="id"]').textContent())!;
      expect(servers.api.store.transactions.get(txId)?.status).toBe('completed'); // the API took the money…
      await page.waitForTimeout(2500); // …and the page asked the shop several times: still no event, still pending
      await expect(status).toHaveAttribute('data-status', 'pending');
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${DIR}/card-order-pending-${width}.png`, fullPage: true });

      // the event the sandbox recorded, delivered as it sends it: the page turns paid with no click
      const event = servers.api.store.events.of(txId).find((e) => e.type === 'charge.succeeded')!;
      const body = deliveryBody(event);
      const headers = deliveryHeaders(hook, event.id, body, Date.now());
      const delivered = await fetch(`${servers.merchant.url}/webhooks`, { method: 'POST', headers, body });
      expect(delivered.status).toBe(200);
      await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
      await expect(status).toHaveText('¡Gracias! Tu pago quedó registrado.');
      await expect(page.locator('[data-field="id"]')).toHaveText(txId);
      await expect(page.locator('[data-field="card"]')).toHaveText('Visa •••• 1111');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${DIR}/card-order-paid-${width}.png`, fullPage: true });
    } finally {
      await servers.close();
    }
  });
}
