/**
 * One round trip per token: after the first call, Chromium answers the CORS preflight from its cache
 * (`Access-Control-Max-Age: 7200`), for our script-tag build as for the classic script. Preflights are counted
 * where they arrive, by the sandbox's request counter (Chromium does not show preflights to page.on('request'),
 * and no page.route is set: with one, Playwright would answer preflights itself).
 */
import { test, expect, FUTURE_YY } from './fixtures';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { CLASSIC_CREDS, configureClassic, LOOPBACK_ONLY_ARGS, startClassicPages, type ClassicPages } from './classic-page';

test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LOOPBACK_ONLY_ARGS } });

const CALLS = 30;
const CARD = { card_number: '4111111111111111', holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: FUTURE_YY, cvv2: '123' };

let api: RunningSandbox;
let pages: ClassicPages;
test.beforeAll(async () => {
  api = await startSandbox({ ...CLASSIC_CREDS, port: 0 });
  pages = await startClassicPages();
});
test.afterAll(async () => {
  await pages.close();
  await api.close();
});

/** Runs `calls` token.create calls of `global` one after the other; resolves with how many succeeded. */
const run = (page: import('@playwright/test').Page, global: 'PayToken' | 'OpenPay', calls: number) =>
  page.evaluate(
    async ({ global: name, calls: count, card }) => {
      let ok = 0;
      for (let i = 0; i < count; i++) {
        ok += await new Promise<number>((resolve) =>
          (window as any)[name].token.create(
            card,
            () => resolve(1),
            () => resolve(0),
          ),
        );
      }
      return ok;
    },
    { global, calls, card: CARD },
  );

const tokens = `/v1/${CLASSIC_CREDS.merchantId}/tokens`;

test(`${CALLS} token.create calls send one preflight, ours and the classic script's alike`, async ({ page }) => {
  await page.goto(`${pages.url}/both`);
  await configureClassic(page, api.baseUrl, pages.url);
  await page.evaluate(
    ({ apiUrl, creds }) => {
      const P = (window as any).PayToken;
      P.setId(creds.merchantId);
      P.setApiKey(creds.publicKey);
      P.setBaseUrl(apiUrl);
    },
    { apiUrl: api.baseUrl, creds: CLASSIC_CREDS },
  );

  api.counter.reset();
  expect(await run(page, 'PayToken', CALLS)).toBe(CALLS);
  expect(api.counter.count('POST', tokens)).toBe(CALLS);
  expect(api.counter.count('OPTIONS', tokens)).toBe(1);

  // the classic script's XHR is credentialed: a preflight cache entry of its own (credentials mode is part of the key)
  api.counter.reset();
  expect(await run(page, 'OpenPay', CALLS)).toBe(CALLS);
  expect(api.counter.count('POST', tokens)).toBe(CALLS);
  expect(api.counter.count('OPTIONS', tokens)).toBe(1);
});
