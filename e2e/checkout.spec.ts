import { test, expect, fillCard, CREDENTIALS, FUTURE_YY, LABELS } from './fixtures';

const PAN = '4111111111111111';
/** A PAN in the forms it could leak in: plain digits, grouped by 4 with spaces, URL-encoded spaces. */
const panForms = (pan: string) => [pan, pan.replace(/(\d{4})(?=\d)/g, '$1 '), pan.replace(/(\d{4})(?=\d)/g, '$1+'), pan.replace(/(\d{4})(?=\d)/g, '$1%20')];
/** The page's requests but its one device-data POST, sent at page load whatever the card (e2e/device-data.spec.ts). */
const cardRequests = (requests: { url: string; method: string }[]) => requests.filter((r) => !r.url.endsWith('/device-data'));

test.describe('demo checkout in Chromium (script tag, classic post flow)', () => {
  test('a test card is tokenized in the browser and charged by the merchant with the token', async ({ page, servers, recorder }) => {
    const before = servers.merchant.received.length;
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4111 1111 1111 1111', cvv2: '123' });
    await page.getByRole('button', { name: LABELS.pay }).click();

    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(page.locator('[data-field="status"]')).toHaveText('completed');
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
    await expect(page.locator('[data-field="card"]')).toHaveText(/visa X+1111$/);

    // The merchant received exactly the token id and the device_session_id, nothing else.
    const posted = servers.merchant.received.slice(before);
    expect(posted).toHaveLength(1);
    expect(Object.keys(posted[0]!).sort()).toEqual(['device_session_id', 'token_id']);
    expect(posted[0]!.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(posted[0]!.token_id).toMatch(/^[A-Za-z0-9]{1,45}$/);

    // The PAN and CVV2 travelled once, in the body of the POST to the API's tokens endpoint, and nowhere else.
    const tokenPosts = recorder.requests.filter((r) => r.method === 'POST' && r.url === `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`);
    expect(tokenPosts).toHaveLength(1);
    const sent = JSON.parse(tokenPosts[0]!.body);
    expect(sent).toStrictEqual({ card_number: PAN, cvv2: '123', holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: FUTURE_YY });
    expect(tokenPosts[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${CREDENTIALS.publicKey}:`).toString('base64')}`);
    for (const r of recorder.requests.filter((r) => r !== tokenPosts[0])) {
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

  test('a declined test card shows the spec error in words, in the page language', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4000000000000002' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago rechazado' })).toBeVisible();
    await expect(page.locator('#result-message')).toHaveText('Tarjeta rechazada. Usa otra o llama a tu banco.');
    await expect(page.locator('#error-code')).toHaveText('3001');

    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await fillCard(page, { number: '4000 0000 0003 0033' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.locator('#result-message')).toHaveText('Insufficient funds.');
    await expect(page.locator('#error-code')).toHaveText('3003');
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
    expect(csp).toContain(`connect-src ${servers.apiUrl}`);
    expect(csp).not.toMatch(/connect-src[^;]*'self'/); // the API origin only
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
