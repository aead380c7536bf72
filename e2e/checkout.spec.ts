import { test, expect, fillCard, CREDENTIALS } from './fixtures';

const PAN = '4111111111111111';
/** A PAN in the forms it could leak in: plain digits, grouped by 4 with spaces, URL-encoded spaces. */
const panForms = (pan: string) => [pan, pan.replace(/(\d{4})(?=\d)/g, '$1 '), pan.replace(/(\d{4})(?=\d)/g, '$1+'), pan.replace(/(\d{4})(?=\d)/g, '$1%20')];
/** The page's requests but its one device-data POST, sent at page load whatever the card (e2e/device-data.spec.ts). */
const cardRequests = (requests: { url: string; method: string }[]) => requests.filter((r) => !r.url.endsWith('/device-data'));

test.describe('demo checkout in Chromium', () => {
  test('a test card is tokenized in the browser and charged by the merchant with the token', async ({ page, servers, recorder }) => {
    const before = servers.merchant.received.length;
    await page.goto(servers.merchant.url);
    await fillCard(page, { number: '4111 1111 1111 1111', cvv2: '123' });
    await page.getByRole('button', { name: /^Pay/ }).click();

    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
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
    expect(sent).toMatchObject({ card_number: PAN, cvv2: '123', holder_name: 'Ana Pérez', expiration_month: '12' });
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

  test('a declined test card shows the spec error in words', async ({ page, servers }) => {
    await page.goto(servers.merchant.url);
    await fillCard(page, { number: '4000000000000002' });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.locator('#result-message')).toHaveText('The card was declined.');
    await expect(page.locator('#error-code')).toHaveText('3001');
  });

  test('an invalid card is rejected locally: message, focus, and no request sent', async ({ page, servers, recorder }) => {
    await page.goto(servers.merchant.url);
    await fillCard(page, { number: '4111 1111 1111 1112' });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Card number is not a valid card number (check digit).');
    await expect(page.getByLabel('Card number')).toBeFocused();
    await expect(page.getByRole('button', { name: /^Pay/ })).toBeEnabled();
    expect(cardRequests(recorder.requests).filter((r) => r.url.startsWith(servers.apiUrl))).toEqual([]);
    expect(cardRequests(recorder.requests).filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('an expired card is rejected locally with the expiry named', async ({ page, servers, recorder }) => {
    await page.goto(servers.merchant.url);
    await fillCard(page, { number: PAN, month: '01', year: '20' });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Expiry is in the past: the card has expired.');
    expect(cardRequests(recorder.requests).filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('the checkout page writes one device_session_id input and runs under a strict CSP', async ({ page, servers, recorder }) => {
    const response = await page.goto(servers.merchant.url);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`connect-src ${servers.apiUrl}`);
    await expect(page.locator('input[name="device_session_id"]')).toHaveCount(1);
    await expect(page.locator('input[name="device_session_id"]')).toHaveValue(/^[A-Za-z0-9]{32}$/);
    // card inputs have no name, so a plain form post cannot carry them
    for (const field of ['card_number', 'cvv2', 'holder_name', 'expiration_month', 'expiration_year']) {
      await expect(page.locator(`[data-paytoken-card="${field}"]`)).not.toHaveAttribute('name', /.*/);
    }
    expect(await page.evaluate(() => typeof (window as unknown as { PayToken: unknown }).PayToken)).toBe('object');
    expect(recorder.cspViolations).toEqual([]);
  });
});
