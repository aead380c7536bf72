/**
 * What follows a card charge (spec, Endpoints > Charges): capture of a held charge, refunds (partial, several, up to
 * the amount; the charge with its refund embedded), cancel of a held charge, at merchant and customer level; a card
 * sent inline in the charge; the money in the ledger after each (the Merchant object's `balance`).
 */
import { describe, expect, it } from 'vitest';
import { CARD, charge, chargeBody, createCustomer, expectError, tokenize, useSandbox } from './helpers';

const api = useSandbox();
const balance = async () => (await api.call('GET', '')).body.balance as number;
const events = (id: string) => api.sandbox.store.events.of(id).map((e) => e.type);

describe('capture and cancel of a held charge (capture: false)', () => {
  it('capture: in_progress holds the amount (no money moves); capture of part completes it for that part', async () => {
    const before = await balance();
    const held = await charge(api, chargeBody(await tokenize(api), { amount: 500, capture: false }));
    expect(held.body).toMatchObject({ status: 'in_progress', amount: 500, authorization: expect.stringMatching(/^\d{6}$/) });
    expect(await balance()).toBe(before);
    const captured = await api.call('POST', `/charges/${held.body.id}/capture`, { body: { amount: 420.5 } });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ id: held.body.id, status: 'completed', amount: 420.5 });
    expect(await balance()).toBe(before + 420.5);
    expect(events(held.body.id)).toEqual(['charge.created', 'charge.succeeded']);
    expectError(await api.call('POST', `/charges/${held.body.id}/capture`, { body: {} }), 3006, 412, 'not an authorization');
  });

  it('capture without a body takes the whole hold; more than the hold is 1003 and changes nothing', async () => {
    const held = await charge(api, chargeBody(await tokenize(api), { amount: 100, capture: false }));
    expectError(await api.call('POST', `/charges/${held.body.id}/capture`, { body: { amount: 100.01 } }), 1003, 422, 'held amount');
    expect((await api.call('GET', `/charges/${held.body.id}`)).body.status).toBe('in_progress');
    const res = await fetch(`${api.baseUrl}/v1/${'mcontract0test0001'}/charges/${held.body.id}/capture`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('sk_contract_private:').toString('base64')}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'completed', amount: 100 });
  });

  it('cancel releases the hold: cancelled, no money; a completed charge cannot be cancelled', async () => {
    const before = await balance();
    const held = await charge(api, chargeBody(await tokenize(api), { amount: 80, capture: false }));
    const cancelled = await api.call('POST', `/charges/${held.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(await balance()).toBe(before);
    expect(events(held.body.id)).toEqual(['charge.created', 'charge.cancelled']);
    const done = await charge(api, chargeBody(await tokenize(api)));
    expectError(await api.call('POST', `/charges/${done.body.id}/cancel`), 3006, 412);
  });
});

describe('refunds', () => {
  it("several partial refunds up to the amount: completed with the latest refund embedded, in full too (as the spec's table says); money back", async () => {
    const before = await balance();
    const paid = await charge(api, chargeBody(await tokenize(api), { amount: 300 }));
    const first = await api.call('POST', `/charges/${paid.body.id}/refund`, { body: { amount: 100, description: 'broken lid' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'completed',
      refund: { transaction_type: 'refund', operation_type: 'out', amount: 100, status: 'completed', description: 'broken lid' },
    });
    expectError(await api.call('POST', `/charges/${paid.body.id}/refund`, { body: { amount: 200.01 } }), 1003, 422, 'left to refund');
    const rest = await api.call('POST', `/charges/${paid.body.id}/refund`, { body: {} });
    expect(rest.body).toMatchObject({ status: 'completed', amount: 300, refund: { amount: 200 } });
    expect((await api.call('GET', `/charges/${paid.body.id}`)).body).toMatchObject({ status: 'completed', refund: { amount: 200 } });
    expect(await balance()).toBe(before);
    expectError(await api.call('POST', `/charges/${paid.body.id}/refund`, { body: { amount: 1 } }), 3006, 412);
    expect(events(paid.body.id)).toEqual(['charge.succeeded', 'charge.refunded', 'charge.refunded']);
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });

  it('a failed or held charge cannot be refunded; amounts are checked (0, three decimals, exponent)', async () => {
    const failed = await charge(api, chargeBody(await tokenize(api, { card_number: '4000000000000002' })));
    expect(failed.status).toBe(402);
    const [declined] = (await api.call('GET', '/charges?status=FAILED&limit=1')).body;
    expectError(await api.call('POST', `/charges/${declined.id}/refund`, { body: {} }), 3006, 412);
    const paid = await charge(api, chargeBody(await tokenize(api)));
    expectError(await api.call('POST', `/charges/${paid.body.id}/refund`, { body: { amount: 0 } }), 1001, 400, 'amount');
    expectError(await api.call('POST', `/charges/${paid.body.id}/refund`, { body: { amount: 1.005 } }), 1001, 400, 'amount');
    expectError(await api.call('POST', `/charges/${paid.body.id}/refund`, { body: '{"amount":1e1}' }), 1001, 400, 'exponent');
    expectError(await api.call('POST', '/charges/tr000000000000000000/refund', { body: {} }), 1005, 404);
  });

  it('a USD charge posts its MXN value at the sandbox rate, and its refund takes the same back', async () => {
    const before = await balance();
    const usd = await charge(api, chargeBody(await tokenize(api), { amount: 10, currency: 'USD' }));
    expect(usd.body).toMatchObject({ currency: 'USD', amount: 10, exchange_rate: { from: 'USD', to: 'MXN', value: 17.5 } });
    expect(await balance()).toBe(before + 175);
    await api.call('POST', `/charges/${usd.body.id}/refund`, { body: { amount: 4 } });
    expect(await balance()).toBe(before + 105);
  });
});

describe('customer level and inline cards', () => {
  it('a charge to a customer with an account pays into its balance; refunds take from it; at its level only', async () => {
    const customer = await createCustomer(api, { requires_account: true });
    const paid = await charge(api, chargeBody(await tokenize(api), { amount: 250, customer: undefined }), `/customers/${customer}/charges`);
    expect(paid.status).toBe(201);
    expect((await api.call('GET', `/customers/${customer}`)).body.balance).toBe(250);
    expectError(await api.call('GET', `/charges/${paid.body.id}`), 1005, 404);
    await api.call('POST', `/customers/${customer}/charges/${paid.body.id}/refund`, { body: { amount: 50 } });
    expect((await api.call('GET', `/customers/${customer}`)).body.balance).toBe(200);
    expectError(await api.call('DELETE', `/customers/${customer}`), 3006, 412, 'balance');
  });

  it('a card sent inline is tokenized in the same transaction (card rules apply; nothing stored when refused)', async () => {
    const inline = { ...chargeBody('x'), source_id: undefined, card: CARD };
    const paid = await charge(api, inline);
    expect(paid.status).toBe(201);
    expect(paid.body.card).toMatchObject({ card_number: 'XXXXXXXXXXXX1111', brand: 'visa' });
    expect(paid.body.card.id).toBeUndefined();
    const before = api.sandbox.store.transactions.size;
    expectError(await charge(api, { ...inline, card: { ...CARD, card_number: '4111111111111112' } }), 2004, 422, 'card.card_number');
    expectError(await charge(api, { ...inline, source_id: 'tok123' }), 1001, 400, 'source_id');
    expect(api.sandbox.store.transactions.size).toBe(before);
  });
});
