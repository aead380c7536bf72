/**
 * The processor's public Node SDK (npm `openpay`, used as a client, never copied) drives every resource against a
 * loopback sandbox, strict and lenient: its base URL is pointed at the sandbox (`Openpay.SANDBOX_URL`). Strict, the
 * SDK's charges lack the `X-Forwarded-For` header it cannot send (1001 naming it); `--lenient` lets them through.
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD, CREDS, useSandbox, type TestApi } from './helpers';

type Callback = (error: any, body: any, response: { statusCode: number; headers: Record<string, string> }) => void;
const Openpay = createRequire(import.meta.url)('openpay') as any;

/** Calls an SDK method `target[method]` (callback last) and resolves with its error, body, status and headers. */
function sdk(target: any, method: string, ...args: unknown[]) {
  return new Promise<{ error: any; body: any; status: number; headers: Record<string, string> }>((resolve) =>
    target[method](...args, ((error, body, response) =>
      resolve({
        error,
        // called with a null body (capture), the SDK asks for no JSON: the body arrives as text
        body: typeof body === 'string' && body ? JSON.parse(body) : body,
        status: response?.statusCode ?? 0,
        headers: response?.headers ?? {},
      })) as Callback),
  );
}

/** A loopback receiver answering 200: the webhook URL. */
let receiver: Server;
let hookUrl = '';
beforeAll(async () => {
  receiver = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

const CARD_BODY = { ...CARD, device_session_id: 'dsid0123456789abcdefABCDEF012345' };

/** The resources every mode serves to the SDK alike. */
function everyResource(api: TestApi, client: () => any) {
  it('merchant, customers (an account by default), cards, plans, subscriptions, webhooks, fees, transfers, payouts', async () => {
    const op = client();
    expect((await sdk(op.merchant, 'get')).body).toMatchObject({ id: CREDS.merchantId });
    const hook = await sdk(op.webhooks, 'create', { url: hookUrl, event_types: ['charge.succeeded'] });
    expect([hook.status, hook.body.status]).toEqual([201, 'verified']);
    expect((await sdk(op.webhooks, 'get', hook.body.id)).body.status).toBe('verified');
    expect((await sdk(op.webhooks, 'list')).body.map((w: { id: string }) => w.id)).toContain(hook.body.id);
    expect((await sdk(op.webhooks, 'delete', hook.body.id)).status).toBe(204);
    const a = await sdk(op.customers, 'create', { name: 'Juan', email: 'juan@example.com' });
    const b = await sdk(op.customers, 'create', { name: 'Ana', email: 'ana@example.com' });
    expect(a.status).toBe(201);
    expect(a.body.clabe).toMatch(/^\d{18}$/);
    expect(
      (await sdk(op.customers, 'update', a.body.id, { name: 'Juan', email: 'juan@example.com', phone_number: '5512345678' })).status,
    ).toBe(200);
    expect((await sdk(op.customers, 'list', { limit: 10000 })).headers['x-sandbox-warning']).toMatch(/capped at 100/);
    const card = await sdk(op.customers.cards, 'create', a.body.id, CARD_BODY);
    expect(card.status).toBe(201);
    expect((await sdk(op.customers.cards, 'get', a.body.id, card.body.id)).body.id).toBe(card.body.id);
    const plan = await sdk(op.plans, 'create', {
      name: 'Monthly',
      amount: 150,
      repeat_every: 1,
      repeat_unit: 'month',
      retry_times: 2,
      status_after_retry: 'cancelled',
      trial_days: 30,
    });
    expect([plan.status, plan.body.amount]).toEqual([201, 150]);
    const sub = await sdk(op.customers.subscriptions, 'create', a.body.id, { plan_id: plan.body.id, source_id: card.body.id });
    expect([sub.status, sub.body.status]).toEqual([201, 'trial']);
    expect((await sdk(op.customers.subscriptions, 'delete', a.body.id, sub.body.id)).status).toBe(204);
    const subs = await sdk(op.customers.subscriptions, 'list', a.body.id, {});
    expect(subs.body.map((s: { id: string }) => s.id)).not.toContain(sub.body.id);
    await api.call('POST', '/spei-transfers', { prefix: `/sandbox/v1/${CREDS.merchantId}`, body: { clabe: a.body.clabe, amount: 500 } });
    const transfer = await sdk(op.customers.transfers, 'create', a.body.id, {
      customer_id: b.body.id,
      amount: 100,
      description: 'Test transfer',
    });
    expect([transfer.status, transfer.body.status]).toEqual([201, 'completed']);
    expect((await sdk(op.customers.transfers, 'get', a.body.id, transfer.body.id)).status).toBe(200);
    const fee = await sdk(op.fees, 'create', { customer_id: a.body.id, amount: 10, description: 'Test fee' });
    expect([fee.status, fee.body.status]).toEqual([201, 'completed']);
    expect((await sdk(op.fees, 'list', {})).status).toBe(200);
    expect((await sdk(op.payouts, 'list', {})).status).toBe(200);
    expect((await sdk(op.customers, 'delete', b.body.id)).status).toBe(412); // it holds the transfer: balance above zero
  });
}

describe('the public Node SDK against a strict sandbox', () => {
  const api = useSandbox();
  const client = () => new Openpay(CREDS.merchantId, CREDS.privateKey);
  beforeEach(() => {
    Openpay.SANDBOX_URL = api.baseUrl;
  });
  everyResource(api, client);

  it('charges: refused with 1001 naming X-Forwarded-For, which the SDK cannot send', async () => {
    const op = client();
    const r = await sdk(op.charges, 'create', {
      method: 'card',
      card: CARD,
      amount: 100,
      description: 'x',
      device_session_id: 'dsid0123456789abcdef',
    });
    expect([r.status, r.error.error_code]).toEqual([400, 1001]);
    expect(r.error.description).toContain('X-Forwarded-For');
  });
});

describe('the public Node SDK against a lenient sandbox', () => {
  const api = useSandbox({ lenient: true });
  const client = () => new Openpay(CREDS.merchantId, CREDS.privateKey);
  beforeEach(() => {
    Openpay.SANDBOX_URL = api.baseUrl;
  });
  everyResource(api, client);

  it('charges: card (inline, held then captured, refunded: still completed), store (200), with warnings', async () => {
    const op = client();
    const customer = { name: 'Juan', email: 'juan@example.com' };
    const paid = await sdk(op.charges, 'create', { method: 'card', card: CARD, amount: 349, description: 'x', customer });
    expect([paid.status, paid.body.status]).toEqual([201, 'completed']);
    expect(paid.headers['x-sandbox-warning']).toMatch(/lenient/);
    const refunded = await sdk(op.charges, 'refund', paid.body.id, { description: 'back' });
    expect([refunded.status, refunded.body.status, refunded.body.refund.amount]).toEqual([200, 'completed', 349]);
    const held = await sdk(op.charges, 'create', { method: 'card', card: CARD, amount: 100, description: 'x', customer, capture: false });
    expect(held.body.status).toBe('in_progress');
    const captured = await sdk(op.charges, 'capture', held.body.id, null);
    expect([captured.status, captured.body?.status], JSON.stringify(captured.error)).toEqual([200, 'completed']);
    const store = await sdk(op.charges, 'create', { method: 'store', amount: 100, description: 'Store charge', customer });
    expect([store.status, store.body.status]).toEqual([200, 'in_progress']);
    expect(store.headers['x-sandbox-warning']).toMatch(/200 instead of 201/);
    expect((await sdk(op.charges, 'list', { limit: 10000 })).body.length).toBeGreaterThanOrEqual(3);
  });
});
