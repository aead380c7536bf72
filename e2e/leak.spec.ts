/**
 * Card data goes to the API's tokens endpoint and nowhere else. A full checkout of the demo page in Debian's
 * Chromium, with every request (URL, headers, body), response, console line, page error, navigation, storage
 * and cookie write, history change and CSP violation recorded, must show the PAN and CVV2 only in the body of
 * the one POST to `{base_url}/v1/{merchant_id}/tokens` (or `/cards`) on the configured API origin: never in a
 * request to the merchant, a URL, a header, a log line (browser console or the sandbox's access log), storage,
 * a cookie, or a response. The page also runs with zero CSP violations under its strict policy.
 *
 * Inputs are found by their `data-paytoken-card` attributes only, so the test holds whatever the page looks like.
 */
import { expect, test } from '@playwright/test';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { cvv2Pattern, hasCardData, headersText, panForms, randomCvv2, randomPan, record } from './instrument';

const CREDS = { merchantId: 'mleak0merchant0001', publicKey: 'pk_leak_public', privateKey: 'sk_leak_private' };

let sandbox: RunningSandbox;
let merchant: RunningMerchant;
const serverLog: string[] = [];

test.beforeAll(async () => {
  sandbox = await startSandbox({ ...CREDS, port: 0, log: (line) => serverLog.push(line) });
  merchant = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0 });
});

test.afterAll(async () => {
  await merchant?.close();
  await sandbox?.close();
});

test('the PAN and CVV2 travel only in the body of the POST to the API tokens endpoint', async ({ page, context }) => {
  const pan = randomPan();
  const cvv2 = randomCvv2();
  const rec = await record(context, page);
  const api = new URL(sandbox.baseUrl).origin;

  await page.goto(`${merchant.url}/direct`);
  const field = (name: string) => page.locator(`[data-paytoken-card="${name}"]`);
  await field('holder_name').pressSequentially('Ana Pérez');
  await field('card_number').pressSequentially(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
  await field('expiry').pressSequentially(`12${String((new Date().getFullYear() + 3) % 100)}`);
  await field('cvv2').pressSequentially(cvv2);
  await field('cvv2').press('Enter');

  // the checkout completed: the merchant got the token (POST /api/charge), charged it, and the receipt shows
  await page.waitForURL(/\/order\//);
  await expect.poll(() => merchant.received.length).toBe(1);
  expect([...sandbox.store.transactions.values()].map((t) => t.status)).toEqual(['completed']);
  await page.waitForLoadState('load');
  await rec.settled();

  // 1. exactly one request carries card data: the POST to the tokens (or cards) endpoint on the API origin
  const carriers = rec.requests.filter((r) => hasCardData(r.body, pan, cvv2));
  expect(carriers).toHaveLength(1);
  const carrier = carriers[0]!;
  expect(carrier.method).toBe('POST');
  expect(new URL(carrier.url).origin).toBe(api);
  expect(new URL(carrier.url).pathname).toMatch(new RegExp(`^/v1/${CREDS.merchantId}/(tokens|cards)$`));
  expect(JSON.parse(carrier.body)).toMatchObject({ card_number: pan, cvv2 });
  expect(carrier.headers['content-type']).toBe('application/json');

  // 2. no URL, header or other body anywhere has it; the merchant got only token_id and device_session_id
  for (const r of rec.requests) {
    expect(hasCardData(r.url, pan, cvv2), r.url).toBe(false);
    expect(hasCardData(headersText(r), pan, cvv2), `headers of ${r.url}`).toBe(false);
    if (r !== carrier) expect(hasCardData(r.body, pan, cvv2), `body of ${r.method} ${r.url}`).toBe(false);
  }
  const toMerchant = rec.requests.filter((r) => new URL(r.url).origin === new URL(merchant.url).origin);
  expect(toMerchant.length).toBeGreaterThanOrEqual(2); // the page, its scripts, the token post
  expect(Object.keys(merchant.received[0]!).sort()).toEqual(['device_session_id', 'token_id']);
  expect(hasCardData(JSON.stringify(merchant.received), pan, cvv2)).toBe(false);
  for (const url of [...rec.navigations, page.url()]) expect(hasCardData(url, pan, cvv2), url).toBe(false);

  // 3. no response echoes it (bodies the browser could still read; the token response may be gone with the
  // navigation, so the token is read back from the API: masked, no CVV2)
  for (const r of rec.responses) expect(hasCardData(r.body, pan, cvv2), `response of ${r.url}`).toBe(false);
  expect(rec.responses.some((r) => /\/order\//.test(r.url) && r.body.length > 0)).toBe(true);
  const tokenId = merchant.received[0]!.token_id!;
  const token = await (
    await fetch(`${sandbox.baseUrl}/v1/${CREDS.merchantId}/tokens/${tokenId}`, {
      headers: { Authorization: `Basic ${Buffer.from(`${CREDS.privateKey}:`).toString('base64')}` },
    })
  ).text();
  expect(JSON.parse(token).card.card_number).toBe(`XXXXXXXXXXXX${pan.slice(-4)}`);
  expect(hasCardData(token, pan, cvv2)).toBe(false);

  // 4. no log line: browser console, page errors, the sandbox's access log
  for (const line of [...rec.console, ...rec.pageErrors, ...serverLog]) expect(hasCardData(line, pan, cvv2), line).toBe(false);
  expect(serverLog.some((l) => l.startsWith(`POST /v1/${CREDS.merchantId}/tokens 201`))).toBe(true);
  expect(rec.pageErrors).toEqual([]);

  // 5. no storage, cookie, cache or history write carries it, and nothing is left in storage at the end
  for (const w of rec.inPage.filter((write) => write.kind !== 'csp'))
    expect(hasCardData(w.detail, pan, cvv2), `${w.kind} ${w.detail}`).toBe(false);
  const stored = await page.evaluate(async () => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    idb: JSON.stringify(await indexedDB.databases()),
    caches: JSON.stringify(await caches.keys()),
  }));
  for (const [where, text] of Object.entries(stored)) expect(hasCardData(text, pan, cvv2), where).toBe(false);
  const cookies = await context.cookies();
  expect(hasCardData(JSON.stringify(cookies), pan, cvv2)).toBe(false);

  // 6. zero CSP violations, from the event listener and from the console
  expect(rec.inPage.filter((w) => w.kind === 'csp')).toEqual([]);
  expect(rec.console.filter((l) => /Content[- ]Security[- ]Policy|Trusted Type|Refused to/i.test(l))).toEqual([]);
});

test('the recorder does catch card data where it does not belong (the test above can fail)', async ({ page, context }) => {
  const pan = randomPan();
  const rec = await record(context, page);
  await page.goto(`${merchant.url}/direct`);
  // a page that misbehaves: storage, cookie, console, URL
  await page.evaluate((p) => {
    localStorage.setItem('card', p);
    document.cookie = `c=${p.replace(/(\d{4})(?=\d)/g, '$1 ')}`;
    console.log(`card ${p}`);
    history.replaceState(null, '', `?pan=${p}`);
    localStorage.clear();
  }, pan);
  await expect.poll(() => rec.inPage.length).toBeGreaterThanOrEqual(3);
  expect(
    rec.inPage
      .filter((w) => hasCardData(w.detail, pan, '000'))
      .map((w) => w.kind)
      .sort(),
  ).toEqual(['cookie', 'history', 'storage']);
  expect(rec.console.some((l) => hasCardData(l, pan, '000'))).toBe(true);
  expect(hasCardData(page.url(), pan, '000')).toBe(true);
  // a CSP violation is seen both by the event listener and on the console
  await page.evaluate(() => fetch('http://127.0.0.1:9/elsewhere').catch(() => 'blocked'));
  await expect.poll(() => rec.inPage.filter((w) => w.kind === 'csp').map((w) => w.detail.split(' ')[0])).toContain('connect-src');
  await expect.poll(() => rec.console.some((l) => /Content Security Policy/i.test(l))).toBe(true);
  expect(panForms('4111111111111111')).toContain('4111+1111+1111+1111');
  expect(cvv2Pattern('987').test('tok987')).toBe(false);
  expect(cvv2Pattern('987').test('"cvv2":"987"')).toBe(true);
});

test('the checkout page is served with the strict CSP a merchant needs', async ({ page }) => {
  const res = await page.goto(`${merchant.url}/direct`);
  const csp = Object.fromEntries(
    res!
      .headers()
      ['content-security-policy']!.split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v.join(' ')]),
  );
  expect(csp['connect-src']).toBe(`'self' ${new URL(sandbox.baseUrl).origin}`); // the API, and the token to this backend
  expect(csp['script-src']).toBe("'self'");
  expect(csp['require-trusted-types-for']).toBe("'script'");
  expect(csp['default-src']).toBe("'none'");
  expect(JSON.stringify(csp)).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
});
