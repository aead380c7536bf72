/**
 * Shop pages that tell the truth, in Chromium (issue 43): a store or SPEI order that was paid or cancelled shows no
 * way to pay it (no slip, no print button, no store search, no transfer details), and one turning paid by the
 * webhook's event is announced by the status line, a live region present from load, with no reload; the sandbox's
 * slip keeps its barcode readable on a 390 px phone at DPR 2 (decoded with zxing-wasm from a screenshot) and its
 * reference on one line, and wears a paid badge in success colours; a plan without a trial shows no trial on the
 * account page; an English redirect payment page leads to an English bank page, which names the product as the
 * shop does; the dashboard's overview fits at 1280 px and its header and menu take at most a fifth of a 390x844
 * phone. Screenshots at 390 and 1280 px into .reports/screens/ (`pages-*.png`).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { PRODUCT } from '../demo/product';
import { axeViolations, CREDENTIALS, expect, fillHosted, startServers, test } from './fixtures';

const DIR = '.reports/screens';
const AUTH = `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}`;

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));
// each walks several pages with axe and screenshots at two widths, on two shared cores
test.describe.configure({ timeout: 120_000 });

// the reader's WebAssembly from the package itself (its default would fetch it from a CDN)
prepareZXingModule({ overrides: { wasmBinary: readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm').buffer } });

/** A request to the sandbox with the private key; @returns the parsed answer. */
async function api(apiUrl: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { Authorization: AUTH, 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<any>;
}

/** Screenshots of the page at 390 and 1280 px wide (the whole page), `pages-{name}-{width}.png`; nothing wider than the screen. */
async function screens(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width}`).toBe(true);
    await page.screenshot({ path: `${DIR}/pages-${name}-${width}.png`, fullPage: true });
  }
}

/** Places a cash or SPEI order in `lang` from its checkout page; @returns its id (the page is the order's). */
async function placeOrder(page: Page, url: string, path: '/store' | '/spei', lang = 'es'): Promise<string> {
  await page.goto(`${url}${path}?lang=${lang}`);
  await page.locator('#pay').click();
  await expect(page).toHaveURL(/\/order\/ord/);
  return (await page.locator('#order-status').getAttribute('data-order'))!;
}

/** What a paid or cancelled cash or SPEI order's page must not show: any way to pay it. */
async function expectNoWayToPay(page: Page): Promise<void> {
  await expect(page.locator('.slip, .stores, #print, #near-me, img.barcode, [data-field="clabe"], button.copy')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(
    /Muestra esta ficha|Show this slip|Imprimir|Print the slip|Tiendas cerca|Stores near|CLABE/,
  );
}

test('a store order paid by the webhook: announced by the status line present from load, in place; the ways to pay go', async ({
  page,
  servers,
}) => {
  const orderId = await placeOrder(page, servers.merchant.url, '/store');
  const status = page.locator('#order-status[role=status]');
  await expect(status).toHaveText('Esperando tu pago. Esta página se actualiza sola.');
  await expect(page.locator('#print')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const reference = (await page.locator('[data-field="reference"]').textContent())!;
  const paid = await api(servers.apiUrl, 'POST', `/sandbox/v1/${CREDENTIALS.merchantId}/store-payments`, { reference, amount: 349 });
  expect(paid.status).toBe('completed');
  await expect(page.locator('#order-status')).toHaveText('¡Pago recibido! Tu pedido está pagado.', { timeout: 15_000 });
  // the same document: the live region that was there from load spoke the change (a reload would announce nothing)
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expectNoWayToPay(page);
  await page.goto(`${servers.merchant.url}/order/${orderId}`);
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'paid');
  await expectNoWayToPay(page);
  expect(await axeViolations(page)).toEqual([]);
  await screens(page, 'store-paid');
});

test('store and SPEI orders cancelled (not paid in time): no pay instructions, print button, store search or CLABE', async ({ page }) => {
  // servers of their own: the clock advance must not move the time of the worker's shared sandbox
  const servers = await startServers({ velocityMaxCards: 0 });
  try {
    const store = await placeOrder(page, servers.merchant.url, '/store', 'en');
    const spei = await placeOrder(page, servers.merchant.url, '/spei', 'en');
    await api(servers.apiUrl, 'POST', `/sandbox/v1/${CREDENTIALS.merchantId}/clock/advance`, { seconds: 40 * 86_400 });
    for (const [id, name] of [
      [store, 'store-cancelled'],
      [spei, 'spei-cancelled'],
    ] as const) {
      await expect
        .poll(async () => (await page.request.get(`${servers.merchant.url}/api/order/${id}`)).json().then((a) => a.status), {
          timeout: 15_000,
        })
        .toBe('cancelled');
      await page.goto(`${servers.merchant.url}/order/${id}?lang=en`);
      await expect(page.locator('#order-status')).toHaveText('The order was cancelled: it was not paid in time.');
      await expectNoWayToPay(page);
      expect(await axeViolations(page)).toEqual([]);
      await screens(page, name);
    }
  } finally {
    await servers.close();
  }
});

/** A store charge made with the API; @returns its reference and slip URL. */
async function storeCharge(apiUrl: string): Promise<{ id: string; reference: string; slip: string }> {
  const tx = await api(apiUrl, 'POST', `/v1/${CREDENTIALS.merchantId}/charges`, {
    method: 'store',
    amount: 349,
    description: PRODUCT.name.es,
    customer: { name: 'Ana', email: 'ana@example.com' },
  });
  return { id: tx.id, reference: tx.payment_method.reference, slip: tx.payment_method.slip_url };
}

test('the slip on a 390 px phone at DPR 2: the barcode decodes from a screenshot, the reference on one line; paid wears success colours', async ({
  browser,
  servers,
}) => {
  const { reference, slip } = await storeCharge(servers.apiUrl);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(slip);
  const barcode = page.locator('img.barcode');
  await expect(barcode).toBeVisible();
  // the PNG has 3 px a module: the module's width on screen, CSS px
  const module = await barcode.evaluate((img: HTMLImageElement) => (img.getBoundingClientRect().width * 3) / img.naturalWidth);
  expect(module).toBeGreaterThanOrEqual(1.25);
  const shot = await barcode.screenshot();
  const found = await readBarcodes(new Blob([new Uint8Array(shot)], { type: 'image/png' }), { formats: ['Code128'], tryHarder: false });
  expect(found.map((b) => b.text)).toContain(reference);
  for (const ref of await page.locator('.reference').all()) {
    // one line: no taller than its line box
    expect(
      await ref.evaluate(
        (el) =>
          el.getClientRects().length === 1 && el.getBoundingClientRect().height < 1.6 * parseFloat(getComputedStyle(el).fontSize) * 1.3,
      ),
    ).toBe(true);
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${DIR}/pages-slip-pending-390-dpr2.png`, fullPage: true });

  await api(servers.apiUrl, 'POST', `/sandbox/v1/${CREDENTIALS.merchantId}/store-payments`, { reference, amount: 349 });
  await page.reload();
  const badge = page.locator('#status');
  await expect(badge).toHaveText('Pagado');
  // a record now: no barcode to scan, no steps to pay it
  await expect(page.locator('img.barcode, ol')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('Cómo pagar');
  const [bg, fg] = await badge.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
  const rgb = (c: string) => c.match(/\d+/g)!.map(Number) as [number, number, number];
  const [r, g, b] = rgb(bg);
  expect(g, `a green background, not amber (${bg})`).toBeGreaterThan(r);
  expect(g).toBeGreaterThan(b);
  expect(rgb(fg)[1], `green text (${fg})`).toBeGreaterThan(rgb(fg)[0]);
  expect(await axeViolations(page)).toEqual([]);
  await screens(page, 'slip-paid');
  await context.close();
});

test('a plan without a trial: trial_end_date is not a past date, and the account page shows no trial', async ({ page }) => {
  const servers = await startServers({ velocityMaxCards: 0, ipVelocityMaxCards: 0, cardVelocityMaxDevices: 0 });
  try {
    await page.goto(`${servers.merchant.url}/subscribe?lang=en`);
    await page.getByRole('radio', { name: /Café de la semana/ }).check();
    await fillHosted(page);
    await page.locator('#pay').click();
    await expect(page).toHaveURL(/\/account/);
    await expect(page.locator('#subscription')).toHaveAttribute('data-status', 'active');
    await expect(page.locator('[data-field="trial_end_date"]')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/Trial/);
    const [sub] = (
      await api(servers.apiUrl, 'GET', `/v1/${CREDENTIALS.merchantId}/customers`).then(async (cs: { id: string }[]) =>
        Promise.all(cs.map((c) => api(servers.apiUrl, 'GET', `/v1/${CREDENTIALS.merchantId}/customers/${c.id}/subscriptions`))),
      )
    ).flat();
    expect(sub.trial_end_date >= sub.creation_date.slice(0, 10)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screens(page, 'account-no-trial');
  } finally {
    await servers.close();
  }
});

test('an English redirect payment page leads to an English bank page, naming the product as the shop does', async ({ page, servers }) => {
  const tx = await api(servers.apiUrl, 'POST', `/v1/${CREDENTIALS.merchantId}/charges`, {
    method: 'card',
    amount: 349,
    description: PRODUCT.name.en,
    confirm: false,
    redirect_url: `${servers.merchant.url}/?lang=en`,
    customer: { name: 'Ana', email: 'ana@example.com' },
  });
  await page.goto(`${tx.payment_method.url}?lang=en`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const frame = page.frameLocator('#card iframe');
  await frame.locator('input.card_number').pressSequentially('4000000000030124');
  await frame.locator('input.expiry').pressSequentially('1230');
  await frame.locator('input.cvv2').pressSequentially('123');
  await frame.locator('input.holder_name').pressSequentially('Ana Pérez');
  await page.locator('#pay').click();
  await expect(page).toHaveURL(/\/3ds\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main')).toContainText(PRODUCT.name.en);
  expect(await axeViolations(page)).toEqual([]);
  await screens(page, 'bank-en');
});

test('the shop, its bank page and its charge name the product from one source, in the shopper language', async ({ page, servers }) => {
  await page.goto(`${servers.merchant.url}/?lang=en`);
  await expect(page.locator('main')).toContainText(PRODUCT.name.en);
  await page.goto(`${servers.merchant.url}/?lang=es`);
  await expect(page.locator('main')).toContainText(PRODUCT.name.es);
  const orderId = await placeOrder(page, servers.merchant.url, '/store', 'en');
  const [charge] = await api(servers.apiUrl, 'GET', `/v1/${CREDENTIALS.merchantId}/charges?order_id=${orderId}`);
  expect(charge.description).toBe(PRODUCT.name.en);
});

test('the dashboard: the overview fits at 1280 px; header and menu at most a fifth of a 390x844 phone', async ({ page, servers }) => {
  await storeCharge(servers.apiUrl);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${servers.apiUrl}/dashboard`);
    await page.locator('#key').fill(CREDENTIALS.privateKey);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
    const layout = await page.evaluate(() => {
      const main = document.querySelector('main')!.getBoundingClientRect();
      const visible = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).position !== 'absolute';
      const past = [...document.querySelectorAll('main *')]
        .filter((e) => visible(e) && e.getBoundingClientRect().right > main.right + 0.5)
        .map((e) => `${e.tagName}.${e.className}`);
      return { past, header: document.querySelector('header.top')!.getBoundingClientRect().bottom };
    });
    if (width === 1280) expect(layout.past, `past the overview's column at ${width} px`).toEqual([]);
    if (width === 390) expect(layout.header).toBeLessThanOrEqual(844 / 5);
    await page.screenshot({ path: `${DIR}/pages-dashboard-overview-${width}.png` });
    await page.context().clearCookies();
  }
});
