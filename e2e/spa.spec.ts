import { test, expect, axeViolations, CREDENTIALS, FUTURE_YY } from './fixtures';
import type { Page } from '@playwright/test';

/** Fills the SPA checkout (labels in `lang`), address included. */
async function fillSpa(page: Page, en = false) {
  const l = (es: string, eng: string) => page.getByLabel(en ? eng : es, { exact: true });
  await l('Nombre del titular', 'Name on card').pressSequentially('Ana Pérez');
  await l('Número de tarjeta', 'Card number').pressSequentially('4111111111111111');
  await l('Vencimiento (MM/AA)', 'Expiry (MM/YY)').pressSequentially(`12${FUTURE_YY}`);
  await l('Código de seguridad', 'Security code').pressSequentially('123');
  await l('Calle y número', 'Street and number').fill('Av. Reforma 222');
  await l('Ciudad', 'City').fill('Ciudad de México');
  await l('Estado', 'State').fill('CDMX');
  await l('Código postal', 'Postal code').fill('06600');
}

test.describe('SPA example (React production build, StrictMode, against the packed package) in Chromium', () => {
  test('StrictMode and route changes leave one hidden input of each kind; paying makes one token request', async ({ page, servers, recorder }) => {
    const before = servers.merchant.received.length;
    const deviceData = page.waitForResponse((r) => r.url() === `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/device-data`);
    const script = page.waitForResponse((r) => /\/spa\/assets\/index-[\w-]+\.js$/.test(r.url()));
    await page.goto(`${servers.merchant.url}/spa/`);
    expect((await deviceData).status()).toBe(201);
    // React's production build (errors as codes, none of the development-only checks)
    const js = await (await script).text();
    expect(js).toContain('react.dev/errors/');
    expect(js).not.toContain('validateDOMNesting');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    // one mount (the production build; StrictMode's double mount is a development-build check)
    await expect(page.locator('input[name="device_session_id"]')).toHaveCount(1);
    await expect(page.locator('input[name="token_id"]')).toHaveCount(1);
    await expect(page.locator('.paytoken-error')).toHaveCount(10); // 9 fields + the form
    // away and back: a new form element, mounted afresh
    await page.getByRole('button', { name: 'Volver al carrito' }).click();
    await expect(page.locator('input[name="device_session_id"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page.locator('input[name="device_session_id"]')).toHaveCount(1);
    await expect(page.locator('input[name="token_id"]')).toHaveCount(1);

    await fillSpa(page);
    await expect(page.getByLabel('Número de tarjeta')).toHaveValue('4111 1111 1111 1111');
    // a double click while the tokens request is held: one request
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`${servers.apiUrl}/v1/*/tokens`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: /^Pagar/ }).dblclick();
    await expect(page.getByRole('button', { name: 'Procesando…' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(servers.merchant.charges.at(-1)!.status).toBe('completed');
    expect(await axeViolations(page)).toEqual([]);

    const tokens = recorder.requests.filter((r) => r.method === 'POST' && r.url === `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`);
    expect(tokens).toHaveLength(1);
    expect(JSON.parse(tokens[0]!.body).address).toStrictEqual({
      line1: 'Av. Reforma 222',
      city: 'Ciudad de México',
      state: 'CDMX',
      postal_code: '06600',
      country_code: 'MX',
    });
    const posted = servers.merchant.received.slice(before);
    expect(posted).toHaveLength(1);
    expect(Object.keys(posted[0]!).sort()).toEqual(['device_session_id', 'token_id']);
    // the app collected device data once (StrictMode, route changes) under the session id the charge carries
    const sent = recorder.requests.filter((r) => r.url.endsWith('/device-data'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body).device_session_id).toBe(posted[0]!.device_session_id);
    for (const r of recorder.requests.filter((r) => r !== tokens[0])) expect(r.body).not.toContain('4111111111111111');
    expect(recorder.cspViolations).toEqual([]);
  });

  test('switching the language switches the shown errors in place', async ({ page, servers, recorder }) => {
    await page.goto(`${servers.merchant.url}/spa/`);
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await page.getByRole('button', { name: /^Pagar/ }).click();
    const name = page.getByLabel('Nombre del titular');
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription('Escribe el nombre del titular.');
    await expect(page.getByLabel('Ciudad')).toHaveAccessibleDescription('Revisa la dirección.');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByLabel('Name on card')).toHaveAccessibleDescription('Enter the name on the card.');
    await expect(page.getByLabel('City')).toHaveAccessibleDescription('Check the address.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // still one binding: the English form pays
    await fillSpa(page, true);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(recorder.requests.filter((r) => r.url.endsWith('/tokens'))).toHaveLength(1);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('a decline from the merchant is shown with paytoken\'s words', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/spa/`);
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await fillSpa(page);
    await page.getByLabel('Número de tarjeta').fill('4000 0000 0003 0041'); // reported stolen: the generic decline
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Tarjeta rechazada. Usa otra o llama a tu banco.');
    await expect(page.getByRole('button', { name: /^Pagar/ })).toBeEnabled();
  });
});
