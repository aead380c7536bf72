/**
 * Payouts (spec, Endpoints > Payouts; States and transitions: created `in_progress`; Errors 4001): at merchant level
 * to an inline bank account, at customer level to a registered one (`destination_id`); the money leaves at once,
 * the bank settles an hour later on the clock (`completed`), the test CLABE fails (`failed`, money back); 4001 and
 * every other refusal leave no trace.
 */
import { PAYOUT_BANK_ACCOUNT, PAYOUT_REQUEST } from '../../src/http/example-requests';
import { describe, expect, it } from 'vitest';
import { PAYOUT_SETTLE_MS, REJECTED_CLABE, REJECTION_MESSAGE } from '../../src/domain/payouts';
import { charge, chargeBody, expectError, orderId, tokenize, useSandbox } from './helpers';
import {
  accountCustomer,
  advance,
  customerBalance,
  deposit,
  eventTypes,
  freshClabe,
  fundMerchant,
  leavesNoTrace,
  merchantBalance,
} from './money-helpers';

const api = useSandbox();
const HOUR = PAYOUT_SETTLE_MS / 1000;

const payoutBody = (extra: Record<string, unknown> = {}) => ({
  ...PAYOUT_REQUEST,
  bank_account: { ...PAYOUT_BANK_ACCOUNT, clabe: freshClabe() },
  order_id: orderId(),
  ...extra,
});
const payout = (body: unknown, path = '/payouts') => api.call('POST', path, { body });
const balanceOf = (account: string) => api.sandbox.store.ledger.balance(account as never);

describe('POST /payouts (merchant level, inline bank_account)', () => {
  it('201 in_progress, the money out of the merchant at once; an hour later completed (payout.succeeded)', async () => {
    await fundMerchant(api, 1000);
    const before = await merchantBalance(api);
    const clabe = freshClabe('014');
    const body = payoutBody({ amount: 250.5, bank_account: { clabe, holder_name: 'Tienda Demo SA', alias: 'Main' } });
    const r = await payout(body);
    expect(r.status).toBe(201);
    expect(r.body).toStrictEqual({
      id: expect.stringMatching(/^tr[a-z0-9]{18}$/),
      authorization: null,
      transaction_type: 'payout',
      operation_type: 'out',
      method: 'bank_account',
      creation_date: '2026-03-10T12:00:00-06:00',
      operation_date: '2026-03-10T12:00:00-06:00',
      order_id: body.order_id,
      status: 'in_progress',
      amount: 250.5,
      currency: 'MXN',
      description: 'Weekly payout',
      error_message: null,
      customer_id: null,
      bank_account: {
        holder_name: 'Tienda Demo SA',
        alias: 'Main',
        clabe: `014XXXXXXXXXX${clabe.slice(-5)}`,
        bank_name: 'SANTANDER',
        bank_code: '014',
        creation_date: '2026-03-10T12:00:00-06:00',
      },
    });
    expect(await merchantBalance(api)).toBe(before - 250.5);
    expect(balanceOf(`hold:${r.body.id}`)).toBe(25050);
    expect(eventTypes(api, r.body.id)).toEqual(['payout.created']);
    await advance(api, HOUR - 1);
    expect((await api.call('GET', `/payouts/${r.body.id}`)).body.status).toBe('in_progress');
    await advance(api, 1);
    const done = await api.call('GET', `/payouts/${r.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/), error_message: null });
    expect(done.body.operation_date).toBe('2026-03-10T13:00:00-06:00');
    expect(eventTypes(api, r.body.id)).toEqual(['payout.created', 'payout.succeeded']);
    expect(balanceOf(`hold:${r.body.id}`)).toBe(0);
    expect(await merchantBalance(api)).toBe(before - 250.5);
    expect(api.sandbox.store.ledger.entriesOf(r.body.id).map((e) => [e.account, e.cents])).toEqual([
      ['merchant', -25050],
      [`hold:${r.body.id}`, 25050],
      [`hold:${r.body.id}`, -25050],
      ['outside:bank', 25050],
    ]);
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });

  it(`the test CLABE ${REJECTED_CLABE} fails at settlement: failed, error_message, the money back (payout.failed)`, async () => {
    await fundMerchant(api, 300);
    const before = await merchantBalance(api);
    const r = await payout(payoutBody({ bank_account: { clabe: REJECTED_CLABE, holder_name: 'Closed Account' }, amount: 300 }));
    expect([r.status, r.body.status]).toEqual([201, 'in_progress']);
    expect(await merchantBalance(api)).toBe(before - 300);
    await advance(api, HOUR);
    const failed = (await api.call('GET', `/payouts/${r.body.id}`)).body;
    expect(failed).toMatchObject({ status: 'failed', error_message: REJECTION_MESSAGE, authorization: null });
    expect(await merchantBalance(api)).toBe(before);
    expect(eventTypes(api, r.body.id)).toEqual(['payout.created', 'payout.failed']);
    const last = api.sandbox.store.events.of(r.body.id).at(-1)!;
    expect(last.payload).toMatchObject({ id: r.body.id, status: 'failed', error_message: REJECTION_MESSAGE });
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });

  it('4001 when the merchant balance is short: nothing stored, moved or sent', async () => {
    const balance = await merchantBalance(api);
    const r = await leavesNoTrace(api, () => payout(payoutBody({ amount: balance + 0.01 })));
    expectError(r, 4001, 412, 'insufficient funds');
    expect(r.body.category).toBe('request');
    expect(await merchantBalance(api)).toBe(balance);
  });

  it('a payout of the whole balance leaves it at zero', async () => {
    const balance = await merchantBalance(api);
    expect(balance).toBeGreaterThan(0);
    expect((await payout(payoutBody({ amount: balance }))).status).toBe(201);
    expect(await merchantBalance(api)).toBe(0);
    expectError(await leavesNoTrace(api, () => payout(payoutBody({ amount: 0.01 }))), 4001, 412);
  });
});

describe('POST /customers/{id}/payouts', () => {
  it("to a registered bank account (destination_id), from the customer's account", async () => {
    const { id, clabe } = await accountCustomer(api);
    await deposit(api, clabe, 500);
    const account = await api.call('POST', `/customers/${id}/bankaccounts`, {
      body: { holder_name: 'Eva Ruiz', clabe: freshClabe('021') },
    });
    const r = await payout(
      payoutBody({ bank_account: undefined, destination_id: account.body.id, amount: 120 }),
      `/customers/${id}/payouts`,
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ customer_id: id, status: 'in_progress', amount: 120, bank_account: account.body });
    expect(await customerBalance(api, id)).toBe(380);
    expect((await api.call('GET', `/customers/${id}/payouts/${r.body.id}`)).body).toStrictEqual(r.body);
    // the other level does not see it
    expectError(await api.call('GET', `/payouts/${r.body.id}`), 1005, 404);
    await advance(api, HOUR);
    expect((await api.call('GET', `/customers/${id}/payouts/${r.body.id}`)).body.status).toBe('completed');
    expect(await customerBalance(api, id)).toBe(380);
  });

  it('deleting the bank account keeps the payout and its masked copy of the account', async () => {
    const { id, clabe } = await accountCustomer(api);
    await deposit(api, clabe, 50);
    const account = await api.call('POST', `/customers/${id}/bankaccounts`, { body: { holder_name: 'Eva', clabe: freshClabe() } });
    const r = await payout(
      payoutBody({ bank_account: undefined, destination_id: account.body.id, amount: 50 }),
      `/customers/${id}/payouts`,
    );
    expect((await api.call('DELETE', `/customers/${id}/bankaccounts/${account.body.id}`)).status).toBe(204);
    const kept = await api.call('GET', `/customers/${id}/payouts/${r.body.id}`);
    expect(kept.body.bank_account).toStrictEqual(account.body);
    await advance(api, HOUR);
    expect((await api.call('GET', `/customers/${id}/payouts/${r.body.id}`)).body.status).toBe('completed');
  });

  it("a rejected customer payout returns the money to the customer's account", async () => {
    const { id, clabe } = await accountCustomer(api);
    await deposit(api, clabe, 80);
    const r = await payout(
      payoutBody({ bank_account: { clabe: REJECTED_CLABE, holder_name: 'Eva' }, amount: 80 }),
      `/customers/${id}/payouts`,
    );
    expect(await customerBalance(api, id)).toBe(0);
    await advance(api, HOUR);
    expect((await api.call('GET', `/customers/${id}/payouts/${r.body.id}`)).body.status).toBe('failed');
    expect(await customerBalance(api, id)).toBe(80);
  });

  it('a customer with a payout in progress cannot be deleted (3006) until the bank answers', async () => {
    const { id, clabe } = await accountCustomer(api);
    await deposit(api, clabe, 30);
    const r = await payout(payoutBody({ amount: 30 }), `/customers/${id}/payouts`);
    expect([r.status, await customerBalance(api, id)]).toEqual([201, 0]);
    expectError(await api.call('DELETE', `/customers/${id}`), 3006, 412, 'payout in progress');
    await advance(api, HOUR);
    expect((await api.call('DELETE', `/customers/${id}`)).status).toBe(204);
  });

  it("4001 when the customer's balance is short, though the merchant's is not", async () => {
    await fundMerchant(api, 1000);
    const { id, clabe } = await accountCustomer(api);
    await deposit(api, clabe, 10);
    const r = await leavesNoTrace(api, () => payout(payoutBody({ amount: 10.01 }), `/customers/${id}/payouts`));
    expectError(r, 4001, 412, id);
    expect(await customerBalance(api, id)).toBe(10);
  });

  it("a customer without an account is paid out from the merchant's balance", async () => {
    await fundMerchant(api, 40);
    const before = await merchantBalance(api);
    const c = await api.call('POST', '/customers', { body: { name: 'Noa', email: 'noa@example.com', requires_account: false } });
    const r = await payout(payoutBody({ amount: 40 }), `/customers/${c.body.id}/payouts`);
    expect([r.status, r.body.customer_id]).toEqual([201, c.body.id]);
    expect(await merchantBalance(api)).toBe(before - 40);
  });
});

describe('refusals: nothing stored, moved or sent', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['no method', { method: undefined }, 1001, 'method'],
    ['method card', { method: 'card' }, 1001, 'method'],
    ['neither destination_id nor bank_account', { bank_account: undefined }, 1001, 'destination_id'],
    ['both destination_id and bank_account', { destination_id: 'b0000000000000000000' }, 1001, 'destination_id'],
    ['no amount', { amount: undefined }, 1001, 'amount'],
    ['amount zero', { amount: 0 }, 1001, 'amount'],
    ['amount with three decimals', { amount: 1.005 }, 1001, 'amount'],
    ['amount as a string', { amount: '10' }, 1001, 'amount'],
    ['no description', { description: undefined }, 1001, 'description'],
    ['description over 250', { description: 'x'.repeat(251) }, 1001, 'description'],
    ['description with a control character', { description: 'a\u0007b' }, 1001, 'description'],
    ['order_id over 100', { order_id: 'o'.repeat(101) }, 1001, 'order_id'],
    ['inline holder_name missing', { bank_account: { clabe: freshClabe() } }, 1001, 'bank_account.holder_name'],
    ['inline clabe of 17 digits', { bank_account: { clabe: '01218000000000001', holder_name: 'A' } }, 1001, 'bank_account.clabe'],
    [
      'inline clabe with a wrong check digit',
      { bank_account: { clabe: '012180000000000016', holder_name: 'A' } },
      1003,
      'bank_account.clabe',
    ],
    ['destination_id at merchant level', { bank_account: undefined, destination_id: 'b0000000000000000000' }, 1003, 'destination_id'],
  ];
  it.each(cases)('%s -> %i naming %s', async (_, extra, code, mention) => {
    await fundMerchant(api, 100);
    const r = await leavesNoTrace(api, () => payout(payoutBody(extra)));
    expectError(r, code, code === 1003 ? 422 : 400, mention);
  });

  it('1006: an order_id any transaction has (a charge)', async () => {
    const body = chargeBody(await tokenize(api));
    expect((await charge(api, body)).status).toBe(201);
    expectError(await leavesNoTrace(api, () => payout(payoutBody({ order_id: body.order_id }))), 1006, 409, body.order_id);
  });

  it("1005: an unknown destination_id, another customer's bank account, an unknown customer", async () => {
    const a = await accountCustomer(api);
    const b = await accountCustomer(api);
    await deposit(api, a.clabe, 100);
    const other = await api.call('POST', `/customers/${b.id}/bankaccounts`, { body: { holder_name: 'Bo', clabe: freshClabe() } });
    for (const destination_id of ['bdoesnotexist0000000', other.body.id]) {
      const body = payoutBody({ bank_account: undefined, destination_id });
      expectError(await leavesNoTrace(api, () => payout(body, `/customers/${a.id}/payouts`)), 1005, 404, destination_id);
    }
    expectError(await leavesNoTrace(api, () => payout(payoutBody(), `/customers/a${'0'.repeat(19)}/payouts`)), 1005, 404, 'Customer');
  });

  it('1010 with the public key', async () => {
    expectError(await api.call('POST', '/payouts', { as: 'public', body: payoutBody() }), 1010, 403);
  });
});

describe('GET /payouts (list) and GET /payouts/{id}', () => {
  const fresh = useSandbox();

  it('each level lists its own payouts, newest first, paged; filters status, order_id, amount, creation', async () => {
    await fundMerchant(fresh, 1000);
    const { id, clabe } = await accountCustomer(fresh);
    await deposit(fresh, clabe, 100);
    const made: { id: string; order_id: string }[] = [];
    for (const amount of [10, 20, 30]) {
      const body = payoutBody({ amount });
      made.push({ id: (await fresh.call('POST', '/payouts', { body })).body.id, order_id: body.order_id });
    }
    const theirs = await fresh.call('POST', `/customers/${id}/payouts`, { body: payoutBody({ amount: 5 }) });
    const ids = (r: { body: { id: string }[] }) => r.body.map((t) => t.id);
    const list = (q = '', path = '/payouts') => fresh.call('GET', `${path}${q}`);
    expect(ids(await list())).toEqual(made.map((m) => m.id).reverse());
    expect(ids(await list('', `/customers/${id}/payouts`))).toEqual([theirs.body.id]);
    expect(ids(await list('?offset=1&limit=1'))).toEqual([made[1]!.id]);
    expect(ids(await list(`?order_id=${made[0]!.order_id}`))).toEqual([made[0]!.id]);
    expect(ids(await list('?amount=20'))).toEqual([made[1]!.id]);
    expect(ids(await list('?amount[gte]=20&amount[lte]=30'))).toEqual([made[2]!.id, made[1]!.id]);
    expect(ids(await list('?status=IN_PROGRESS'))).toHaveLength(3);
    expect(ids(await list('?status=COMPLETED'))).toEqual([]);
    expect(ids(await list('?creation=2026-03-10'))).toHaveLength(3);
    expect(ids(await list('?creation[gte]=2026-03-11'))).toEqual([]);
    await advance(fresh, HOUR);
    expect(ids(await list('?status=COMPLETED'))).toHaveLength(3);
    expectError(await list('?status=done'), 1001, 400, 'status');
    expect((await list('?limit=101')).status).toBe(200);
    // a charge is not a payout
    expect((await list()).body.every((t: { transaction_type: string }) => t.transaction_type === 'payout')).toBe(true);
    expectError(await fresh.call('GET', '/payouts/trdoesnotexist000000'), 1005, 404);
    expect(fresh.sandbox.store.ledger.check()).toEqual([]);
  });
});

describe('a deactivated merchant (1008)', () => {
  const off = useSandbox({ merchant: { status: 'deleted' } });

  it('refuses payouts, transfers and fees with 1008, nothing stored', async () => {
    const a = await accountCustomer(off);
    const b = await accountCustomer(off);
    await deposit(off, a.clabe, 100);
    for (const [path, body] of [
      ['/payouts', payoutBody()],
      [`/customers/${a.id}/payouts`, payoutBody()],
      [`/customers/${a.id}/transfers`, { customer_id: b.id, amount: 10, description: 'Rent' }],
      ['/fees', { customer_id: a.id, amount: 10 }],
    ] as const) {
      expectError(await leavesNoTrace(off, () => off.call('POST', path, { body })), 1008, 423, 'deactivated');
    }
  });
});
