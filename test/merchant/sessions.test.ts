/**
 * The demo merchant per shopper (docs/sandbox.md, "The demo merchant"): attempts limited per session and per client
 * address, so one shopper never locks out another; `X-Forwarded-For` read only from the `trustProxy` address, and
 * the shopper's address sent to the API; result pages bound to the session (404 as for an unknown id); one charge
 * per order (the cart's `order_id`, the API's 1006, "already paid" with the receipt link); and nothing the shopper
 * typed in the merchant's log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant, DEFAULT_MAX_ATTEMPTS, type RunningMerchant } from '../../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { basic } from '../../sandbox/test/contract/helpers';

const CREDS = { merchantId: 'msessions0test0001', publicKey: 'pk_sessions_test', privateKey: 'sk_sessions_test' };
const HOLDER = 'Zacarías Ñandú Typed-Name';
const DSID = 'dsid0123456789abcdefABCDEF012345';
let sandbox: RunningSandbox;
/** The X-Forwarded-For of every charge the sandbox received, in order. */
const forwarded: string[] = [];
let shop: RunningMerchant;
let tight: RunningMerchant;
let proxied: RunningMerchant;

beforeAll(async () => {
  sandbox = await startSandbox({
    ...CREDS,
    port: 0,
    fraud: { velocityMaxCards: 0, ipVelocityMaxCards: 0 },
    requestLog: (r) => r.method === 'POST' && r.url.endsWith('/charges') && forwarded.push(r.headers['x-forwarded-for'] ?? ''),
  });
  const base = { ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0 };
  shop = await startMerchant(base);
  tight = await startMerchant({ ...base, maxAttempts: 3 });
  proxied = await startMerchant({ ...base, maxAttempts: 100, maxAttemptsPerAddress: 4, trustProxy: '127.0.0.1' });
});
afterAll(async () => {
  for (const m of [shop, tight, proxied]) await m?.close();
  await sandbox?.close();
});

const year = String((new Date().getFullYear() + 3) % 100);

/** A token made with the public key, as the browser library makes it, with the name the shopper typed. */
async function token(card_number = '4111111111111111'): Promise<string> {
  const r = await fetch(`${sandbox.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: basic(CREDS.publicKey), 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number, holder_name: HOLDER, expiration_month: '12', expiration_year: year, cvv2: '123' }),
  });
  return ((await r.json()) as { id: string }).id;
}

interface Shopper {
  cookie: string;
  csrf: string;
}

/** A new shopper: the checkout page's session cookie and CSRF token. */
async function visit(m: RunningMerchant): Promise<Shopper> {
  const r = await fetch(`${m.url}/direct`);
  return { cookie: r.headers.get('set-cookie')!.split(';')[0]!, csrf: /name="csrf" value="([^"]+)"/.exec(await r.text())![1]! };
}

/** The page's JSON charge as `who` (no cookie: a client that drops it), with extra headers. */
async function pay(m: RunningMerchant, who: Shopper | null, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await fetch(`${m.url}/api/charge?lang=en`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...(who ? { Cookie: who.cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

/** The classic form post as `who`. */
async function formPay(m: RunningMerchant, who: Shopper, fields: Record<string, string>) {
  const r = await fetch(`${m.url}/charge?lang=en`, {
    method: 'POST',
    headers: { Cookie: who.cookie, 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ csrf: who.csrf, ...fields }),
    redirect: 'manual',
  });
  return { status: r.status, html: await r.text() };
}

/** The receipt's "new payment" link: a new cart for the session. */
const newOrder = (m: RunningMerchant, who: Shopper) =>
  fetch(`${m.url}/new-order?lang=en`, { headers: { Cookie: who.cookie }, redirect: 'manual' });

/** GET of a result page as `who` (null: without a cookie). */
const view = async (m: RunningMerchant, who: Shopper | null, path: string) => {
  const r = await fetch(`${m.url}${path}`, { headers: who ? { Cookie: who.cookie } : {} });
  return { status: r.status, text: await r.text() };
};

/** A card order's page as `who` once the webhook's event has made it paid (bounded wait: the event comes in milliseconds). */
async function paidView(m: RunningMerchant, who: Shopper, path: string) {
  let page = await view(m, who, path);
  for (let i = 0; i < 100 && !page.text.includes('data-status="paid"'); i++) {
    await new Promise((r) => setTimeout(r, 50));
    page = await view(m, who, path);
  }
  return page;
}

describe('fair limits: no shopper locks out another', () => {
  it(`the default (${DEFAULT_MAX_ATTEMPTS} per session) lets 25 charges from one session through, and a second session still pays`, async () => {
    const first = await visit(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await pay(shop, first, { token_id: await token(), device_session_id: DSID })).status);
      await newOrder(shop, first);
    }
    expect(statuses).toEqual(Array(25).fill(200));
    const second = await visit(shop);
    expect((await pay(shop, second, { token_id: await token(), device_session_id: DSID })).status).toBe(200);
  });

  it('a session over its limit gets 429 (nothing charged); another session from the same address pays', async () => {
    const first = await visit(tight);
    for (let i = 0; i < 3; i++) {
      expect((await pay(tight, first, { token_id: await token('4000000000000002'), device_session_id: DSID })).status).toBe(402);
    }
    const charges = sandbox.store.transactions.size;
    expect(await pay(tight, first, { token_id: await token(), device_session_id: DSID })).toMatchObject({ status: 429 });
    expect((await formPay(tight, first, { token_id: await token(), device_session_id: DSID })).status).toBe(429);
    expect(sandbox.store.transactions.size).toBe(charges);
    const second = await visit(tight);
    expect((await pay(tight, second, { token_id: await token(), device_session_id: DSID })).status).toBe(200);
  });

  it('a client dropping its cookie meets the per-address bound; behind the trusted proxy each shopper address has its own', async () => {
    const from = (address: string) => ({ 'X-Forwarded-For': `198.51.100.99, ${address}` });
    for (let i = 0; i < 4; i++)
      expect((await pay(proxied, null, { token_id: await token(), device_session_id: DSID }, from('203.0.113.1'))).status).toBe(200);
    expect((await pay(proxied, null, { token_id: await token(), device_session_id: DSID }, from('203.0.113.1'))).status).toBe(429);
    expect((await pay(proxied, null, { token_id: await token(), device_session_id: DSID }, from('203.0.113.2'))).status).toBe(200);
    // the address sent to the API is the shopper's (the last entry, added by the trusted proxy)
    expect(forwarded.at(-1)).toBe('203.0.113.2');
  });

  it('without --trust-proxy, X-Forwarded-For from the client is ignored: the API gets the socket peer', async () => {
    const who = await visit(shop);
    await pay(shop, who, { token_id: await token(), device_session_id: DSID }, { 'X-Forwarded-For': '203.0.113.66' });
    expect(forwarded.at(-1)).toBe('127.0.0.1');
  });
});

describe('result pages bound to the session', () => {
  it("/api/charge/:id, /3ds/return and /order/:id answer the session's own charge; another session or none gets the shop's not-found page, as for an unknown id", async () => {
    const owner = await visit(shop);
    const paid = await pay(shop, owner, { token_id: await token(), device_session_id: DSID });
    const id = paid.body.transaction.id as string;
    const receipt = paid.body.order as string;
    expect(receipt).toBe(`/order/${paid.body.order_id}?lang=en`);
    const stranger = await visit(shop);
    const unknown = {
      api: await view(shop, owner, '/api/charge/tr0000000000000000000unknown'),
      back: await view(shop, owner, '/3ds/return?id=tr0000000000000000000unknown&lang=en'),
      receipt: await view(shop, owner, '/order/ordAAAAAAAAAAAA-1'),
    };
    expect((await view(shop, owner, `/api/charge/${id}`)).status).toBe(200);
    expect((await paidView(shop, owner, receipt)).text).toContain('Payment complete');
    expect((await view(shop, owner, `/3ds/return?id=${id}&lang=en`)).text).toContain('Payment complete');
    for (const who of [stranger, null]) {
      expect(await view(shop, who, `/api/charge/${id}`)).toEqual(unknown.api);
      expect(await view(shop, who, `/3ds/return?id=${id}&lang=en`)).toEqual(unknown.back);
      expect(await view(shop, who, receipt)).toEqual(await view(shop, owner, '/order/ordAAAAAAAAAAAA-1?lang=en'));
    }
    expect(unknown.back.text).not.toMatch(/Payment complete|authori|•••• 1111/i);
    // the shop's page, in the shopper's words: what happened and the way back; no bare "404 Not Found", no
    // card-details message for a page that is not there
    for (const page of [unknown.back, await view(shop, stranger, receipt), await view(shop, null, '/no-such-page?lang=en')]) {
      expect(page.status).toBe(404);
      expect(page.text).toContain('<h1>We could not find this page</h1>');
      expect(page.text).toContain('<a class="button" href="/?lang=en">Back to the shop</a>');
      expect(page.text).not.toMatch(/Not Found|card details/i);
    }
    expect(unknown.receipt.text).toContain('No encontramos esta página'); // Spanish without ?lang
    expect(JSON.parse(unknown.api.text)).toEqual({ error_code: 1005, message: expect.stringMatching(/^La dirección no existe/) });
  });
});

describe('one charge per order', () => {
  const completedOf = (orderId: string) =>
    [...sandbox.store.transactions.values()].filter((t) => t.orderId === orderId && t.status === 'completed');

  it('submitted twice: one completed charge; the second gets the API\'s 1006 and "already paid" with the receipt link', async () => {
    const who = await visit(shop);
    const first = await pay(shop, who, { token_id: await token(), device_session_id: DSID });
    expect(first.status).toBe(200);
    const charges = shop.charges.length;
    const second = await pay(shop, who, { token_id: await token(), device_session_id: DSID });
    expect(second).toMatchObject({
      status: 409,
      body: {
        already_paid: {
          receipt: `/order/${first.body.order_id}?lang=en`,
          message: 'You were not charged a second time. The receipt of the payment is still there for you.',
        },
      },
    });
    expect(shop.charges.slice(charges)).toEqual([expect.objectContaining({ error_code: 1006 })]);
    expect(completedOf(first.body.transaction.order_id)).toHaveLength(1);
    expect((await paidView(shop, who, second.body.already_paid.receipt)).text).toContain(first.body.transaction.id);
  });

  it('two submissions at once (a double click): exactly one completed charge', async () => {
    const who = await visit(shop);
    const [a, b] = await Promise.all([0, 1].map(async () => pay(shop, who, { token_id: await token(), device_session_id: DSID })));
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const orderId = (a!.status === 200 ? a : b)!.body.transaction.order_id;
    expect(completedOf(orderId)).toHaveLength(1);
  });

  it('the form post without JavaScript: the second submission is the "already paid" page with a working receipt link', async () => {
    const who = await visit(shop);
    expect((await formPay(shop, who, { token_id: await token(), device_session_id: DSID })).status).toBe(303);
    const again = await formPay(shop, who, { token_id: await token(), device_session_id: DSID });
    expect(again.status).toBe(409);
    expect(again.html).toContain('This order is already paid');
    // its heading once on the page: the text under it says what the heading does not
    expect(again.html.split('<main')[1]!.match(/already paid/gi)).toHaveLength(1);
    const link = /id="receipt-link" href="([^"]+)"/.exec(again.html)![1]!.replace(/&#38;/g, '&');
    expect((await paidView(shop, who, link)).text).toContain('Payment complete');
  });

  it("a decline does not use up the order: the next card of the same cart pays (a new attempt's order id)", async () => {
    const who = await visit(shop);
    expect((await pay(shop, who, { token_id: await token('4000000000000002'), device_session_id: DSID })).status).toBe(402);
    const paid = await pay(shop, who, { token_id: await token(), device_session_id: DSID });
    expect(paid.status).toBe(200);
    expect(paid.body.transaction.order_id).toMatch(/-2$/);
  });

  it('"new payment" starts a new order', async () => {
    const who = await visit(shop);
    const first = await pay(shop, who, { token_id: await token(), device_session_id: DSID });
    await newOrder(shop, who);
    const second = await pay(shop, who, { token_id: await token(), device_session_id: DSID });
    expect(second.status).toBe(200);
    expect(second.body.transaction.order_id).not.toBe(first.body.transaction.order_id);
  });
});

describe('the merchant log', () => {
  it('holds nothing the shopper typed (name, card number, its last digits with the rest, CVV2), after every route above', () => {
    const log = [shop, tight, proxied].flatMap((m) => m.logged).join('\n');
    expect(log).toContain('merchant charge failed'); // declines and 1006 were logged
    for (const typed of [HOLDER, 'Zacarías', '4111111111111111', '4111 1111 1111 1111', '4000000000000002', '"cvv2"'])
      expect(log).not.toContain(typed);
  });
});
