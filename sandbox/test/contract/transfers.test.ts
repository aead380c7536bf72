/**
 * Transfers between customers (spec, Endpoints > Transfers; States and transitions: "two transactions, out for the
 * sender, in for the receiver"; Limits: greater than one peso): atomic, both customers with an account, the sender never
 * below zero (4001), not even under many parallel requests; every refusal leaves no trace.
 */
import { TRANSFER_REQUEST } from '../../src/http/example-requests';
import { describe, expect, it } from 'vitest';
import { charge, chargeBody, expectError, orderId, tokenize, useSandbox } from './helpers';
import { accountCustomer, customerBalance, deposit, eventTypes, leavesNoTrace } from './money-helpers';

const api = useSandbox();

const transfer = (from: string, body: Record<string, unknown>) => api.call('POST', `/customers/${from}/transfers`, { body });
const body = (customer_id: string, extra: Record<string, unknown> = {}) => ({
  customer_id,
  ...TRANSFER_REQUEST,
  order_id: orderId(),
  ...extra,
});

describe('POST /customers/{id}/transfers', () => {
  it("201: the sender's withdrawal; the receiver's deposit linked to it; balances moved; transfer.succeeded", async () => {
    const a = await accountCustomer(api);
    const b = await accountCustomer(api, { name: 'Bo' });
    await deposit(api, a.clabe, 500);
    const sent = body(b.id, { amount: 120.75 });
    const r = await transfer(a.id, sent);
    expect(r.status).toBe(201);
    const store = api.sandbox.store.customers.get(a.id)!.storeReference!;
    expect(r.body).toStrictEqual({
      id: expect.stringMatching(/^tr[a-z0-9]{18}$/),
      authorization: null,
      transaction_type: 'transfer',
      operation_type: 'out',
      method: 'customer',
      creation_date: '2026-03-10T12:00:00-06:00',
      operation_date: '2026-03-10T12:00:00-06:00',
      order_id: sent.order_id,
      status: 'completed',
      amount: 120.75,
      currency: 'MXN',
      description: 'Rent, March',
      error_message: null,
      customer_id: a.id,
      clabe: a.clabe,
      store: { reference: store, barcode_url: `${api.baseUrl}/barcodes/${store}.png` },
    });
    expect(await customerBalance(api, a.id)).toBe(379.25);
    expect(await customerBalance(api, b.id)).toBe(120.75);
    const received = (await api.call('GET', `/customers/${b.id}/transfers`)).body;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      transaction_type: 'transfer',
      operation_type: 'in',
      status: 'completed',
      amount: 120.75,
      customer_id: b.id,
      order_id: null,
      clabe: b.clabe,
    });
    expect(api.sandbox.store.transactions.get(received[0].id)!.parentId).toBe(r.body.id);
    expect((await api.call('GET', `/customers/${b.id}/transfers/${received[0].id}`)).body).toStrictEqual(received[0]);
    expect((await api.call('GET', `/customers/${a.id}/transfers/${r.body.id}`)).body).toStrictEqual(r.body);
    // each side sees only its own half
    expectError(await api.call('GET', `/customers/${a.id}/transfers/${received[0].id}`), 1005, 404);
    expectError(await api.call('GET', `/customers/${b.id}/transfers/${r.body.id}`), 1005, 404);
    expect(eventTypes(api, r.body.id)).toEqual(['transfer.succeeded']);
    expect(eventTypes(api, received[0].id)).toEqual([]);
    expect(api.sandbox.store.ledger.entriesOf(r.body.id).map((e) => [e.account, e.cents])).toEqual([
      [`customer:${a.id}`, -12075],
      [`customer:${b.id}`, 12075],
    ]);
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });

  it('the whole balance may go; one cent more is 4001 with nothing stored, moved or sent', async () => {
    const a = await accountCustomer(api);
    const b = await accountCustomer(api);
    await deposit(api, a.clabe, 50);
    const r = await leavesNoTrace(api, () => transfer(a.id, body(b.id, { amount: 50.01 })));
    expectError(r, 4001, 412, a.id);
    expect([await customerBalance(api, a.id), await customerBalance(api, b.id)]).toEqual([50, 0]);
    expect((await transfer(a.id, body(b.id, { amount: 50 }))).status).toBe(201);
    expect([await customerBalance(api, a.id), await customerBalance(api, b.id)]).toEqual([0, 50]);
  });

  it('an amount just above one peso is accepted; one peso is not, and the error says the bound', async () => {
    const a = await accountCustomer(api);
    const b = await accountCustomer(api);
    await deposit(api, a.clabe, 10);
    expect((await transfer(a.id, body(b.id, { amount: 1.01 }))).status).toBe(201);
    expectError(await leavesNoTrace(api, () => transfer(a.id, body(b.id, { amount: 1 }))), 1001, 400, 'amount', 'must be greater than 1');
  });

  describe('refusals: nothing stored, moved or sent', () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['no customer_id', { customer_id: undefined }, 1001, 'customer_id'],
      ['customer_id over 45', { customer_id: 'a'.repeat(46) }, 1001, 'customer_id'],
      ['no amount', { amount: undefined }, 1001, 'amount'],
      ['amount 0.5', { amount: 0.5 }, 1001, 'amount'],
      ['amount with three decimals', { amount: 2.001 }, 1001, 'amount'],
      ['no description', { description: undefined }, 1001, 'description'],
      ['an empty description', { description: '  ' }, 1001, 'description'],
      ['description over 250', { description: 'd'.repeat(251) }, 1001, 'description'],
      ['order_id over 100', { order_id: 'o'.repeat(101) }, 1001, 'order_id'],
      ['order_id with an invisible character', { order_id: 'a\u2066b' }, 1001, 'order_id'],
    ];
    it.each(cases)('%s -> %i naming %s', async (_, extra, code, mention) => {
      const a = await accountCustomer(api);
      const b = await accountCustomer(api);
      await deposit(api, a.clabe, 100);
      expectError(await leavesNoTrace(api, () => transfer(a.id, body(b.id, extra))), code, 400, mention);
    });

    it('1005: an unknown receiver or sender', async () => {
      const a = await accountCustomer(api);
      await deposit(api, a.clabe, 100);
      const ghost = `a${'0'.repeat(19)}`;
      expectError(await leavesNoTrace(api, () => transfer(a.id, body(ghost))), 1005, 404, ghost);
      expectError(await leavesNoTrace(api, () => transfer(ghost, body(a.id))), 1005, 404, ghost);
    });

    it('1003: a transfer to the sender itself', async () => {
      const a = await accountCustomer(api);
      await deposit(api, a.clabe, 100);
      expectError(await leavesNoTrace(api, () => transfer(a.id, body(a.id))), 1003, 422, 'customer_id');
    });

    it('3006: a sender or a receiver without an account (requires_account false)', async () => {
      const a = await accountCustomer(api);
      await deposit(api, a.clabe, 100);
      const plain = (await api.call('POST', '/customers', { body: { name: 'Noa', email: 'noa@example.com', requires_account: false } }))
        .body.id as string;
      expectError(await leavesNoTrace(api, () => transfer(a.id, body(plain))), 3006, 412, 'receiving', plain, 'requires_account');
      expectError(await leavesNoTrace(api, () => transfer(plain, body(a.id))), 3006, 412, 'sending', plain);
    });

    it('1006: an order_id any transaction has', async () => {
      const a = await accountCustomer(api);
      const b = await accountCustomer(api);
      await deposit(api, a.clabe, 100);
      const first = body(b.id, { amount: 5 });
      expect((await transfer(a.id, first)).status).toBe(201);
      expectError(await leavesNoTrace(api, () => transfer(a.id, body(b.id, { order_id: first.order_id }))), 1006, 409, first.order_id);
      const card = chargeBody(await tokenize(api));
      expect((await charge(api, card)).status).toBe(201);
      expectError(await leavesNoTrace(api, () => transfer(a.id, body(b.id, { order_id: card.order_id }))), 1006, 409);
    });

    it('1010 with the public key', async () => {
      const a = await accountCustomer(api);
      expectError(await api.call('POST', `/customers/${a.id}/transfers`, { as: 'public', body: body(a.id) }), 1010, 403);
    });
  });
});

describe('GET /customers/{id}/transfers (list)', () => {
  it("the customer's in and out transfers only, newest first, paged; creation filters", async () => {
    const a = await accountCustomer(api);
    const b = await accountCustomer(api);
    await deposit(api, a.clabe, 100);
    await deposit(api, b.clabe, 100);
    const out1 = (await transfer(a.id, body(b.id, { amount: 10 }))).body.id;
    await transfer(b.id, body(a.id, { amount: 3 }));
    const out2 = (await transfer(a.id, body(b.id, { amount: 20 }))).body.id;
    const list = async (q = '') => (await api.call('GET', `/customers/${a.id}/transfers${q}`)).body as Record<string, unknown>[];
    const all = await list();
    expect(all.map((t) => [t.operation_type, t.amount, t.customer_id])).toEqual([
      ['out', 20, a.id],
      ['in', 3, a.id],
      ['out', 10, a.id],
    ]);
    expect([all[0]!.id, all[2]!.id]).toEqual([out2, out1]);
    // the SPEI deposit is a charge, not a transfer
    expect(all.every((t) => t.transaction_type === 'transfer')).toBe(true);
    expect((await list('?offset=1&limit=1')).map((t) => t.amount)).toEqual([3]);
    expect(await list('?creation=2026-03-10')).toHaveLength(3);
    expect(await list('?creation[lte]=2026-03-09')).toEqual([]);
    expectError(await api.call('GET', `/customers/${a.id}/transfers?offset=-1`), 1001, 400, 'offset');
    expectError(await api.call('GET', `/customers/a${'0'.repeat(19)}/transfers`), 1005, 404);
    expectError(await api.call('GET', `/customers/${a.id}/transfers/trdoesnotexist000000`), 1005, 404);
  });
});

describe('concurrent transfers from one account', () => {
  const conc = useSandbox();

  it('never overdraw it: of 60 parallel requests of 10 pesos from 100, exactly 10 succeed, the rest are 4001', async () => {
    const a = await accountCustomer(conc);
    const receivers = [await accountCustomer(conc), await accountCustomer(conc), await accountCustomer(conc)];
    await deposit(conc, a.clabe, 100);
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        conc.call('POST', `/customers/${a.id}/transfers`, { body: body(receivers[i % 3]!.id, { amount: 10 }) }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 412)).toHaveLength(50);
    for (const r of replies.filter((x) => x.status === 412)) expect(r.body.error_code).toBe(4001);
    expect(await customerBalance(conc, a.id)).toBe(0);
    let received = 0;
    for (const r of receivers) received += await customerBalance(conc, r.id);
    expect(received).toBe(100);
    expect(conc.sandbox.store.transactions.listWhere({ kinds: ['transfer'] }, { offset: 0, limit: 100 })).toHaveLength(20);
    expect(conc.sandbox.store.ledger.check()).toEqual([]);
  });
});
