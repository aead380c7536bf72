/**
 * Device data before the token, in Debian's Chromium, on both demo checkouts: the on-page form layer (`/direct`)
 * and hosted fields (`/`, device data collected in the card-number frame). The device-data POST is held in the
 * network (a Playwright route) until the page has sent its `POST /tokens`, then 300 ms more, so it would lose
 * the race if the page handed the token over at once; the sandbox runs `missing_device_data` in `decline` mode,
 * where a charge that raced its device data is declined (3005). Checked: the page's device-data request finished
 * before the page sent the merchant's charge request, the sandbox stored the device data (for the charge's
 * `device_session_id`) before the merchant's charge arrived, and the charge completed. A device-data POST that
 * fails does not block the payment (the charge is then flagged `missing_device_data`, the sandbox's default mode).
 */
import { expect, test, type Page } from '@playwright/test';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import type { FraudOptions } from '../sandbox/src/fraud/fraud';
import { fillCard, fillHosted, LABELS } from './fixtures';

const CREDS = { merchantId: 'mdevfirst0merch01', publicKey: 'pk_devfirst_public', privateKey: 'sk_devfirst_private' };

test.describe.configure({ timeout: 60_000 });

/** What happened, in the order it happened: the page's requests, the servers' arrivals. */
let events: string[];
let sandbox: RunningSandbox;
let merchant: RunningMerchant;

async function start(fraud: Partial<FraudOptions>) {
  events = [];
  sandbox = await startSandbox({
    ...CREDS,
    port: 0,
    fraud: { velocityMaxCards: 0, ...fraud },
    log: () => {},
    requestLog: (r) =>
      r.method === 'POST' &&
      events.push(
        `api ${new URL(r.url).pathname.replace(/^\/v1\/\w+/, '')}${r.url.endsWith('/device-data') ? ` ${JSON.parse(r.body).device_session_id}` : ''}`,
      ),
  });
  merchant = await startMerchant({
    ...CREDS,
    apiBaseUrl: sandbox.baseUrl,
    port: 0,
    requestLog: (r) => r.method === 'POST' && events.push(`merchant ${new URL(r.url).pathname}`),
  });
}

test.afterEach(async () => {
  await merchant?.close();
  await sandbox?.close();
});

/**
 * Records the page's own view (requests sent, device-data request finished, from the page and its frames) and
 * holds the device-data POST until the page's `POST /tokens` was sent, plus 300 ms; or fails it (`abort`).
 */
async function holdDeviceData(page: Page, how: 'hold' | 'abort') {
  let tokensSent!: () => void;
  const tokens = new Promise<void>((r) => (tokensSent = r));
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().endsWith('/tokens')) tokensSent();
    events.push(`page sends ${new URL(r.url()).pathname.replace(/^\/v1\/\w+/, '')}`);
  });
  page.on('requestfinished', (r) => r.url().endsWith('/device-data') && r.method() === 'POST' && events.push('page device-data finished'));
  await page.context().route('**/device-data', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    if (how === 'abort') return route.abort('failed');
    await tokens;
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
}

for (const [checkout, path] of [
  ['on-page form layer', '/direct'],
  ['hosted fields', '/'],
] as const) {
  test(`${checkout} (${path}): the device-data POST completes before the merchant's charge request, which is approved under missing_device_data "decline"`, async ({
    page,
  }) => {
    await start({ missingDeviceData: 'decline' });
    await holdDeviceData(page, 'hold');
    await page.goto(`${merchant.url}${path}?lang=en`);
    if (path === '/') await fillHosted(page);
    else await fillCard(page, { number: '4111111111111111' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 15_000 });
    const charge = merchant.charges.at(-1)!;
    expect(charge).toMatchObject({ status: 'completed' });
    expect(charge.fraud_flags ?? []).not.toContain('missing_device_data');
    const session = merchant.received.at(-1)!.device_session_id!;
    const at = (e: string) => {
      expect(events, e).toContain(e);
      return events.indexOf(e);
    };
    // the race was real: the device data was still held when the page sent its token request
    expect(at('page sends /tokens')).toBeLessThan(at('page device-data finished'));
    // page side: the device-data request had finished before the page sent the charge request to the merchant
    expect(at('page device-data finished')).toBeLessThan(at('page sends /api/charge'));
    // server side: the sandbox stored this session's device data before the merchant's charge (and its own) arrived
    expect(at(`api /device-data ${session}`)).toBeLessThan(at('merchant /api/charge'));
    expect(at('merchant /api/charge')).toBeLessThan(at('api /charges'));
  });
}

test('hosted fields (/): a collection slower than the 1,500 ms bound (its hashing held 4 s in the frame) still reaches the API before the charge', async ({
  page,
}) => {
  await start({ missingDeviceData: 'decline' });
  page.on('request', (r) => r.method() === 'POST' && events.push(`page sends ${new URL(r.url()).pathname.replace(/^\/v1\/\w+/, '')}`));
  // in the frames only: every SHA-256 of the device data waits 4 s (the visitor id is its last step)
  await page.context().addInitScript(() => {
    if (!location.pathname.endsWith('/fields/v1/frame.html')) return;
    const digest = crypto.subtle.digest.bind(crypto.subtle);
    crypto.subtle.digest = (...args: Parameters<SubtleCrypto['digest']>) =>
      new Promise((r) => setTimeout(r, 4000)).then(() => digest(...args));
  });
  await page.goto(`${merchant.url}/?lang=en`);
  await fillHosted(page); // the first focus started the collection
  await page.getByRole('button', { name: LABELS.pay }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });
  const charge = merchant.charges.at(-1)!;
  expect(charge).toMatchObject({ status: 'completed' });
  expect(charge.fraud_flags ?? []).not.toContain('missing_device_data');
  const session = merchant.received.at(-1)!.device_session_id!;
  const at = (e: string) => {
    expect(events, e).toContain(e);
    return events.indexOf(e);
  };
  // the token request went first; the device data came after it (still being collected), and before the charge
  expect(at('page sends /tokens')).toBeLessThan(at('page sends /device-data'));
  expect(at(`api /device-data ${session}`)).toBeLessThan(at('merchant /api/charge'));
});

test('a device-data POST that fails does not block the payment: the charge completes, flagged missing_device_data (flag mode)', async ({
  page,
}) => {
  await start({ missingDeviceData: 'flag' });
  await holdDeviceData(page, 'abort');
  await page.goto(`${merchant.url}/direct?lang=en`);
  await fillCard(page, { number: '4111111111111111' });
  await page.getByRole('button', { name: LABELS.pay }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  expect(merchant.charges.at(-1)).toMatchObject({ status: 'completed', fraud_flags: expect.arrayContaining(['missing_device_data']) });
  expect(events.filter((e) => e.startsWith('api /device-data'))).toEqual([]);
});
