/**
 * Fees (spec: "Fee endpoints: not shown"; served as the public server SDKs call them): `POST /fees` takes money from
 * a customer's account to the merchant's (`fee`, `fee.succeeded`); `GET /fees`, `GET /fees/{id}`; `POST
 * /fees/{id}/refund` sends it back, in part or whole. Every refusal leaves no trace.
 */
import { describe, expect, it } from 'vitest';
import { expectError, orderId, useSandbox } from './helpers';
import { accountCustomer, customerBalance, deposit, eventTypes, freshClabe, leavesNoTrace, merchantBalance } from './money-helpers';

const api = useSandbox();
const fee = (body: Record<string, unknown>) => api.call('POST', '/fees', { body });
const refund = (id: string, body?: Record<string, unknown>) => api.call('POST', `/fees/${id}/refund`, { body });

/** A customer with an account holding `amount` pesos. */
const funded = async (amount: number) => {
  const c = await accountCustomer(api);
  if (amount) await deposit(api, c.clabe, amount);
  return c.id;
};

describe('POST /fees', () => {
  it("201: a fee Transaction, money from the customer's account to the merchant's, fee.succeeded", async () => {
    const id = await funded(100);
    const merchant = await merchantBalance(api);
    const order_id = orderId();
    const r = await fee({ customer_id: id, amount: 12.5, description: 'Monthly service', order_id });
    expect(r.status).toBe(201);
    expect(r.body).toStrictEqual({
      id: expect.stringMatching(/^tr[a-z0-9]{18}$/),
      authorization: null,
      transaction_type: 'fee',
      operation_type: 'in',
      method: 'customer',
      creation_date: '2026-03-10T12:00:00-06:00',
      operation_date: '2026-03-10T12:00:00-06:00',
      order_id,
      status: 'completed',
      amount: 12.5,
      currency: 'MXN',
      description: 'Monthly service',
      error_message: null,
      customer_id: id,
    });
    expect(await customerBalance(api, id)).toBe(87.5);
    expect(await merchantBalance(api)).toBe(merchant + 12.5);
    expect(eventTypes(api, r.body.id)).toEqual(['fee.succeeded']);
    expect((await api.call('GET', `/fees/${r.body.id}`)).body).toStrictEqual(r.body);
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });

  it('description is optional (default "Fee"); the whole balance may be taken', async () => {
    const id = await funded(20);
    const r = await fee({ customer_id: id, amount: 20 });
    expect([r.status, r.body.description, r.body.order_id]).toEqual([201, 'Fee', null]);
    expect(await customerBalance(api, id)).toBe(0);
  });

  it("4001 when the customer's balance is short: nothing stored, moved or sent", async () => {
    const id = await funded(5);
    expectError(await leavesNoTrace(api, () => fee({ customer_id: id, amount: 5.01 })), 4001, 412, id);
    expect(await customerBalance(api, id)).toBe(5);
  });

  it('3006 for a customer without an account; 1005 for an unknown one', async () => {
    const plain = (await api.call('POST', '/customers', { body: { name: 'Noa', email: 'noa@example.com', requires_account: false } })).body
      .id as string;
    expectError(await leavesNoTrace(api, () => fee({ customer_id: plain, amount: 1 })), 3006, 412, plain, 'requires_account');
    expectError(await leavesNoTrace(api, () => fee({ customer_id: `a${'0'.repeat(19)}`, amount: 1 })), 1005, 404, 'Customer');
  });

  it('1006 for an order_id already used', async () => {
    const id = await funded(10);
    const order_id = orderId();
    expect((await fee({ customer_id: id, amount: 1, order_id })).status).toBe(201);
    expectError(await leavesNoTrace(api, () => fee({ customer_id: id, amount: 1, order_id })), 1006, 409, order_id);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no customer_id', { customer_id: undefined }, 'customer_id'],
    ['no amount', { amount: undefined }, 'amount'],
    ['a negative amount', { amount: -1 }, 'amount'],
    ['amount with three decimals', { amount: 0.001 }, 'amount'],
    ['description over 250', { description: 'd'.repeat(251) }, 'description'],
    ['description with a line break', { description: 'a\nb' }, 'description'],
    ['order_id over 100', { order_id: 'o'.repeat(101) }, 'order_id'],
  ];
  it.each(cases)('%s -> 1001 naming %s, nothing stored', async (_, extra, mention) => {
    const id = await funded(10);
    expectError(await leavesNoTrace(api, () => fee({ customer_id: id, amount: 1, ...extra })), 1001, 400, mention);
  });
});

describe('POST /fees/{id}/refund', () => {
  it('partial refunds embedded in the fee, then the rest makes it refunded; money back each time', async () => {
    const id = await funded(100);
    const f = (await fee({ customer_id: id, amount: 30 })).body;
    const merchant = await merchantBalance(api);
    const first = await refund(f.id, { amount: 10, description: 'Goodwill' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: f.id, status: 'completed', amount: 30 });
    expect(first.body.refund).toMatchObject({
      transaction_type: 'refund',
      operation_type: 'out',
      method: 'customer',
      status: 'completed',
      amount: 10,
      description: 'Goodwill',
      customer_id: id,
    });
    expect(api.sandbox.store.transactions.get(first.body.refund.id)!.parentId).toBe(f.id);
    expect([await customerBalance(api, id), await merchantBalance(api)]).toEqual([80, merchant - 10]);
    const rest = await refund(f.id);
    expect(rest.body).toMatchObject({ status: 'refunded', refund: { amount: 20, description: `Refund of fee ${f.id}` } });
    expect([await customerBalance(api, id), await merchantBalance(api)]).toEqual([100, merchant - 30]);
    expect((await api.call('GET', `/fees/${f.id}`)).body).toStrictEqual(rest.body);
    // the spec lists no event for a fee refund
    expect(eventTypes(api, f.id)).toEqual(['fee.succeeded']);
    expectError(await leavesNoTrace(api, () => refund(f.id, { amount: 1 })), 3006, 412, 'refunded');
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });

  it('1003 for more than is left; 1005 for an unknown fee or a charge id; 1001 for a bad amount', async () => {
    const id = await funded(10);
    const f = (await fee({ customer_id: id, amount: 5 })).body;
    expectError(await leavesNoTrace(api, () => refund(f.id, { amount: 5.01 })), 1003, 422, 'amount');
    expectError(await leavesNoTrace(api, () => refund('trdoesnotexist000000')), 1005, 404);
    const spei = (await api.call('GET', `/customers/${id}/charges`)).body[0].id as string;
    expectError(await leavesNoTrace(api, () => refund(spei)), 1005, 404, spei);
    expectError(await leavesNoTrace(api, () => refund(f.id, { amount: 0 })), 1001, 400, 'amount');
  });

  it("4001 when the merchant's balance is short", async () => {
    const id = await funded(10);
    const f = (await fee({ customer_id: id, amount: 10 })).body;
    const all = await merchantBalance(api);
    const out = await api.call('POST', '/payouts', {
      body: { method: 'bank_account', bank_account: { clabe: freshClabe(), holder_name: 'Tienda' }, amount: all, description: 'All' },
    });
    expect(out.status).toBe(201);
    expectError(await leavesNoTrace(api, () => refund(f.id)), 4001, 412, 'merchant');
  });
});

describe('GET /fees (list)', () => {
  const fresh = useSandbox();

  it('every fee, newest first, paged; filters customer_id, status, order_id, amount, creation', async () => {
    const a = await accountCustomer(fresh);
    const b = await accountCustomer(fresh);
    await deposit(fresh, a.clabe, 100);
    await deposit(fresh, b.clabe, 100);
    const made: string[] = [];
    const orders: string[] = [];
    for (const [c, amount] of [
      [a.id, 1],
      [b.id, 2],
      [a.id, 3],
    ] as const) {
      orders.push(orderId());
      made.push((await fresh.call('POST', '/fees', { body: { customer_id: c, amount, order_id: orders.at(-1) } })).body.id);
    }
    await fresh.call('POST', `/fees/${made[1]}/refund`, { body: {} });
    const ids = async (q = '') => ((await fresh.call('GET', `/fees${q}`)).body as { id: string }[]).map((t) => t.id);
    expect(await ids()).toEqual([...made].reverse());
    expect(await ids(`?customer_id=${a.id}`)).toEqual([made[2], made[0]]);
    expect(await ids('?status=REFUNDED')).toEqual([made[1]]);
    expect(await ids(`?order_id=${orders[0]}`)).toEqual([made[0]]);
    expect(await ids('?amount[gte]=2')).toEqual([made[2], made[1]]);
    expect(await ids('?offset=2&limit=5')).toEqual([made[0]]);
    expect(await ids('?creation=2026-03-10')).toHaveLength(3);
    expect(await ids('?creation[gte]=2026-03-11')).toEqual([]);
    expectError(await fresh.call('GET', '/fees?amount=abc'), 1001, 400, 'amount');
    expectError(await fresh.call('GET', '/fees/trdoesnotexist000000'), 1005, 404);
  });
});
