/**
 * Chargebacks (spec, States: chargeback_pending, chargeback_accepted, chargeback_adjustment; Events chargeback.created,
 * .accepted, .rejected), played by `POST /sandbox/v1/{merchant_id}/charges/{id}/chargeback {outcome}`: every
 * transition with its ledger entries (the disputed amount held in `hold:{transaction_id}`) and its event; what is
 * refused changes nothing; the ledger balanced.
 */
import { describe, expect, it } from 'vitest';
import { charge, chargeBody, createCustomer, CREDS, expectError, orderId, tokenize, useSandbox, type TestApi } from './helpers';

const api = useSandbox();

const sim = (a: TestApi, path: string, b: unknown) => a.call('POST', path, { body: b, prefix: `/sandbox/v1/${CREDS.merchantId}` });
const dispute = (id: string, outcome: string, extra: Record<string, unknown> = {}) =>
  sim(api, `/charges/${id}/chargeback`, { outcome, ...extra });
const balance = (account: string) => api.sandbox.store.ledger.balance(account as never);
const eventsOf = (id: string) => api.sandbox.store.events.of(id).map((e) => [e.type, (e.payload as { status: string }).status]);

/** A completed card charge of `amount` at merchant level. */
async function paid(amount = 200): Promise<string> {
  const r = await charge(api, chargeBody(await tokenize(api), { amount }));
  expect(r.body.status).toBe('completed');
  return r.body.id;
}

describe('a dispute opens on a completed card charge: chargeback_pending, the amount held', () => {
  it('pending: the disputed amount moves from the merchant to hold:{id}; chargeback.created', async () => {
    const id = await paid();
    const before = balance('merchant');
    const r = await dispute(id, 'pending');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, status: 'chargeback_pending' });
    expect(before - balance('merchant')).toBe(20_000);
    expect(balance(`hold:${id}`)).toBe(20_000);
    expect(eventsOf(id).at(-1)).toEqual(['chargeback.created', 'chargeback_pending']);
    // while disputed: no refund, no second dispute
    expectError(await api.call('POST', `/charges/${id}/refund`, { body: {} }), 3006, 412);
    expectError(await dispute(id, 'pending'), 3006, 412, 'chargeback_pending');
  });

  it('accepted: the hold goes back to the card; chargeback_accepted, chargeback.accepted', async () => {
    const id = await paid();
    await dispute(id, 'pending');
    const merchant = balance('merchant');
    const r = await dispute(id, 'accepted');
    expect(r.body.status).toBe('chargeback_accepted');
    expect([balance(`hold:${id}`), balance('merchant') - merchant]).toEqual([0, 0]);
    expect(api.sandbox.store.ledger.entriesOf(id).map((e) => [e.account, e.cents])).toEqual([
      ['outside:card', -20_000],
      ['merchant', 20_000],
      ['merchant', -20_000],
      [`hold:${id}`, 20_000],
      [`hold:${id}`, -20_000],
      ['outside:card', 20_000],
    ]);
    expect(eventsOf(id).map((e) => e[0])).toEqual(['charge.succeeded', 'chargeback.created', 'chargeback.accepted']);
  });

  it('rejected: the hold returns to the merchant and the charge is completed again (then refundable); chargeback.rejected', async () => {
    const id = await paid();
    const merchant = balance('merchant');
    await dispute(id, 'pending');
    expect((await dispute(id, 'rejected')).body.status).toBe('completed');
    expect([balance(`hold:${id}`), balance('merchant')]).toEqual([0, merchant]);
    expect(eventsOf(id).at(-1)).toEqual(['chargeback.rejected', 'completed']);
    expect((await api.call('POST', `/charges/${id}/refund`, { body: { amount: 50 } })).body.status).toBe('completed');
  });

  it('adjustment: `amount` of the hold back to the card, the rest to the merchant; chargeback_adjustment', async () => {
    const id = await paid();
    const merchant = balance('merchant');
    await dispute(id, 'pending');
    const n = api.sandbox.store.events.size;
    expectError(await dispute(id, 'adjustment', { amount: 200.01 }), 1003, 422, 'disputed amount');
    expect(api.sandbox.store.events.size).toBe(n);
    const r = await dispute(id, 'adjustment', { amount: 75 });
    expect(r.body.status).toBe('chargeback_adjustment');
    expect([balance(`hold:${id}`), merchant - balance('merchant')]).toEqual([0, 7_500]);
    expect(eventsOf(id).at(-1)).toEqual(['chargeback.accepted', 'chargeback_adjustment']);
    expectError(await dispute(id, 'accepted'), 3006, 412);
  });

  it('a partly refunded charge disputes what is left; a customer-level charge of an account holds from the customer', async () => {
    const id = await paid(300);
    await api.call('POST', `/charges/${id}/refund`, { body: { amount: 100 } });
    await dispute(id, 'pending');
    expect(balance(`hold:${id}`)).toBe(20_000);
    const customer = await createCustomer(api, { requires_account: true });
    const r = await charge(
      api,
      { ...chargeBody(await tokenize(api)), customer: undefined, order_id: orderId() },
      `/customers/${customer}/charges`,
    );
    await dispute(r.body.id, 'pending');
    expect([balance(`customer:${customer}`), balance(`hold:${r.body.id}`)]).toEqual([0, 34_950]);
  });
});

describe('refused disputes change nothing', () => {
  it.each([
    ['accepted on a completed charge (no dispute open)', 'accepted', 3006, 412],
    ['rejected on a completed charge', 'rejected', 3006, 412],
    ['an unknown outcome', 'won', 1001, 400],
  ])('%s -> %i', async (_what, outcome, code, http) => {
    const id = await paid();
    const n = { events: api.sandbox.store.events.size, entries: api.sandbox.store.ledger.entriesOf(id).length };
    expectError(await dispute(id, outcome), code, http);
    expect({ events: api.sandbox.store.events.size, entries: api.sandbox.store.ledger.entriesOf(id).length }).toEqual(n);
    expect((await api.call('GET', `/charges/${id}`)).body.status).toBe('completed');
  });

  it('a failed card charge, a store charge, an unknown charge', async () => {
    const tok = await tokenize(api, { card_number: '4000000000000002' });
    await charge(api, chargeBody(tok));
    const failed = api.sandbox.store.transactions.values().find((t) => t.status === 'failed')!;
    expectError(await dispute(failed.id, 'pending'), 3006, 412, 'failed');
    const store = await charge(api, { method: 'store', amount: 10, description: 'x', customer: { name: 'A', email: 'a@b.mx' } });
    expectError(await dispute(store.body.id, 'pending'), 3006, 412, 'card charge');
    expectError(await dispute('trnosuchcharge000000', 'pending'), 1005, 404);
  });
});

describe('invariants', () => {
  it('the ledger holds (holds may be any balance; merchant and customers never below zero)', () => {
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });
});
