/**
 * The demo shop sells with every method (docs/sandbox.md, "The demo"), in Chromium: a cash order and a SPEI order,
 * each paid through the sandbox dashboard's button on the charge's detail ("Pagar en tienda", "Enviar la
 * transferencia SPEI"), turn paid on the order page by themselves (the merchant backend's webhook receiver moved
 * them; the page asks every few seconds); the store search by postal code; the copy buttons; a subscription bought
 * with the card element, billed after a clock advance, then cancelled. Screenshots of each new page at 390 and
 * 1280 px into .reports/screens/, and axe on each.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations, CREDENTIALS, expect, fillHosted, startServers, test, type Servers } from './fixtures';

const DIR = '.reports/screens';
const AUTH = `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}`;

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

/** A request to the sandbox API with the private key. */
async function api(apiUrl: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<any>;
}

/** The id of the charge of `orderId`, as the merchant's dashboard would find it. */
async function chargeOf(apiUrl: string, orderId: string): Promise<string> {
  const list = await api(apiUrl, 'GET', `/v1/${CREDENTIALS.merchantId}/charges?order_id=${encodeURIComponent(orderId)}`);
  return list[0].id;
}

/** Screenshots of the page at 390 and 1280 px wide (the whole page), named `shop-{name}-{width}.png`. */
async function screens(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${DIR}/shop-${name}-${width}.png`, fullPage: true });
  }
}

/** In a page of its own: signs in to the dashboard with the private key and presses `button` on the charge's detail. */
async function pressInDashboard(page: Page, apiUrl: string, chargeId: string, button: string): Promise<void> {
  const dashboard = await page.context().newPage();
  await dashboard.goto(`${apiUrl}/dashboard`);
  await dashboard.locator('#key').fill(CREDENTIALS.privateKey);
  await dashboard.keyboard.press('Enter');
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
  await dashboard.goto(`${apiUrl}/dashboard/transactions/${chargeId}`);
  await dashboard.getByRole('button', { name: button }).click();
  await expect(dashboard.getByRole('status')).toBeVisible();
  await dashboard.close();
}

/** Places a cash or SPEI order from its checkout page; @returns the order id (the page is the order's). */
async function placeOrder(page: Page, url: string, path: '/store' | '/spei'): Promise<string> {
  await page.goto(`${url}${path}`);
  await screens(page, path.slice(1));
  await page.locator('#pay').click();
  await expect(page).toHaveURL(/\/order\/ord/);
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'pending');
  return (await page.locator('#order-status').getAttribute('data-order'))!;
}

test('cash at a store: the slip, the stores near a postal code, paid from the dashboard, the page turns paid', async ({
  page,
  servers,
}) => {
  const orderId = await placeOrder(page, servers.merchant.url, '/store');
  await expect(page.locator('[data-field="reference"]')).toHaveText(/^SBX[A-Z0-9]{13}$/);
  await expect(page.locator('[data-field="amount"]')).toHaveText('$349.00 MXN');
  expect(await page.locator('img.barcode').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.getByLabel('Código postal').fill('06600');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.locator('#stores li')).toHaveCount(8);
  await expect(page.locator('#stores li').first()).toContainText(/ · \d+(\.\d)? km/);
  expect(await axeViolations(page)).toEqual([]);
  await screens(page, 'store-order');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.stores')).toBeHidden();
  await expect(page.locator('img.barcode')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await pressInDashboard(page, servers.apiUrl, await chargeOf(servers.apiUrl, orderId), 'Pagar en tienda');
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
  await expect(page.locator('#order-status')).toHaveText('¡Pago recibido! Tu pedido está pagado.');
  expect(servers.merchant.logged.some((l) => l.startsWith(`merchant order ${orderId} paid`))).toBe(true);
  await screens(page, 'store-paid');
});

test('SPEI: the CLABE and its copy button, paid from the dashboard, the page turns paid', async ({ page, servers }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const orderId = await placeOrder(page, servers.merchant.url, '/spei');
  const clabe = page.locator('[data-field="clabe"]');
  await expect(clabe).toHaveText(/^646\d{15}$/);
  await expect(page.locator('[data-field="bank"]')).toHaveText('STP');
  await expect(page.locator('[data-field="amount"]')).toHaveText('349.00');
  await page.getByRole('button', { name: 'Copiar' }).first().click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await clabe.textContent());
  expect(await axeViolations(page)).toEqual([]);
  await screens(page, 'spei-order');

  await pressInDashboard(page, servers.apiUrl, await chargeOf(servers.apiUrl, orderId), 'Enviar la transferencia SPEI');
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
});

test('a subscription with the card element: in its trial, billed after a clock advance, cancelled', async ({ page }) => {
  // servers of its own: the clock advance must not move the time of the worker's shared sandbox
  const servers = await startServers({ velocityMaxCards: 0, ipVelocityMaxCards: 0, cardVelocityMaxDevices: 0 });
  try {
    await subscribeAndBill(page, servers);
  } finally {
    await servers.close();
  }
});

/** The subscription's walk on `servers`: bought, in its trial, billed after a clock advance, cancelled. */
async function subscribeAndBill(page: Page, servers: Servers): Promise<void> {
  await page.goto(`${servers.merchant.url}/subscribe`);
  await expect(page.getByRole('radio', { name: /Café del mes/ })).toBeChecked();
  await fillHosted(page);
  await screens(page, 'subscribe');
  await page.locator('#pay').click();
  await expect(page).toHaveURL(/\/account/);
  await expect(page.locator('#subscription')).toHaveAttribute('data-status', 'trial');
  await expect(page.locator('[data-field="current_period_number"]')).toHaveText('0');
  expect(await axeViolations(page)).toEqual([]);
  await screens(page, 'account');

  await api(servers.apiUrl, 'POST', `/sandbox/v1/${CREDENTIALS.merchantId}/clock/advance`, { seconds: 9 * 86_400 });
  await page.reload();
  await expect(page.locator('#subscription')).toHaveAttribute('data-status', 'active');
  await expect(page.locator('[data-field="current_period_number"]')).toHaveText('1');

  await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(page.locator('#subscription')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.locator('[data-field="charge_date"]')).toHaveText('Ninguno');
}

test('the React SPA offers cash and SPEI beside the card: each opens its order page', async ({ page, servers }) => {
  for (const [button, field] of [
    ['Pagar en efectivo en tienda', 'reference'],
    ['Pagar por transferencia SPEI', 'clabe'],
  ] as const) {
    await page.goto(`${servers.merchant.url}/spa/`);
    await expect(page.getByRole('button', { name: 'Ir a pagar' })).toBeVisible();
    await page.getByRole('button', { name: button }).click();
    await expect(page).toHaveURL(/\/order\/ord/);
    await expect(page.locator(`[data-field="${field}"]`)).not.toBeEmpty();
    await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'pending');
  }
  await screens(page, 'spa-spei-order');
});
