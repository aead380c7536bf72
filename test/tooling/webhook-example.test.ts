// @vitest-environment node
/**
 * docs/webhooks.md's receiver, docs/examples/webhooks.mjs, run as a merchant would run it against a local sandbox
 * (the example's default credentials, its address given through PAYMENTS_API_URL): it registers its endpoint, the
 * sandbox verifies it, and each delivery is checked (Basic auth, the signature), handled once, with the charge
 * re-read from the API. docs/webhooks.md shows the file verbatim (test/tooling/docs.test.ts), as the snippet
 * `webhook-receiver`. Everything listens on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';

const { merchantId, privateKey } = SANDBOX_DEFAULTS;
let api: RunningSandbox;
let shop: Server;
let shopUrl = '';
let example: {
  registerWebhook: (o: {
    url: string;
    eventTypes: string[];
    user: string;
    password: string;
  }) => Promise<{ id: string; secret: string; status: string }>;
  webhookHandler: (o: object) => (req: unknown, res: unknown) => Promise<void>;
};
/** What the shop's onEvent saw: the event, and the transaction it was given (re-read for charges). */
const seen: { event: any; transaction: any }[] = [];
/** Makes onEvent throw while set (the shop is down: the sandbox retries). */
let failing = false;

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${privateKey}:`).toString('base64')}`,
      'X-Forwarded-For': '203.0.113.7',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};
const until = async (ok: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 20));
  }
};
const cardCharge = async (extra: object = {}) => {
  const t = await call('POST', `/v1/${merchantId}/tokens`, {
    card_number: '4111111111111111',
    holder_name: 'Ana Pérez',
    expiration_month: '12',
    expiration_year: String(new Date().getFullYear() + 3),
    cvv2: '123',
  });
  const r = await call('POST', `/v1/${merchantId}/charges`, {
    method: 'card',
    source_id: t.body.id,
    amount: 349,
    description: 'Café de Chiapas, 1 kg',
    order_id: `order-${Date.now()}-${Math.random()}`,
    device_session_id: 'dsid0123456789abcdefABCDEF012345',
    customer: { name: 'Ana Pérez', email: 'ana@example.com' },
    ...extra,
  });
  expect(r.status).toBe(201);
  return r.body;
};

let hook: { id: string; secret: string };
const onEvent = async (event: unknown, transaction: unknown) => {
  if (failing) throw new Error('the shop is down');
  seen.push({ event, transaction });
};
beforeAll(async () => {
  api = await startSandbox({ merchantId, publicKey: SANDBOX_DEFAULTS.publicKey, privateKey, port: 0 });
  process.env.PAYMENTS_API_URL = api.baseUrl;
  example = await import(new URL('../../docs/examples/webhooks.mjs', import.meta.url).href);
  // the secret comes with the registration's answer, which the verification event may overtake: until the handler
  // exists, the shop answers 503 and the sandbox tries again (5 s later on its clock)
  let handler: ((req: unknown, res: unknown) => Promise<void>) | null = null;
  shop = createServer((req, res) => (handler ? void handler(req, res) : res.writeHead(503).end()));
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/webhooks`;
  hook = await example.registerWebhook({
    url: shopUrl,
    eventTypes: ['charge.created', 'charge.succeeded'],
    user: 'hooks',
    password: 'hunter2-but-longer',
  });
  handler = example.webhookHandler({ secret: hook.secret, user: 'hooks', password: 'hunter2-but-longer', onEvent });
});
afterAll(async () => {
  delete process.env.PAYMENTS_API_URL;
  await new Promise((done) => shop.close(done));
  await api.close();
});

describe('docs/examples/webhooks.mjs against the sandbox', () => {
  it('registers its endpoint and answers the verification: the webhook is verified', async () => {
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await call('POST', `/sandbox/v1/${merchantId}/clock/advance`, { seconds: 5 })).status).toBe(200);
    await until(async () => (await call('GET', `/v1/${merchantId}/webhooks/${hook.id}`)).body.status === 'verified');
    expect(seen.some((s) => s.event.type === 'verification')).toBe(true);
  });

  it('handles charge.succeeded with the charge read from the API', async () => {
    const charge = await cardCharge();
    await until(() => seen.some((s) => s.event.type === 'charge.succeeded' && s.transaction.id === charge.id));
    const s = seen.find((x) => x.event.type === 'charge.succeeded' && x.transaction.id === charge.id)!;
    expect(s.transaction).toMatchObject({ id: charge.id, status: 'completed', amount: 349 });
  });

  it('a retried delivery older than the charge: the handler acts on the charge as it is now', async () => {
    failing = true;
    const held = await cardCharge({ capture: false }); // charge.created, in_progress: the shop answers 500
    const [event] = (await call('GET', `/sandbox/v1/${merchantId}/events?type=charge.created&resource_id=${held.id}`)).body;
    await until(async () => (await call('GET', `/sandbox/v1/${merchantId}/events/${event.id}`)).body.deliveries[0]?.attempts === 1);
    expect((await call('POST', `/v1/${merchantId}/charges/${held.id}/capture`, {})).body.status).toBe('completed');
    failing = false;
    expect((await call('POST', `/sandbox/v1/${merchantId}/clock/advance`, { seconds: 5 })).status).toBe(200);
    await until(() => seen.some((s) => s.event.type === 'charge.created' && s.transaction.id === held.id));
    const s = seen.find((x) => x.event.type === 'charge.created' && x.transaction.id === held.id)!;
    expect([s.event.transaction.status, s.transaction.status]).toEqual(['in_progress', 'completed']);
  });

  it('handles a message once: a resend of the same event is answered 200 without handling it again', async () => {
    const charge = await cardCharge();
    await until(() => seen.some((s) => s.transaction?.id === charge.id));
    const [event] = (await call('GET', `/sandbox/v1/${merchantId}/events?type=charge.succeeded&resource_id=${charge.id}`)).body;
    expect((await call('POST', `/sandbox/v1/${merchantId}/events/${event.id}/resend`, {})).status).toBe(201);
    await until(async () => {
      const dl = (await call('GET', `/sandbox/v1/${merchantId}/events/${event.id}`)).body.deliveries.find(
        (d: { resend: boolean }) => d.resend,
      );
      return dl?.status === 'delivered';
    });
    const log = (await call('GET', `/sandbox/v1/${merchantId}/events/${event.id}`)).body.deliveries.find(
      (d: { resend: boolean }) => d.resend,
    ).log;
    expect(log[0]).toMatchObject({ response_status: 200, response_body: 'already handled' });
    expect(seen.filter((s) => s.transaction?.id === charge.id)).toHaveLength(1);
  });

  it('refuses a forged or altered delivery: 401 without the Basic credentials, 400 when the signature does not verify', async () => {
    const charge = await cardCharge();
    await until(() => seen.some((s) => s.transaction?.id === charge.id));
    const [event] = (await call('GET', `/sandbox/v1/${merchantId}/events?type=charge.succeeded&resource_id=${charge.id}`)).body;
    const [attempt] = (await call('GET', `/sandbox/v1/${merchantId}/events/${event.id}`)).body.deliveries[0].log;
    const headers = { ...attempt.request.headers, authorization: `Basic ${Buffer.from('hooks:hunter2-but-longer').toString('base64')}` };
    const post = (h: Record<string, string>, body: string) => fetch(shopUrl, { method: 'POST', headers: h, body }).then((r) => r.status);
    const altered = attempt.request.body.replace('"amount":349', '"amount":1');
    expect(altered).not.toBe(attempt.request.body);
    expect(await post(headers, altered)).toBe(400);
    expect(await post({ ...headers, authorization: 'Basic aG9va3M6d3Jvbmc=' }, attempt.request.body)).toBe(401);
    expect(await post({ ...headers, 'webhook-id': 'msg_forged' }, attempt.request.body)).toBe(400);
    expect(seen.filter((s) => s.transaction?.id === charge.id)).toHaveLength(1);
  });
});
