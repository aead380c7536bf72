import { test, expect, fillCard, CREDENTIALS, FUTURE_YY, LABELS } from './fixtures';

const PAN = '4111111111111111';
/** A PAN in the forms it could leak in: plain digits, grouped by 4 with spaces, URL-encoded spaces. */
const panForms = (pan: string) => [
  pan,
  pan.replace(/(\d{4})(?=\d)/g, '$1 '),
  pan.replace(/(\d{4})(?=\d)/g, '$1+'),
  pan.replace(/(\d{4})(?=\d)/g, '$1%20'),
];
/** The page's requests but its one device-data POST, sent at page load whatever the card (e2e/device-data.spec.ts). */
// the device data and the card entry's summary (sent on every submit, one refused locally included) carry no card data
const cardRequests = (requests: { url: string; method: string }[]) => requests.filter((r) => !/\/device-data(\/entry)?$/.test(r.url));

test.describe('demo checkout in Chromium (script tag; the page posts the token to its backend)', () => {
  test('a test card is tokenized in the browser and charged by the merchant with the token', async ({ page, servers, recorder }) => {
    const before = servers.merchant.received.length;
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4111 1111 1111 1111', cvv2: '123' });
    await page.getByRole('button', { name: LABELS.pay }).click();

    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(servers.merchant.charges.at(-1)!.status).toBe('completed');
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
    await expect(page.locator('[data-field="card"]')).toHaveText('Visa •••• 1111');
    await expect(page.locator('#transaction')).not.toContainText(/fraud|X{4}/i);

    // The merchant received exactly the token id and the device_session_id, nothing else.
    const posted = servers.merchant.received.slice(before);
    expect(posted).toHaveLength(1);
    expect(Object.keys(posted[0]!).sort()).toEqual(['device_session_id', 'token_id']);
    expect(posted[0]!.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(posted[0]!.token_id).toMatch(/^[A-Za-z0-9]{1,45}$/);

    // The PAN and CVV2 travelled once, in the body of the POST to the API's tokens endpoint, and nowhere else.
    const tokenPosts = recorder.requests.filter(
      (r) => r.method === 'POST' && r.url === `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`,
    );
    expect(tokenPosts).toHaveLength(1);
    const sent = JSON.parse(tokenPosts[0]!.body);
    expect(sent).toStrictEqual({
      card_number: PAN,
      cvv2: '123',
      holder_name: 'Ana Pérez',
      expiration_month: '12',
      expiration_year: FUTURE_YY,
    });
    expect(tokenPosts[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${CREDENTIALS.publicKey}:`).toString('base64')}`);
    for (const r of recorder.requests.filter((req) => req !== tokenPosts[0])) {
      for (const form of panForms(PAN)) {
        expect(r.url).not.toContain(form);
        expect(r.body).not.toContain(form);
      }
    }
    for (const line of recorder.console) expect(line).not.toContain(PAN);
    expect(recorder.cspViolations).toEqual([]);
    // The private key is never sent to the browser.
    expect(await page.content()).not.toContain(CREDENTIALS.privateKey);
  });

  test('a decline is shown on the checkout form in the page language: focus on it, the name kept, the card data gone with its token, then another card pays', async ({
    page,
    servers,
  }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4000000000000002', name: 'Ana Pérez' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    const alert = page.locator('#payment-error');
    await expect(alert).toHaveText('Tarjeta rechazada. Usa otra o llama a tu banco.');
    await expect(alert).toBeFocused();
    expect(servers.merchant.charges.at(-1)!.error_code).toBe(3001);
    expect(page.url()).toBe(`${servers.merchant.url}/direct`); // no separate page
    await expect(page.getByLabel(LABELS.name)).toHaveValue('Ana Pérez');
    await expect(page.getByLabel(LABELS.name)).toBeEditable();
    for (const label of [LABELS.number, LABELS.expiry, LABELS.cvv]) await expect(page.getByLabel(label)).toHaveValue('');
    await expect(page.getByRole('button', { name: LABELS.pay })).toBeEnabled();
    await page.getByLabel(LABELS.number).pressSequentially('4111111111111111');
    await page.getByLabel(LABELS.expiry).pressSequentially(`12${FUTURE_YY}`);
    await page.getByLabel(LABELS.cvv).pressSequentially('123');
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();

    await page.getByRole('link', { name: 'Nuevo pago' }).click(); // a new order
    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await fillCard(page, { number: '4000 0000 0003 0033' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.locator('#payment-error')).toHaveText('Insufficient funds.');
    expect(servers.merchant.charges.at(-1)!.error_code).toBe(3003);
  });

  test('inputs are read-only while the payment is processed', async ({ page, servers }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/charge**', async (route) => {
      await held; // the charge waits until the checks below are done
      await route.continue();
    });
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4111 1111 1111 1111' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('button', { name: /Procesando/ })).toBeDisabled();
    for (const label of [LABELS.name, LABELS.number, LABELS.expiry, LABELS.cvv]) await expect(page.getByLabel(label)).not.toBeEditable();
    release();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  });

  test('the CVV2 error does not repeat the hint under it (the hint hides while the error shows)', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await expect(page.locator('#cvv2-hint')).toBeVisible();
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByLabel(LABELS.cvv)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#cvv2-hint')).toBeHidden();
  });

  test('American Express is not invited, and a detected Amex number is refused in words at once', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await expect(page.locator('.brands img[data-brand="amex"]')).toHaveCount(0);
    await expect(page.locator('#cvv2-hint')).not.toContainText(/amex/i);
    await page.getByLabel(LABELS.number).pressSequentially('3782');
    await expect(page.getByLabel(LABELS.number)).toHaveAccessibleDescription(/No aceptamos American Express/);
    // the whole number, left: one message (the refusal), not the refusal and "16 or 19 digits" at once; JCB is invited
    await page.getByLabel(LABELS.number).pressSequentially('82246310005');
    await page.getByLabel(LABELS.expiry).focus();
    await expect(page.getByLabel(LABELS.number)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(LABELS.number)).toHaveAccessibleDescription(
      'No aceptamos American Express. Paga con Visa, Mastercard, Carnet, Discover o JCB.',
    );
    await expect(page.locator('#payment-form')).not.toContainText('16 o 19 dígitos');
    await expect(page.locator('.brands img[data-brand="jcb"]')).toHaveCount(1);
    await page.getByLabel(LABELS.number).fill('');
    await page.getByLabel(LABELS.number).pressSequentially('4111');
    await expect(page.locator('#brand-note')).toBeEmpty();
  });

  test('an invalid card is rejected locally: message on the field, focus, and no request sent', async ({ page, servers, recorder }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4111 1111 1111 1112' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    const pan = page.getByLabel(LABELS.number);
    await expect(pan).toBeFocused();
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    await expect(pan).toHaveAccessibleDescription('Número de tarjeta no válido.');
    await expect(page.getByRole('button', { name: LABELS.pay })).toBeEnabled();
    expect(cardRequests(recorder.requests).filter((r) => r.url.startsWith(servers.apiUrl))).toEqual([]);
    expect(cardRequests(recorder.requests).filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('an expired card is rejected locally with the expiry named', async ({ page, servers, recorder }) => {
    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await fillCard(page, { number: PAN, expiry: '0120' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByLabel(LABELS.expiry)).toHaveAccessibleDescription('Card expired.');
    await expect(page.getByLabel(LABELS.expiry)).toBeFocused();
    expect(cardRequests(recorder.requests).filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('the checkout page writes one device_session_id input and runs under a strict CSP', async ({ page, servers, recorder }) => {
    const response = await page.goto(`${servers.merchant.url}/direct`);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`connect-src 'self' ${servers.apiUrl};`); // the API and this backend (the token goes there)
    await expect(page.locator('input[name="device_session_id"]')).toHaveCount(1);
    await expect(page.locator('input[name="device_session_id"]')).toHaveValue(/^[A-Za-z0-9]{32}$/);
    await expect(page.locator('input[name="token_id"]')).toHaveCount(1);
    // card inputs have no name, so a plain form post cannot carry them
    for (const field of ['card_number', 'cvv2', 'holder_name', 'expiry']) {
      await expect(page.locator(`[data-paytoken-card="${field}"]`)).not.toHaveAttribute('name', /.*/);
    }
    expect(await page.evaluate(() => typeof (window as unknown as { PayToken: unknown }).PayToken)).toBe('object');
    // no inline style or script anywhere in the page
    expect(await page.locator('[style], script:not([src])').count()).toBe(0);
    expect(recorder.cspViolations).toEqual([]);
  });
});
