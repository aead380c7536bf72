/**
 * The processor's classic browser scripts (`openpay-js` 1.0.0: openpay.v1.js and openpay-data.v1.js) run their
 * own README examples in Chromium against the local sandbox: token.create, extractFormAndCreate on the README's
 * `data-openpay-card` form (passed as a jQuery object, as the README does), deviceData.setup, the error callbacks'
 * documented shape, and a charge of the token with its device_session_id. Everything stays on loopback: the
 * scripts' hosts are pointed at 127.0.0.1, Chromium resolves no other name, and the anti-fraud endpoints the spec
 * does not have land in the page server's trap (e2e/classic-page.ts), whose list the README repeats.
 */
import { test, expect, FUTURE_YY } from './fixtures';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { CLASSIC_CREDS, configureClassic, LOOPBACK_ONLY_ARGS, startClassicPages, type ClassicPages } from './classic-page';

test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LOOPBACK_ONLY_ARGS } });

let api: RunningSandbox;
let pages: ClassicPages;
test.beforeAll(async () => {
  api = await startSandbox({ ...CLASSIC_CREDS, port: 0, fraud: { velocityMaxCards: 0 } });
  pages = await startClassicPages();
});
test.afterAll(async () => {
  await pages.close();
  await api.close();
});

/** The classic README's token.create example, with an expiry that has not passed (its "20" has). */
const README_CARD = {
  card_number: '4111111111111111',
  holder_name: 'Juan Perez Ramirez',
  expiration_year: FUTURE_YY,
  expiration_month: '12',
  cvv2: '110',
  address: {
    city: 'Querétaro',
    line3: 'Queretaro',
    postal_code: '76900',
    line1: 'Av 5 de Febrero',
    line2: 'Roble 207',
    state: 'Queretaro',
    country_code: 'MX',
  },
};

const tokensPath = () => `/v1/${CLASSIC_CREDS.merchantId}/tokens`;

/** What a classic callback received, made serialisable (its `toString` called). */
interface Outcome {
  ok: boolean;
  status: number;
  message?: string;
  data: any;
  keys: string[];
  text?: string;
}

test.describe('the classic script against the sandbox (Chromium)', () => {
  const seen: string[] = [];
  test.beforeEach(async ({ page }) => {
    seen.length = 0;
    page.on('request', (r) => seen.push(`${r.method()} ${r.url()}`));
    await page.goto(`${pages.url}/classic`);
    await configureClassic(page, api.baseUrl, pages.url);
  });
  test.afterEach(() => {
    // nothing the page asked for left loopback
    // loopback only; `blob:` is the device data's consistency Worker, made in the page (no network)
    for (const line of seen) expect(line).toMatch(/^[A-Z]+ (blob:)?http:\/\/127\.0\.0\.1:\d+\//);
  });

  const create = (page: import('@playwright/test').Page, card: unknown) =>
    page.evaluate(
      (cardData) =>
        new Promise<Outcome>((resolve) => {
          const done = (ok: boolean) => (r: any) =>
            resolve({
              ok,
              status: r.status,
              message: r.message,
              data: r.data,
              keys: Object.keys(r).sort(),
              text: ok ? undefined : String(r),
            });
          (window as any).OpenPay.token.create(cardData, done(true), done(false));
        }),
      card,
    );

  test('token.create (README example): success callback with {data: Token, status: 200}, credentialed CORS accepted', async ({ page }) => {
    api.counter.reset();
    const r = await create(page, README_CARD);
    expect(r.ok).toBe(true);
    expect(r.status).toBe(200);
    expect(r.keys).toEqual(['data', 'status']);
    expect(r.data.id).toMatch(/^[A-Za-z0-9]{1,45}$/);
    expect(r.data.card).toMatchObject({
      brand: 'visa',
      holder_name: 'Juan Perez Ramirez',
      expiration_month: '12',
      expiration_year: FUTURE_YY,
    });
    expect(r.data.card.card_number).not.toBe(README_CARD.card_number);
    expect(api.counter.count('POST', tokensPath())).toBe(1);
    expect(api.counter.count('OPTIONS', tokensPath())).toBe(1);
  });

  test("token.extractFormAndCreate($('#processCard')) on the README's data-openpay-card form", async ({ page }) => {
    const values: Record<string, string> = {
      '[data-openpay-card="holder_name"]': 'Juan Perez Ramirez',
      '[data-openpay-card="card_number"]': '5555555555554444',
      '[data-openpay-card="expiration_year"]': FUTURE_YY,
      '[data-openpay-card="expiration_month"]': '07',
      '[data-openpay-card="cvv2"]': '123',
      '[data-openpay-card-address="line1"]': 'Av 5 de Febrero',
      '[data-openpay-card-address="line2"]': 'Roble 207',
      '[data-openpay-card-address="line3"]': 'Queretaro',
      '[data-openpay-card-address="postal_code"]': '76900',
      '[data-openpay-card-address="city"]': 'Querétaro',
      '[data-openpay-card-address="state"]': 'Queretaro',
      '[data-openpay-card-address="country_code"]': 'MX',
    };
    for (const [sel, v] of Object.entries(values)) await page.fill(sel, v);
    const r = await page.evaluate(
      () =>
        new Promise<Outcome>((resolve) => {
          const w = window as any;
          const done = (ok: boolean) => (res: any) =>
            resolve({ ok, status: res.status, message: res.message, data: res.data, keys: Object.keys(res).sort() });
          w.OpenPay.token.extractFormAndCreate(w.$('#processCard'), done(true), done(false), 'customer-id-ignored');
        }),
    );
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(r.status).toBe(200);
    expect(r.data.card).toMatchObject({ brand: 'mastercard', holder_name: 'Juan Perez Ramirez', expiration_month: '07' });
    expect(r.data.card.address).toMatchObject({ city: 'Querétaro', postal_code: '76900', country_code: 'MX' });
  });

  test('deviceData.setup(formId) adds the hidden deviceDataId input; the token is charged with it; anti-fraud extras stay in the trap', async ({
    page,
  }) => {
    pages.trapped.length = 0;
    const id = await page.evaluate(() => (window as any).OpenPay.deviceData.setup('processCard'));
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    const input = page.locator('#processCard input[type="hidden"]');
    await expect(input).toHaveCount(1);
    expect(await input.getAttribute('name')).toBe('deviceDataId');
    expect(await input.getAttribute('id')).toBe('deviceDataId');
    expect(await input.inputValue()).toBe(id);
    // missing form: the id, no input, no throw
    expect(await page.evaluate(() => (window as any).OpenPay.deviceData.setup('missingForm'))).toBe(id);

    const r = await create(page, README_CARD);
    expect(r.ok).toBe(true);
    // the merchant's server charges the token with the private key, server to server
    const charge = await fetch(`${api.baseUrl}/v1/${CLASSIC_CREDS.merchantId}/charges`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${CLASSIC_CREDS.privateKey}:`).toString('base64')}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
      },
      body: JSON.stringify({
        method: 'card',
        source_id: r.data.id,
        amount: 100,
        description: 'Classic script order',
        device_session_id: id,
        customer: { name: 'Juan', last_name: 'Perez Ramirez', email: 'juan@example.com' },
      }),
    });
    const tx = await charge.json();
    expect(charge.status, JSON.stringify(tx)).toBe(201);
    expect(tx).toMatchObject({ status: 'completed', method: 'card', amount: 100 });
    // the classic script sends its device data to the processor's own anti-fraud service, not to the spec's
    // API: the sandbox knows no device data under this id, and says so
    expect(tx.fraud_flags).toContain('missing_device_data'); // the sandbox's rule for it (sandbox/src/fraud/fraud-rules.ts)

    // the anti-fraud endpoints the spec lacks: two GETs (setup's key request and collect's components)
    await expect
      .poll(() => [...pages.trapped].sort())
      .toEqual(
        [
          `GET /antifraud/${CLASSIC_CREDS.merchantId}/components?s=${id}`,
          `GET /v1/${CLASSIC_CREDS.merchantId}/antifraudkeys`,
          `GET /antifraud/${CLASSIC_CREDS.merchantId}/components?s=${id}`,
          `GET /v1/${CLASSIC_CREDS.merchantId}/antifraudkeys`,
        ].sort(),
      );
  });

  test('error callbacks have the documented {message, status, data: Error object} and toString', async ({ page }) => {
    const luhn = await create(page, { ...README_CARD, card_number: '4111111111111112' });
    expect(luhn).toMatchObject({ ok: false, status: 422, message: 'Request error', text: 'Request error [status 422]' });
    expect(Object.keys(luhn.data).sort()).toEqual(['category', 'description', 'error_code', 'http_code', 'request_id']);
    expect(luhn.data).toMatchObject({ category: 'request', error_code: 2004, http_code: 422 });
    expect(luhn.data.request_id).toMatch(/\S/);

    await page.evaluate(() => (window as any).OpenPay.setApiKey('pk_unknown0key'));
    const auth = await create(page, README_CARD);
    expect(auth).toMatchObject({ ok: false, status: 401, message: 'Request error', text: 'Request error [status 401]' });
    expect(auth.data).toMatchObject({ error_code: 1002, http_code: 401 });

    api.counter.reset();
    await page.evaluate(() => (window as any).OpenPay.setId(''));
    const noId = await create(page, README_CARD);
    expect(noId).toMatchObject({ ok: false, status: 0, message: 'Empty or invalid Openpay ID', data: {} });
    expect(api.counter.total).toBe(0);
  });
});

/**
 * The same README examples, migrated as docs/classic-script.md ("Migrating from openpay.js") says: the global renamed
 * to PayToken, `data-openpay-card` to `data-paytoken-card`, `setBaseUrl(url)` for the host; everything else as the
 * classic README writes it (jQuery form, callbacks, deviceData.setup's defaults, card.* helpers).
 */
test.describe('the classic README examples migrated to PayToken (Chromium)', () => {
  const seen: string[] = [];
  test.beforeEach(async ({ page }) => {
    seen.length = 0;
    page.on('request', (r) => seen.push(`${r.method()} ${r.url()}`));
    await page.goto(`${pages.url}/migrated`);
    await page.evaluate(
      ({ apiUrl, creds }) => {
        const PayToken = (window as any).PayToken;
        PayToken.setId(creds.merchantId);
        PayToken.setApiKey(creds.publicKey);
        PayToken.setSandboxMode(true);
        PayToken.setBaseUrl(apiUrl); // the one added line: hosts are configuration
      },
      { apiUrl: api.baseUrl, creds: CLASSIC_CREDS },
    );
  });
  test.afterEach(() => {
    // loopback only; `blob:` is the device data's consistency Worker, made in the page (no network)
    for (const line of seen) expect(line).toMatch(/^[A-Z]+ (blob:)?http:\/\/127\.0\.0\.1:\d+\//);
  });

  const create = (page: import('@playwright/test').Page, card: unknown) =>
    page.evaluate(
      (cardData) =>
        new Promise<Outcome>((resolve) => {
          const done = (ok: boolean) => (r: any) =>
            resolve({
              ok,
              status: r.status,
              message: r.message,
              data: r.data,
              keys: Object.keys(r)
                .filter((k) => k !== 'toString')
                .sort(),
              text: ok ? undefined : String(r),
            });
          (window as any).PayToken.token.create(cardData, done(true), done(false));
        }),
      card,
    );

  test('token.create: success with {data: Token, status: 200}, as the classic script', async ({ page }) => {
    const r = await create(page, README_CARD);
    expect(r).toMatchObject({ ok: true, status: 200, keys: ['data', 'status'] });
    expect(r.data.card).toMatchObject({ brand: 'visa', holder_name: 'Juan Perez Ramirez' });
  });

  test("token.extractFormAndCreate($('#processCard')) on the README form (data-paytoken-card)", async ({ page }) => {
    const fill: [string, string][] = [
      ['[data-paytoken-card="holder_name"]', 'Juan Perez Ramirez'],
      ['[data-paytoken-card="card_number"]', '5555555555554444'],
      ['[data-paytoken-card="expiration_year"]', FUTURE_YY],
      ['[data-paytoken-card="expiration_month"]', '07'],
      ['[data-paytoken-card="cvv2"]', '123'],
      ['[data-paytoken-card-address="line1"]', 'Av 5 de Febrero'],
      ['[data-paytoken-card-address="postal_code"]', '76900'],
      ['[data-paytoken-card-address="city"]', 'Querétaro'],
      ['[data-paytoken-card-address="state"]', 'Queretaro'],
      ['[data-paytoken-card-address="country_code"]', 'MX'],
    ];
    for (const [sel, v] of fill) await page.fill(sel, v);
    const r = await page.evaluate(
      () =>
        new Promise<Outcome>((resolve) => {
          const w = window as any;
          const done = (ok: boolean) => (res: any) => resolve({ ok, status: res.status, message: res.message, data: res.data, keys: [] });
          w.PayToken.token.extractFormAndCreate(w.$('#processCard'), done(true), done(false), 'customer-id-ignored');
        }),
    );
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(r.status).toBe(200);
    expect(r.data.card).toMatchObject({ brand: 'mastercard', expiration_month: '07', address: { city: 'Querétaro', country_code: 'MX' } });
  });

  test('deviceData.setup(formId): the hidden deviceDataId input; setup("missingForm") returns the id; the charge goes through', async ({
    page,
  }) => {
    const id = await page.evaluate(() => (window as any).PayToken.deviceData.setup('processCard'));
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    const input = page.locator('#processCard input[type="hidden"]');
    await expect(input).toHaveCount(1);
    expect([await input.getAttribute('name'), await input.getAttribute('id'), await input.inputValue()]).toEqual([
      'deviceDataId',
      'deviceDataId',
      id,
    ]);
    expect(await page.evaluate(() => (window as any).PayToken.deviceData.setup('missingForm'))).toBe(id);
    const r = await create(page, README_CARD);
    const charge = await fetch(`${api.baseUrl}/v1/${CLASSIC_CREDS.merchantId}/charges`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${CLASSIC_CREDS.privateKey}:`).toString('base64')}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
      },
      body: JSON.stringify({
        method: 'card',
        source_id: r.data.id,
        amount: 100,
        description: 'Migrated order',
        device_session_id: id,
        customer: { name: 'Juan', email: 'juan@example.com' },
      }),
    });
    expect(charge.status).toBe(201);
    expect(await charge.json()).toMatchObject({ status: 'completed', amount: 100 });
  });

  test('failures: {message, status, data: Error object} and toString "<message> [status <status>]"; a bad id throws at setId', async ({
    page,
  }) => {
    const luhn = await create(page, { ...README_CARD, card_number: '4111111111111112' });
    // caught before any request: the Error object the API would send (2004, 422), the field and rule named
    expect(luhn).toMatchObject({ ok: false, status: 422, message: 'card_number: luhn', text: 'card_number: luhn [status 422]' });
    expect(luhn.data).toMatchObject({ category: 'request', error_code: 2004, http_code: 422, field: 'card_number', reason: 'luhn' });
    await page.evaluate(() => (window as any).PayToken.setApiKey('pk_unknown0key'));
    const auth = await create(page, README_CARD);
    expect(auth).toMatchObject({ ok: false, status: 401, data: { error_code: 1002, http_code: 401 } });
    expect(auth.text).toBe(`${auth.message} [status 401]`);
    expect(Object.keys(auth.data).sort()).toEqual(['category', 'description', 'error_code', 'http_code', 'request_id']);
    const thrown = await page.evaluate(() => {
      try {
        (window as any).PayToken.setId('');
        return null;
      } catch (e) {
        return (e as Error).name;
      }
    });
    expect(thrown).toBe('ConfigurationError');
  });

  test('card.* as the classic README shows them', async ({ page }) => {
    const out = await page.evaluate(() => {
      const c = (window as any).PayToken.card;
      return {
        types: [
          '5555555555554444',
          '4111111111111111',
          '4917300800000000',
          '378282246310005',
          '30569309025904',
          '6011111111111117',
          '3530111333300000',
        ].map(c.cardType),
        numbers: [c.validateCardNumber('5555555555554444'), c.validateCardNumber('378282246310005')],
        cvc: [c.validateCVC('123'), c.validateCVC('1234'), c.validateCVC('A23')],
        expiry: c.validateExpiry('01', '2013'),
      };
    });
    expect(out.types).toEqual(['Mastercard', 'Visa', 'Visa Electron', 'American Express', 'Diners Club Carte Blanche', 'Discover', 'JCB']);
    expect(out.numbers).toEqual([true, false]);
    expect(out.cvc).toEqual([true, true, false]);
    expect(out.expiry).toBe(false);
  });
});
