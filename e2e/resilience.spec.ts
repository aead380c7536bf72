/**
 * The demo checkout in Debian's Chromium against a sandbox in fault mode: when the API is unavailable (503) or
 * the connection drops, the library retries once, then the page shows an error and its form works again;
 * once the API is back the same page completes the payment. Inputs are found by `data-paytoken-card` only.
 */
import { expect, test } from '@playwright/test';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';

const CREDS = { merchantId: 'mfault0merchant0001', publicKey: 'pk_fault_public', privateKey: 'sk_fault_private' };
let sandbox: RunningSandbox;
let merchant: RunningMerchant;

test.beforeAll(async () => {
  sandbox = await startSandbox({ ...CREDS, port: 0, faults: true });
  merchant = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0 });
});

test.afterAll(async () => {
  await merchant?.close();
  await sandbox?.close();
});

test.afterEach(() => sandbox.faults.set(null));

// `seen`: requests the sandbox receives for the library's 2 attempts. On a reset, Chromium's network stack
// itself re-sends a request whose reused keep-alive connection died before any response (once per attempt),
// below fetch() and out of the library's hands; so the sandbox may see up to twice the attempts.
for (const { fault, what, seen } of [
  { fault: 'status=503', what: 'the API is unavailable (503, 1004)', seen: [2, 2] },
  { fault: 'reset=before', what: 'the connection is reset before any response', seen: [2, 4] },
]) {
  test(`when ${what}: one retry, an error shown, the form usable again, then the payment completes`, async ({ page }) => {
    const tokens = `/v1/${CREDS.merchantId}/tokens`;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    let attempts = 0; // fetches of the tokens endpoint by the page (not preflights)
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(tokens)) attempts++;
    });
    await page.goto(`${merchant.url}/direct`);
    const field = (name: string) => page.locator(`[data-paytoken-card="${name}"]`);
    await field('holder_name').pressSequentially('Ana Pérez');
    await field('card_number').pressSequentially('4111 1111 1111 1111');
    await field('expiry').pressSequentially(`12${String((new Date().getFullYear() + 3) % 100)}`);
    await field('cvv2').pressSequentially('123');

    sandbox.faults.set(fault);
    sandbox.counter.reset();
    const started = Date.now();
    await field('cvv2').press('Enter');
    // the form layer's form-level error: a polite live region before the submit button
    const alert = page.locator('form .paytoken-error:not(:empty)');
    await expect(alert).toHaveCount(1);
    await expect(alert).toBeVisible();
    const failedAfter = Date.now() - started;
    expect(attempts).toBe(2); // the first try and its one retry
    const arrived = sandbox.counter.count('POST', tokens);
    expect(arrived).toBeGreaterThanOrEqual(seen[0]!);
    expect(arrived).toBeLessThanOrEqual(seen[1]!);
    expect(sandbox.store.tokens.size).toBe(0);
    await expect(page.locator('form [type="submit"]')).toBeEnabled();
    expect(page.url()).toBe(`${merchant.url}/direct`);
    expect(merchant.received).toHaveLength(0);

    sandbox.faults.set(null);
    await field('cvv2').press('Enter');
    await page.waitForURL(/\/order\//);
    await expect.poll(() => merchant.received.length).toBe(1);
    expect(attempts).toBe(3);
    expect(sandbox.counter.count('POST', tokens)).toBe(arrived + 1);
    expect(sandbox.store.tokens.size).toBe(1);
    expect(errors).toEqual([]);
    merchant.received.length = 0;
    sandbox.store.tokens.clear();
    test.info().annotations.push({ type: 'time to fail', description: `${failedAfter} ms, ${arrived} requests arrived` });
    expect(failedAfter).toBeLessThan(5000);
  });
}
