/**
 * The SPA example (demo/spa: React in StrictMode, production build, against the packed package) in Chromium. Its
 * checkout uses hosted fields (`client.fields.mount`): the card number, expiry and CVV2 are iframes from the API
 * origin; the holder name and billing address are the app's own inputs. A 3-D Secure charge is authenticated in a
 * modal (`client.authenticate(url, {mode: 'modal'})`) and its result read from the merchant backend.
 */
import type { FrameLocator, Page, Request } from '@playwright/test';
import { test as base, expect, axeViolations, startServers, CREDENTIALS, FUTURE_YY, type Servers } from './fixtures';

/** The input inside a hosted field's frame, by its container's id. */
const hosted = (page: Page, container: string): FrameLocator => page.frameLocator(`#${container} iframe`);
const cardInput = (page: Page, container: string) => hosted(page, container).locator('input');
const CONTAINERS = ['spa-number', 'spa-expiry', 'spa-cvv'];

/** Goes from the cart to the checkout and waits until every hosted field is configured (its input enabled). */
async function openCheckout(page: Page, button = 'Ir a pagar') {
  await page.getByRole('button', { name: button }).click();
  for (const c of CONTAINERS) await expect(cardInput(page, c)).toBeEnabled();
}

/** Fills the SPA checkout (labels in `en` or es-MX): the hosted card fields, the holder name and the address. */
async function fillSpa(page: Page, number = '4111111111111111', en = false) {
  const l = (es: string, eng: string) => page.getByLabel(en ? eng : es, { exact: true });
  await l('Nombre del titular', 'Name on card').fill('Ana Pérez');
  await cardInput(page, 'spa-number').fill('');
  await cardInput(page, 'spa-number').pressSequentially(number);
  await cardInput(page, 'spa-expiry').fill('');
  await cardInput(page, 'spa-expiry').pressSequentially(`12${FUTURE_YY}`);
  await cardInput(page, 'spa-cvv').fill('');
  await cardInput(page, 'spa-cvv').pressSequentially('123');
  await l('Calle y número', 'Street and number').fill('Av. Reforma 222');
  await l('Ciudad', 'City').fill('Ciudad de México');
  await l('Estado', 'State').fill('CDMX');
  await l('Código postal', 'Postal code').fill('06600');
}

/** Every frame's URL origin on the page, the page's own first. */
const iframeOrigins = (page: Page) => page.locator('iframe').evaluateAll((fs) => fs.map((f) => new URL((f as HTMLIFrameElement).src).origin));

const test = base.extend<{}, { shop: Servers & { log: string[] } }>({
  // servers of their own whose sandbox log the 3-D Secure tests read (the one-time codes)
  shop: [
    async ({}, use) => {
      const log: string[] = [];
      const { close, ...servers } = await startServers({ velocityMaxCards: 0, ipVelocityMaxCards: 0, cardVelocityMaxDevices: 0 }, (l) => log.push(l));
      await use({ ...servers, log });
      await close();
    },
    { scope: 'worker' },
  ],
});

// each test loads three frames (and the bank page) on a shared 2-core machine
test.describe.configure({ timeout: 60_000 });

test.describe('SPA example (React production build, StrictMode, against the packed package) in Chromium', () => {
  test('hosted fields: one set of frames across route changes, no card data in the SPA document, one POST /tokens from the frame, a completed charge', async ({ page, servers, recorder }) => {
    const before = servers.merchant.received.length;
    const frameOf = new Map<string, string>(); // request URL+method -> the URL of the frame that made it
    page.on('request', (r: Request) => frameOf.set(`${r.method()} ${r.url()}`, r.frame().url()));
    const script = page.waitForResponse((r) => /\/spa\/assets\/index-[\w-]+\.js$/.test(r.url()));
    const res = await page.goto(`${servers.merchant.url}/spa/`);
    // the SPA reaches only its own backend; the API only through the frames (and the 3-D Secure modal)
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain(`frame-src 'self' ${servers.apiUrl}`);
    // React's production build (errors as codes, none of the development-only checks)
    const js = await (await script).text();
    expect(js).toContain('react.dev/errors/');
    expect(js).not.toContain('validateDOMNesting');
    expect(await axeViolations(page)).toEqual([]);
    await openCheckout(page);
    // one set of frames, each from the API origin, titled by the app's labels
    expect(await iframeOrigins(page)).toEqual([servers.apiUrl, servers.apiUrl, servers.apiUrl]);
    await expect(page.locator('#spa-number iframe')).toHaveAttribute('title', 'Número de tarjeta');
    await expect(page.locator('#spa-cvv iframe')).toHaveAttribute('title', 'Código de seguridad');
    // away and back: the frames go with the checkout, and a new mount brings one set again
    await page.getByRole('button', { name: 'Volver al carrito' }).click();
    await expect(page.locator('iframe')).toHaveCount(0);
    await openCheckout(page);
    await expect(page.locator('iframe')).toHaveCount(3);
    const channels = await page.locator('iframe').evaluateAll((fs) => fs.map((f) => new URLSearchParams(new URL((f as HTMLIFrameElement).src).hash.slice(1)).get('ch')));
    expect(new Set(channels).size).toBe(1);

    await fillSpa(page);
    await expect(cardInput(page, 'spa-number')).toHaveValue('4111 1111 1111 1111');
    await expect(page.locator('#spa-number')).toHaveAttribute('data-paytoken-brand', 'visa');
    // the SPA document holds no card data: no input of its own with it, nothing of it in its markup
    const digits = (await page.locator('body').innerHTML()).replace(/\D/g, '');
    expect(digits).not.toContain('4111111111111111');
    expect(await page.locator('input').evaluateAll((is) => is.map((i) => (i as HTMLInputElement).value))).not.toContainEqual(expect.stringMatching(/4111|^123$/));
    // a double click while the tokens request is held: one request
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.context().route(`${servers.apiUrl}/v1/*/tokens`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: /^Pagar/ }).dblclick();
    await expect(page.getByRole('button', { name: 'Procesando…' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(servers.merchant.charges.at(-1)!.status).toBe('completed');
    await expect(page.locator('[data-field="card"]')).toHaveText('Visa •••• 1111');
    expect(await axeViolations(page)).toEqual([]);

    const tokenUrl = `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`;
    const tokens = recorder.requests.filter((r) => r.method === 'POST' && r.url === tokenUrl);
    expect(tokens).toHaveLength(1);
    // made by the card-number frame (a document of the API origin), not by the SPA
    expect(new URL(frameOf.get(`POST ${tokenUrl}`)!).origin).toBe(servers.apiUrl);
    expect(frameOf.get(`POST ${tokenUrl}`)).toContain('/fields/v1/frame.html');
    const sent = JSON.parse(tokens[0]!.body);
    expect(sent).toMatchObject({ card_number: '4111111111111111', cvv2: '123', holder_name: 'Ana Pérez' });
    expect(sent.address).toStrictEqual({ line1: 'Av. Reforma 222', city: 'Ciudad de México', state: 'CDMX', postal_code: '06600', country_code: 'MX' });
    const posted = servers.merchant.received.slice(before);
    expect(posted).toHaveLength(1);
    expect(Object.keys(posted[0]!).sort()).toEqual(['device_session_id', 'token_id']);
    // device data was collected in the card-number frame (not by the SPA) under the session id the charge carries
    const deviceData = recorder.requests.filter((r) => r.url.endsWith('/device-data'));
    expect(deviceData).toHaveLength(1);
    expect(new URL(frameOf.get(`POST ${deviceData[0]!.url}`)!).origin).toBe(servers.apiUrl);
    expect(JSON.parse(deviceData[0]!.body).device_session_id).toBe(posted[0]!.device_session_id);
    for (const r of recorder.requests.filter((r) => r !== tokens[0])) expect(r.body.replace(/\D/g, '')).not.toContain('4111111111111111');
    expect(recorder.cspViolations).toEqual([]);
  });

  test('errors: the app shows its inputs\' errors, the frames theirs; switching the language switches both in place', async ({ page, servers, recorder }) => {
    await page.goto(`${servers.merchant.url}/spa/`);
    await openCheckout(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    const name = page.getByLabel('Nombre del titular');
    await expect(cardInput(page, 'spa-number')).toBeFocused(); // the first card field in error
    await expect(name).toHaveAccessibleDescription('Escribe el nombre del titular.');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Ciudad')).toHaveAccessibleDescription('Revisa la dirección.');
    await expect(cardInput(page, 'spa-number')).toHaveAttribute('aria-invalid', 'true');
    await expect(hosted(page, 'spa-number').locator('#e')).toHaveText('Escribe el número de tarjeta.');
    await expect(page.locator('#spa-number')).toHaveAttribute('data-paytoken-invalid', '');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByLabel('Name on card')).toHaveAccessibleDescription('Enter the name on the card.');
    await expect(page.getByLabel('City')).toHaveAccessibleDescription('Check the address.');
    await expect(hosted(page, 'spa-number').locator('#e')).toHaveText('Enter the card number.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // still one set of frames: the English form pays
    await expect(page.locator('iframe')).toHaveCount(3);
    await fillSpa(page, '4111111111111111', true);
    // the card right, the name missing: the focus goes to the name
    await page.getByLabel('Name on card').fill('');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByLabel('Name on card')).toBeFocused();
    await expect(page.getByLabel('Name on card')).toHaveAccessibleDescription('Enter the name on the card.');
    await expect(page.getByLabel('City')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Name on card').fill('Ana Pérez');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(recorder.requests.filter((r) => r.url.endsWith('/tokens'))).toHaveLength(1);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('a decline from the merchant is shown with paytoken\'s words; another card then pays', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/spa/`);
    await openCheckout(page);
    await fillSpa(page, '4000000000030041'); // reported stolen: the generic decline
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Tarjeta rechazada. Usa otra o llama a tu banco.');
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('button', { name: /^Pagar/ })).toBeEnabled();
    await expect(page.getByLabel('Nombre del titular')).toHaveValue('Ana Pérez'); // kept
    await fillSpa(page, '5555555555554444');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  });
});

test.describe('3-D Secure in the SPA: the bank page in a modal, the result read from the merchant backend', () => {
  /** The one-time code of the newest 3-D Secure charge, from the sandbox log. */
  const lastCode = (shop: { log: string[] }) => shop.log.filter((l) => /^3ds tr\w+ one-time code \d{6}$/.test(l)).at(-1)!.slice(-6);
  /** The API's view of a charge (private key, server side). */
  const readCharge = async (shop: Servers, id: string) =>
    (await fetch(`${shop.apiUrl}/v1/${CREDENTIALS.merchantId}/charges/${id}`, {
      headers: { Authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}` },
    })).json();

  /** Pays `number` in the SPA and waits for the bank's page in the modal; returns the dialog and its frame. */
  async function payInModal(page: Page, shop: Servers, number: string) {
    await page.goto(`${shop.merchant.url}/spa/`);
    await openCheckout(page);
    await fillSpa(page, number);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificación de tu banco' });
    await expect(dialog).toBeVisible();
    const bank = page.frameLocator('dialog iframe');
    await expect(bank.getByRole('heading', { name: 'Verificación de compra' })).toBeVisible();
    // the SPA stays: its checkout is under the modal, busy
    await expect(page.getByRole('button', { name: 'Procesando…', includeHidden: true })).toBeDisabled();
    return { dialog, bank };
  }

  test('approved through the challenge: no axe violation with the modal open, back to a completed receipt in the SPA', async ({ page, shop, recorder }) => {
    const charges = shop.merchant.charges.length;
    const { dialog, bank } = await payInModal(page, shop, '4000000000030124');
    expect(await axeViolations(page)).toEqual([]);
    // the merchant retried the 3012 with 3-D Secure: pending behind the bank page
    expect(shop.merchant.charges.slice(charges).map((c) => c.error_code ?? c.status)).toEqual([3012, 'charge_pending']);
    await bank.getByLabel('Código de un solo uso').fill(lastCode(shop));
    await bank.getByRole('button', { name: 'Confirmar compra' }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/spa/'); // the app never left its page
    const id = (await page.locator('[data-field="id"]').textContent())!;
    expect(await readCharge(shop, id)).toMatchObject({ status: 'completed' });
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('rejected by the shopper in the modal: the checkout says the bank did not confirm, the charge failed', async ({ page, shop }) => {
    const { dialog, bank } = await payInModal(page, shop, '4000000000030124');
    await bank.getByRole('button', { name: 'No reconozco esta compra' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('Tu banco no pudo confirmar que eres tú. No se hizo ningún cargo.');
    await expect(page.getByRole('alert')).toBeFocused();
    expect(shop.merchant.charges.at(-1)!.status).toBe('charge_pending');
    expect(await readCharge(shop, String(shop.merchant.charges.at(-1)!.id))).toMatchObject({ status: 'failed' });
    await expect(page.getByRole('button', { name: /^Pagar/ })).toBeEnabled();
  });

  test('cancelled with Escape: the modal closes, the checkout says so and pays another card; the charge stays pending', async ({ page, shop }) => {
    const { dialog } = await payInModal(page, shop, '4000000000030124');
    const pending = String(shop.merchant.charges.at(-1)!.id);
    // Escape reaches the dialog from its own controls (the close button); keys typed in the bank's frame, a
    // document of another origin, stay there
    await dialog.getByRole('button', { name: 'Cerrar' }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('No terminaste la verificación con tu banco. No se hizo ningún cargo; puedes intentarlo de nuevo.');
    expect(await readCharge(shop, pending)).toMatchObject({ status: 'charge_pending', authorization: null });
    await fillSpa(page, '4111111111111111');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  });
});

test('reward points in the SPA: the "pay with points" step (no axe violations), then points used and left on the receipt', async ({ page, shop }) => {
  await page.goto(`${shop.merchant.url}/spa/`);
  await openCheckout(page);
  await fillSpa(page, '4000000000004004'); // 50,000 points (MXN 5,000.00) at the sandbox's start
  await page.getByRole('button', { name: /^Pagar/ }).click();
  const title = page.getByRole('heading', { name: 'Paga con puntos' });
  await expect(title).toBeFocused();
  await expect(page.locator('#points-balance')).toHaveText('Tu tarjeta tiene 50,000 puntos ($5,000.00 MXN).');
  await expect(page.getByRole('heading', { name: 'Pago con tarjeta' })).toBeHidden();
  await expect(page.locator('iframe')).toHaveCount(3); // the checkout stays mounted underneath
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Solo con puntos').check();
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  await expect(page.locator('[data-field="points_used"]')).toHaveText('3490 ($349.00)');
  await expect(page.locator('[data-field="points_remaining"]')).toHaveText('46510');
  await expect(page.locator('dt', { hasText: 'Puntos usados' })).toBeVisible();
  expect(shop.merchant.received.slice(-2).map((b) => b.use_card_points)).toEqual([undefined, 'ONLY_POINTS']);
});
