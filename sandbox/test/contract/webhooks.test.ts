/**
 * Webhooks over HTTP (docs/webhooks.md): registration and its refusals, verification (the URL's 2xx, or the code),
 * the Standard Webhooks signature checked with the `standardwebhooks` package (a one-byte change refused), Basic
 * auth, only the types asked for, and each event type the sandbox's operations emit, delivered with the object of
 * the change. Every delivery goes to a receiver on 127.0.0.1.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/domain/card/test-cards';
import { invoiceBody } from '../unit/cfdi-fixtures';
import { charge, chargeBody, CREDS, createCustomer, expectError, tokenize, useSandbox } from './helpers';
import { advance, register, sim, startReceiver, until, type Hit, type Receiver } from './webhook-helpers';

const api = useSandbox({ webhooks: { pollMs: 20 } });
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

const ofType = (type: string, path?: string) => (h: Hit) => h.json?.type === type && (path === undefined || h.path === path);
const getWebhook = async (id: string) => (await api.call('GET', `/webhooks/${id}`)).body;
const eventCount = async () => (await api.call('GET', '/events?limit=100', { prefix: sim(CREDS.merchantId) })).body.length as number;

describe('registration', () => {
  it('201 with a whsec_ secret (shown once); the URL gets a signed verification event and the webhook turns verified', async () => {
    const w = await register(api, `${rx.url}/reg`, ['charge.succeeded', 'charge.refunded']);
    expect(w).toMatchObject({ url: `${rx.url}/reg`, event_types: ['charge.succeeded', 'charge.refunded'], status: 'verified' }); // answered 2xx before the reply
    expect(w.id).toMatch(/^wh[a-z0-9]{18}$/);
    expect(w.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [hit] = await rx.waitFor(1, ofType('verification', '/reg'));
    expect(Object.keys(hit!.json).sort()).toEqual(['event_date', 'id', 'type', 'verification_code']);
    expect(hit!.json.verification_code).toMatch(/^\d{8}$/);
    expect(hit!.json.event_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-06:00$/);
    expect(new Webhook(w.secret).verify(hit!.body, hit!.headers as Record<string, string>)).toEqual(hit!.json);
    expect(hit!.headers['webhook-id']).toBe(hit!.json.id);
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers.authorization).toBeUndefined(); // no user: no Basic auth
    const got = await until(
      () => getWebhook(w.id),
      (b) => b.status === 'verified',
    );
    expect(got).toEqual({ id: w.id, url: w.url, event_types: w.event_types, status: 'verified' }); // no secret
    const list = await api.call('GET', '/webhooks?limit=100');
    expect(list.body.find((x: { id: string }) => x.id === w.id)).toEqual(got);
  });

  it('a URL that does not answer 2xx stays unverified until verify/{code}; a wrong code is 1003', async () => {
    rx.answer = (h) => ({ status: h.path === '/no' ? 500 : 200 });
    const w = await register(api, `${rx.url}/no`, ['charge.succeeded']);
    expect(w.status).toBe('unverified');
    try {
      const [hit] = await rx.waitFor(1, ofType('verification', '/no'));
      await until(
        async () => (await api.call('GET', `/deliveries?event_id=${hit!.json.id}`, { prefix: sim(CREDS.merchantId) })).body[0],
        (dl) => dl?.status === 'scheduled',
      );
      expect((await getWebhook(w.id)).status).toBe('unverified');
      expectError(await api.call('POST', `/webhooks/${w.id}/verify/00000000`), 1003, 422, 'code');
      expectError(await api.call('POST', `/webhooks/whnotthere/verify/1`), 1005, 404);
      const ok = await api.call('POST', `/webhooks/${w.id}/verify/${hit!.json.verification_code}`);
      expect(ok.status).toBe(200);
      expect(ok.body.status).toBe('verified');
    } finally {
      rx.answer = () => ({ status: 200 });
    }
  });

  it('deliveries carry Basic auth from the webhook user and password', async () => {
    await register(api, `${rx.url}/auth`, ['charge.succeeded'], { user: 'hooks', password: 's3cret:x' });
    const [hit] = await rx.waitFor(1, ofType('verification', '/auth'));
    expect(hit!.headers.authorization).toBe(`Basic ${Buffer.from('hooks:s3cret:x').toString('base64')}`);
  });

  it.each([
    [{ url: 'ftp://127.0.0.1/x', event_types: ['charge.succeeded'] }, 1001, 'url'],
    [{ url: 'http://u:p@127.0.0.1/x', event_types: ['charge.succeeded'] }, 1001, 'url'],
    [{ url: 'not a url', event_types: ['charge.succeeded'] }, 1001, 'url'],
    [{ event_types: ['charge.succeeded'] }, 1001, 'url'],
    [{ url: 'http://127.0.0.1/x' }, 1001, 'event_types'],
    [{ url: 'http://127.0.0.1/x', event_types: [] }, 1001, 'event_types'],
    [{ url: 'http://127.0.0.1/x', event_types: ['charge.exploded'] }, 1001, 'event_types.0'],
    [{ url: 'http://127.0.0.1/x', event_types: ['charge.failed', 'charge.failed'] }, 1001, 'event_types'],
    [{ url: 'http://127.0.0.1/x', event_types: ['charge.failed'], password: 'p' }, 1001, 'user'],
    [{ url: 'http://10.0.0.1/x', event_types: ['charge.failed'] }, 1003, 'url'],
    [{ url: 'https://hooks.example.com/x', event_types: ['charge.failed'] }, 1003, 'url'],
  ])('%j is refused with %i naming %s; nothing is stored, no event written', async (body, code, field) => {
    const before = (await api.call('GET', '/webhooks?limit=100')).body.length;
    const events = await eventCount();
    const r = await api.call('POST', '/webhooks', { body });
    expectError(r, code, code === 1001 ? 400 : 422, field);
    expect((await api.call('GET', '/webhooks?limit=100')).body.length).toBe(before);
    expect(await eventCount()).toBe(events);
  });

  it('DELETE: 204, then 1005; an unknown webhook is 1005', async () => {
    const w = await register(api, `${rx.url}/del`, ['charge.failed']);
    const del = await api.call('DELETE', `/webhooks/${w.id}`);
    expect([del.status, del.body]).toEqual([204, null]);
    expectError(await api.call('GET', `/webhooks/${w.id}`), 1005, 404, w.id);
    expectError(await api.call('DELETE', `/webhooks/${w.id}`), 1005, 404);
  });
});

describe('signatures (Standard Webhooks, verified with the standardwebhooks package)', () => {
  it('verify; a one-byte change of the body, the id or the timestamp, or another secret, is refused', async () => {
    const w = await register(api, `${rx.url}/sig`, ['charge.succeeded']);
    const [hit] = await rx.waitFor(1, ofType('verification', '/sig'));
    const headers = hit!.headers as Record<string, string>;
    const hook = new Webhook(w.secret);
    expect(hook.verify(hit!.body, headers)).toEqual(hit!.json);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60); // the real clock
    const flip = (s: string, i: number) => s.slice(0, i) + String.fromCharCode(s.charCodeAt(i) ^ 1) + s.slice(i + 1);
    for (const i of [0, Math.floor(hit!.body.length / 2), hit!.body.length - 1])
      expect(() => hook.verify(flip(hit!.body, i), headers)).toThrow(WebhookVerificationError);
    expect(() => hook.verify(hit!.body, { ...headers, 'webhook-id': flip(headers['webhook-id']!, 3) })).toThrow(WebhookVerificationError);
    expect(() => hook.verify(hit!.body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow(
      WebhookVerificationError,
    );
    const other = await register(api, `${rx.url}/sig2`, ['charge.succeeded']);
    expect(() => new Webhook(other.secret).verify(hit!.body, headers)).toThrow(WebhookVerificationError);
  });
});

describe('each event type, emitted by its operation, to the webhooks that asked for it', () => {
  const TYPES = ['charge.succeeded', 'charge.created', 'charge.failed', 'charge.cancelled', 'charge.refunded', 'spei.received'];
  let all: { id: string; secret: string };
  let onlyRefunds: { id: string; secret: string };
  beforeAll(async () => {
    all = await register(api, `${rx.url}/all`, [...TYPES, 'invoice.stamped', 'invoice.failed', 'invoice.cancelled']);
    onlyRefunds = await register(api, `${rx.url}/refunds`, ['charge.refunded']);
  });

  /** Waits for the one delivery of `type` about transaction `id` at `path`, verifies its signature, returns its body. */
  const delivered = async (type: string, id: string, path = '/all', secret = all.secret) => {
    const [hit] = await rx.waitFor(1, (h) => ofType(type, path)(h) && (h.json.transaction?.id ?? h.json.invoice?.invoice_id) === id);
    expect(new Webhook(secret).verify(hit!.body, hit!.headers as Record<string, string>)).toEqual(hit!.json);
    expect(Object.keys(hit!.json).sort()).toEqual(
      ['event_date', 'id', type.startsWith('invoice.') ? 'invoice' : 'transaction', 'type'].sort(),
    );
    return hit!.json;
  };

  it('charge.succeeded: a card charge', async () => {
    const r = await charge(api, chargeBody(await tokenize(api)));
    const body = await delivered('charge.succeeded', r.body.id);
    expect(body.transaction).toMatchObject({ id: r.body.id, status: 'completed', amount: 349.5, method: 'card' });
    expect(body.transaction.card.card_number).toMatch(/^X+1111$/);
  });

  it('money in a delivery body has two decimals, as in the API responses: "amount":100.00 and 349.50, never 100', async () => {
    const whole = await charge(api, chargeBody(await tokenize(api), { amount: 100 }));
    await delivered('charge.succeeded', whole.body.id);
    const [hit] = rx.hits.filter((h) => ofType('charge.succeeded', '/all')(h) && h.json.transaction.id === whole.body.id);
    expect(hit!.body).toContain('"amount":100.00');
    expect(hit!.body).not.toMatch(/"amount":100[,}]/);
    const half = await charge(api, chargeBody(await tokenize(api)));
    await delivered('charge.succeeded', half.body.id);
    const [other] = rx.hits.filter((h) => ofType('charge.succeeded', '/all')(h) && h.json.transaction.id === half.body.id);
    expect(other!.body).toContain('"amount":349.50');
  });

  it('charge.created and charge.cancelled: a held charge (capture false), then cancelled', async () => {
    const r = await charge(api, chargeBody(await tokenize(api), { capture: false }));
    expect((await delivered('charge.created', r.body.id)).transaction.status).toBe('in_progress');
    expect((await api.call('POST', `/charges/${r.body.id}/cancel`, { body: {} })).status).toBe(200);
    expect((await delivered('charge.cancelled', r.body.id)).transaction.status).toBe('cancelled');
  });

  it('charge.failed: a declined card', async () => {
    const declined = TEST_CARDS.find((c) => c.error_code === 3001)!.number;
    const r = await charge(api, chargeBody(await tokenize(api, { card_number: declined })));
    expect(r.status).toBe(402);
    const failed = await rx.waitFor(
      1,
      (h) => ofType('charge.failed', '/all')(h) && h.json.transaction.card.card_number.endsWith(declined.slice(-4)),
    );
    expect(failed[0]!.json.transaction.status).toBe('failed');
  });

  it('charge.refunded: to both webhooks that asked for it; charge.succeeded not to the refunds-only one', async () => {
    const r = await charge(api, chargeBody(await tokenize(api)));
    expect((await api.call('POST', `/charges/${r.body.id}/refund`, { body: { amount: 100 } })).status).toBe(200);
    const body = await delivered('charge.refunded', r.body.id);
    expect(body.transaction.refund).toMatchObject({ amount: 100, transaction_type: 'refund' });
    await delivered('charge.refunded', r.body.id, '/refunds', onlyRefunds.secret);
    expect(rx.hits.filter((h) => h.path === '/refunds' && h.json?.type !== 'verification' && h.json?.type !== 'charge.refunded')).toEqual(
      [],
    );
  });

  it("spei.received: a SPEI transfer to a customer's CLABE", async () => {
    const customer = await createCustomer(api, { requires_account: true });
    const clabe = (await api.call('GET', `/customers/${customer}`)).body.clabe;
    const r = await api.call('POST', '/spei-transfers', { prefix: sim(CREDS.merchantId), body: { clabe, amount: 250 } });
    expect(r.status).toBe(201);
    expect((await delivered('spei.received', r.body.id)).transaction).toMatchObject({
      status: 'completed',
      amount: 250,
      customer_id: customer,
    });
  });

  it('invoice.stamped, invoice.failed, invoice.cancelled: the invoice notification object', async () => {
    const ok = invoiceBody();
    expect((await api.call('POST', '/invoices/v40', { body: ok })).status).toBe(201);
    const bad = invoiceBody({ receptor: { ...invoiceBody().receptor, rfc: 'NOEX010101AA1' } });
    expect((await api.call('POST', '/invoices/v40', { body: bad })).status).toBe(201);
    await advance(api, CREDS.merchantId, 3);
    const stamped = (await delivered('invoice.stamped', ok.invoice_id)).invoice;
    expect(stamped).toEqual((await api.call('GET', `/invoices/v40/${ok.invoice_id}`)).body);
    expect(stamped).toMatchObject({ status: 'OK', fiscal_status: 'ACTIVE', total: 1106.8 });
    expect((await delivered('invoice.failed', bad.invoice_id)).invoice).toMatchObject({ status: 'ERROR', uuid: null });
    expect((await api.call('POST', `/invoices/v40/${ok.invoice_id}/cancel`)).status).toBe(200);
    expect((await delivered('invoice.cancelled', ok.invoice_id)).invoice).toMatchObject({ fiscal_status: 'CANCELLED' });
  });

  it('every delivery of one event carries the same webhook-id and body; no type went to a webhook that did not ask', () => {
    const asked: Record<string, string[]> = { '/refunds': ['verification', 'charge.refunded'] };
    for (const [path, types] of Object.entries(asked))
      expect(rx.hits.filter((h) => h.path === path).every((h) => types.includes(h.json.type))).toBe(true);
    const byId = new Map<string, string>();
    for (const h of rx.hits.filter((x) => x.path === '/all')) {
      const id = h.headers['webhook-id'] as string;
      expect(byId.get(id) ?? h.body).toBe(h.body);
      byId.set(id, h.body);
    }
  });
});
