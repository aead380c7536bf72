/**
 * The demo merchant backend under attack, over HTTP (docs/security.md): it is no card-testing oracle
 * (generic decline for stolen, lost, fraudulent, restricted and held cards; the Error object in its log only;
 * attempt limits per session and per client address, test/merchant/sessions.test.ts), no CSRF target (same-origin check and a per-session token), charges tokens only,
 * and bounds bodies and what it keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant, GENERIC_DECLINES, MERCHANT_MAX_BODY_BYTES, RECEIVED_MAX, type RunningMerchant } from '../../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { basic } from '../../sandbox/test/contract/helpers';

const CREDS = { merchantId: 'mmerchant0test0001', publicKey: 'pk_merchant_test', privateKey: 'sk_merchant_test' };
let sandbox: RunningSandbox;
let merchant: RunningMerchant;
let limited: RunningMerchant;

beforeAll(async () => {
  sandbox = await startSandbox({ ...CREDS, port: 0 });
  merchant = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0, maxAttempts: 1000 });
  limited = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0, maxAttempts: 3, attemptWindowSeconds: 600 });
});

afterAll(async () => {
  await limited?.close();
  await merchant?.close();
  await sandbox?.close();
});

const year = String((new Date().getFullYear() + 3) % 100);

/** A token made with the public key, as the browser library makes it. */
async function token(card_number = '4111111111111111'): Promise<string> {
  const r = await fetch(`${sandbox.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: basic(CREDS.publicKey), 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number, holder_name: 'Ana', expiration_month: '12', expiration_year: year, cvv2: '123' }),
  });
  return ((await r.json()) as { id: string }).id;
}

/** The page's session cookie and CSRF token. */
async function session(m: RunningMerchant): Promise<{ cookie: string; csrf: string }> {
  const r = await fetch(`${m.url}/direct`); // the on-page form page: the one whose form posts to /charge
  const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(await r.text())![1]!;
  return { cookie, csrf };
}

/** The form post of the checkout page, same-origin, with the session's token unless `patch` changes it. */
async function formPost(
  m: RunningMerchant,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  s?: { cookie: string; csrf: string },
) {
  const { cookie, csrf } = s ?? (await session(m));
  // a header given as '' is left out
  const all = Object.entries({
    'Content-Type': 'application/x-www-form-urlencoded',
    Cookie: cookie,
    Origin: m.url,
    'Sec-Fetch-Site': 'same-origin',
    ...headers,
  }).filter(([, v]) => v !== '');
  const r = await fetch(`${m.url}/charge?lang=en`, {
    method: 'POST',
    headers: Object.fromEntries(all),
    body: new URLSearchParams({ csrf, ...fields }).toString(),
    redirect: 'manual',
  });
  return { status: r.status, html: await r.text(), location: r.headers.get('location') };
}

/** The SPA's JSON post, same-origin unless `headers` say otherwise (a `Cookie` header: that session's). */
async function jsonPost(m: RunningMerchant, body: unknown, headers: Record<string, string> = {}) {
  const all = Object.entries({ 'Content-Type': 'application/json', Origin: m.url, 'Sec-Fetch-Site': 'same-origin', ...headers }).filter(
    ([, v]) => v !== '',
  );
  const r = await fetch(`${m.url}/api/charge`, {
    method: 'POST',
    headers: Object.fromEntries(all),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json().catch(() => null)) as Record<string, unknown> | null };
}

const DSID = 'dsid0123456789abcdefABCDEF012345';

describe('no card-testing oracle', () => {
  const CARDS: [number, string, string][] = [
    [3004, '4000000000030041', 'stolen'],
    [3005, '4000000000030058', 'fraud'],
    [3009, '4000000000030090', 'lost'],
    [3010, '4000000000030108', 'restricted'],
    [3011, '4000000000030116', 'held'],
  ];

  it('the generic set is the library policy of src/fields/messages.ts', () => {
    expect([...GENERIC_DECLINES].sort()).toEqual(CARDS.map(([code]) => code));
  });

  it.each(CARDS)(
    '%i (%s card): the shopper sees the generic decline 3001 on both routes; the Error object goes to the log',
    async (code, pan) => {
      const before = merchant.logged.length;
      const page = await formPost(merchant, { token_id: await token(pan), device_session_id: DSID });
      expect(page.html).toContain('Card declined. Use another card or call your bank.');
      expect(page.html).not.toMatch(/stolen|lost|fraud|restricted|hold|3004|3005|3009|3010|3011/i);
      const spa = await jsonPost(merchant, { token_id: await token(pan), device_session_id: DSID });
      expect(spa).toEqual({ status: 402, body: { error_code: 3001, message: 'Tarjeta rechazada. Usa otra o llama a tu banco.' } });
      const log = merchant.logged.slice(before).filter((l) => l.startsWith('merchant charge failed: '));
      expect(log).toHaveLength(2);
      for (const line of log)
        expect(JSON.parse(line.slice('merchant charge failed: '.length))).toMatchObject({
          error_code: code,
          description: expect.any(String),
        });
    },
  );

  it('insufficient funds (3003) and the plain decline (3001) keep their own message, as the library does', async () => {
    expect(await jsonPost(merchant, { token_id: await token('4000000000030033'), device_session_id: DSID })).toMatchObject({
      status: 402,
      body: { error_code: 3003 },
    });
    expect(await jsonPost(merchant, { token_id: await token('4000000000000002'), device_session_id: DSID })).toMatchObject({
      status: 402,
      body: { error_code: 3001 },
    });
  });

  it('per-session attempt limit: the 4th charge attempt of a session within the window is 429 on either route, and no charge is made', async () => {
    const s = await session(limited);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await jsonPost(limited, { token_id: await token(), device_session_id: DSID }, { Cookie: s.cookie })).status);
      await fetch(`${limited.url}/new-order`, { headers: { Cookie: s.cookie }, redirect: 'manual' }); // the receipt's "new payment"
    }
    expect(statuses).toEqual([200, 200, 200]);
    const charges = sandbox.store.transactions.size;
    expect((await jsonPost(limited, { token_id: await token(), device_session_id: DSID }, { Cookie: s.cookie })).status).toBe(429);
    const page = await formPost(limited, { token_id: await token(), device_session_id: DSID }, {}, s);
    expect(page.status).toBe(429);
    expect(page.html).toContain('Too many payment attempts');
    expect(sandbox.store.transactions.size).toBe(charges);
  });
});

describe('no cross-site request forgery', () => {
  it('the same-origin form post with the session token charges (as browsers send it: Origin null under no-referrer)', async () => {
    for (const headers of [{}, { Origin: 'null' }, { 'Sec-Fetch-Site': '', Origin: '' }] as Record<string, string>[]) {
      const r = await formPost(merchant, { token_id: await token(), device_session_id: DSID }, headers);
      expect(r.status).toBe(303);
      expect(r.location).toMatch(/^\/order\/ord\w+-\d+\?lang=en$/);
    }
  });

  it.each([
    ['an Origin of another site (a browser without fetch metadata)', { Origin: 'https://evil.example', 'Sec-Fetch-Site': '' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('a form post with %s is 403 and charges nothing', async (_what, headers) => {
    const charges = sandbox.store.transactions.size;
    const r = await formPost(merchant, { token_id: await token(), device_session_id: DSID }, headers);
    expect(r.status).toBe(403);
    expect(sandbox.store.transactions.size).toBe(charges);
  });

  it("a form post without the CSRF token, with another session's token, or without the cookie is 403", async () => {
    const a = await session(merchant);
    const b = await session(merchant);
    const charges = sandbox.store.transactions.size;
    expect(
      (await formPost(merchant, { token_id: await token(), device_session_id: DSID }, {}, { cookie: a.cookie, csrf: '' })).status,
    ).toBe(403);
    expect(
      (await formPost(merchant, { token_id: await token(), device_session_id: DSID }, {}, { cookie: a.cookie, csrf: b.csrf })).status,
    ).toBe(403);
    expect(
      (await formPost(merchant, { token_id: await token(), device_session_id: DSID }, {}, { cookie: 'x=1', csrf: a.csrf })).status,
    ).toBe(403);
    expect(sandbox.store.transactions.size).toBe(charges);
  });

  it('the JSON route refuses a text/plain post (a cross-site "simple" request) and a foreign Origin', async () => {
    const body = JSON.stringify({ token_id: await token(), device_session_id: DSID });
    expect((await jsonPost(merchant, body, { 'Content-Type': 'text/plain' })).status).toBe(403);
    expect((await jsonPost(merchant, body, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await jsonPost(merchant, body, { Origin: 'https://evil.example', 'Sec-Fetch-Site': '' })).status).toBe(403);
    expect((await jsonPost(merchant, body)).status).toBe(200);
  });
});

describe('tokens only', () => {
  it('a stored merchant-level card id posted as token_id is refused without a charge (no CVV2-less charging)', async () => {
    const card = await fetch(`${sandbox.baseUrl}/v1/${CREDS.merchantId}/cards`, {
      method: 'POST',
      headers: { Authorization: basic(CREDS.privateKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        card_number: '5555555555554444',
        holder_name: 'Ana',
        expiration_month: '12',
        expiration_year: year,
        cvv2: '123',
      }),
    });
    const cardId = ((await card.json()) as { id: string }).id;
    const charges = sandbox.store.transactions.size;
    for (let i = 0; i < 3; i++)
      expect(await jsonPost(merchant, { token_id: cardId, device_session_id: DSID })).toMatchObject({
        status: 402,
        body: { error_code: 1005 },
      });
    const page = await formPost(merchant, { token_id: cardId, device_session_id: DSID });
    expect(page.html).toContain('Check the card details.');
    expect(sandbox.store.transactions.size).toBe(charges);
  });

  it.each(['../cards', 'tok_with_underscore', 'x'.repeat(46), 'tok%2F..'])(
    'a token_id without the id form (%s) is refused before any API call',
    async (token_id) => {
      const seen = sandbox.counter.total;
      expect(await jsonPost(merchant, { token_id, device_session_id: DSID })).toMatchObject({ status: 402, body: { error_code: 1005 } });
      expect(sandbox.counter.total).toBe(seen);
    },
  );
});

describe('bounded bodies and memory', () => {
  it(`a body over ${MERCHANT_MAX_BODY_BYTES} bytes is 413 on both routes (a 50 MB post included)`, async () => {
    const big = JSON.stringify({ token_id: 'tok1', device_session_id: DSID, pad: 'x'.repeat(MERCHANT_MAX_BODY_BYTES) });
    expect((await jsonPost(merchant, big)).status).toBe(413);
    expect((await formPost(merchant, { token_id: 'tok1', pad: 'x'.repeat(MERCHANT_MAX_BODY_BYTES) })).status).toBe(413);
    const huge = await fetch(`${merchant.url}/api/charge`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: merchant.url },
      body: 'x'.repeat(50 * 1024 * 1024),
    }).catch(() => null);
    expect(huge === null || huge.status === 413).toBe(true);
  });

  it(`received keeps the newest ${RECEIVED_MAX} bodies only`, async () => {
    for (let i = 0; i < RECEIVED_MAX + 20; i++) await jsonPost(merchant, { n: String(i) });
    expect(merchant.received).toHaveLength(RECEIVED_MAX);
    expect(merchant.received.at(-1)).toEqual({ n: String(RECEIVED_MAX + 19) });
  });
});

describe("GET /api/charge/{id}: the charge after the bank, for the SPA (read server side, in the shopper's terms)", () => {
  let shopper: { cookie: string; csrf: string };
  beforeAll(async () => {
    shopper = await session(merchant);
  });
  const get = async (id: string, lang = 'es') => {
    const r = await fetch(`${merchant.url}/api/charge/${id}?lang=${lang}`, { headers: { Cookie: shopper.cookie } });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };

  it('a completed charge: the receipt rows and its order to watch (no status: only the order says paid), the amount formatted (no anti-fraud flags)', async () => {
    const paid = await jsonPost(merchant, { token_id: await token(), device_session_id: DSID }, { Cookie: shopper.cookie });
    const id = (paid.body!.transaction as Record<string, unknown>).id as string;
    const r = await get(id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ transaction: paid.body!.transaction, order: paid.body!.order, order_id: paid.body!.order_id });
    expect(Object.keys(r.body.transaction as object)).toEqual(['id', 'authorization', 'order_id', 'amount', 'card']);
    expect((r.body.transaction as Record<string, unknown>).amount).toBe('$349.00 MXN');
  });

  it("a 3-D Secure charge not authenticated yet: charge_pending and why, in the shopper's language", async () => {
    await fetch(`${merchant.url}/new-order`, { headers: { Cookie: shopper.cookie }, redirect: 'manual' });
    const pending = await jsonPost(
      merchant,
      { token_id: await token('4000000000030124'), device_session_id: DSID },
      { Cookie: shopper.cookie },
    );
    expect(pending.body!.redirect).toMatch(/\/3ds\//);
    const id = String(merchant.charges.at(-1)!.id);
    expect(await get(id, 'en')).toEqual({
      status: 200,
      body: {
        status: 'charge_pending',
        message: 'You did not finish the verification with your bank. You were not charged; you can try again.',
      },
    });
  });

  it.each(['tr0000000000000000000unknown', 'x'.repeat(46), 'a%2E%2E', 'tr_underscore'])(
    'an unknown or malformed id (%s) is 404 with 1005',
    async (id) => {
      const calls = merchant.charges.length;
      expect(await get(id)).toEqual({ status: 404, body: { error_code: 1005, message: expect.any(String) } });
      expect(merchant.charges.length).toBe(calls);
    },
  );
});
