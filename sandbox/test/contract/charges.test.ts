/**
 * Card charges (spec, Endpoints > Charges; Authentication item 6; Errors 1006, 2008, 2009, 3001-3012, 3006):
 * the full happy path, every test card's outcome, single-use tokens, stored cards and the list filters.
 */
import { describe, expect, it } from 'vitest';
import { OUTCOME_ERRORS, TEST_CARDS } from '../../src/domain/card/test-cards';
import { CARD, charge, chargeBody, createCustomer, expectError, orderId, tokenize, useSandbox } from './helpers';

const api = useSandbox();
// The spec's Transaction fields, plus `fraud_flags` (this project's extension: anti-fraud rules that matched).
const TRANSACTION_KEYS = [
  'amount',
  'authorization',
  'card',
  'creation_date',
  'currency',
  'customer_id',
  'description',
  'error_message',
  'fraud_flags',
  'id',
  'method',
  'operation_date',
  'operation_type',
  'order_id',
  'status',
  'transaction_type',
].sort();

describe('happy path: browser token -> server charge with the private key -> GET the charge', () => {
  it('completes with a six-digit authorization, and GET returns the same Transaction', async () => {
    const tok = await tokenize(api); // public key, as the checkout page does
    const body = chargeBody(tok, { amount: 349.5 });
    const r = await charge(api, body);
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(TRANSACTION_KEYS);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9]{1,45}$/),
      authorization: expect.stringMatching(/^\d{6}$/),
      transaction_type: 'charge',
      operation_type: 'in',
      method: 'card',
      creation_date: '2026-03-10T12:00:00-06:00',
      operation_date: '2026-03-10T12:00:00-06:00',
      order_id: body.order_id,
      status: 'completed',
      amount: 349.5,
      currency: 'MXN',
      description: 'Coffee beans, 1 kg',
      error_message: null,
      customer_id: null,
      card: { card_number: 'XXXXXXXXXXXX1111', brand: 'visa', holder_name: 'Ana Pérez', type: 'credit', customer_id: null },
      // no device data was sent under this device_session_id: allowed, and flagged
      fraud_flags: ['missing_device_data'],
    });
    expect(r.body.card).not.toHaveProperty('id');
    const got = await api.call('GET', `/charges/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toStrictEqual(r.body);
  });

  it('X-Forwarded-For is required -> 1001 naming the header', async () => {
    const tok = await tokenize(api);
    expectError(await api.call('POST', '/charges', { body: chargeBody(tok) }), 1001, 400, 'X-Forwarded-For');
    expectError(
      await api.call('POST', '/charges', { body: chargeBody(tok), headers: { 'X-Forwarded-For': ' ' } }),
      1001,
      400,
      'X-Forwarded-For',
    );
    expect((await charge(api, chargeBody(tok))).status).toBe(201);
  });

  it('capture false -> in_progress with an authorization', async () => {
    const r = await charge(api, chargeBody(await tokenize(api), { capture: false }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'in_progress', authorization: expect.stringMatching(/^\d{6}$/) });
  });

  it('currency USD is kept; order_id may be omitted (null)', async () => {
    const body: Record<string, unknown> = chargeBody(await tokenize(api), { currency: 'USD' });
    delete body.order_id;
    const r = await charge(api, body);
    expect(r.body).toMatchObject({ currency: 'USD', order_id: null });
  });
});

describe('order ids and single-use tokens', () => {
  it('1006: an order_id already used by any transaction; the refused call does not use the token', async () => {
    const order = orderId();
    expect((await charge(api, chargeBody(await tokenize(api), { order_id: order }))).status).toBe(201);
    const tok = await tokenize(api);
    expectError(await charge(api, chargeBody(tok, { order_id: order })), 1006, 409, order);
    // the failed order id also counts: a declined charge is a transaction
    const declinedOrder = orderId();
    await charge(api, chargeBody(await tokenize(api, { card_number: '4000000000000002' }), { order_id: declinedOrder }));
    expectError(await charge(api, chargeBody(tok, { order_id: declinedOrder })), 1006, 409);
    expect((await charge(api, chargeBody(tok))).status).toBe(201);
  });

  it('3006: a token charged once cannot be charged again', async () => {
    const tok = await tokenize(api);
    expect((await charge(api, chargeBody(tok))).status).toBe(201);
    expectError(await charge(api, chargeBody(tok)), 3006, 412, 'single-use');
  });

  it('3006: a token used to store a card cannot be charged, and a charged token cannot be stored', async () => {
    const stored = await tokenize(api);
    expect((await api.call('POST', '/cards', { body: { token_id: stored, device_session_id: 'd1' } })).status).toBe(201);
    expectError(await charge(api, chargeBody(stored)), 3006, 412);
    const charged = await tokenize(api);
    await charge(api, chargeBody(charged));
    expectError(await api.call('POST', '/cards', { as: 'public', body: { token_id: charged, device_session_id: 'd1' } }), 3006, 412);
  });

  it('3006: a declined charge uses the token up as well', async () => {
    const tok = await tokenize(api, { card_number: '4000000000030033' });
    expectError(await charge(api, chargeBody(tok)), 3003, 402);
    expectError(await charge(api, chargeBody(tok)), 3006, 412);
  });

  it('1005: an unknown source_id', async () => {
    expectError(await charge(api, chargeBody('tok0000000000000000')), 1005, 404, 'tok0000000000000000');
  });
});

describe('test card outcomes', () => {
  it.each(TEST_CARDS.map((c) => [c.number, c.outcome, c.error_code ?? 0] as const))('%s -> %s %d', async (number, outcome, code) => {
    const body = chargeBody(await tokenize(api, { card_number: number }));
    const r = await charge(api, body);
    const [stored] = (await api.call('GET', `/charges?order_id=${body.order_id}`)).body;
    if (outcome === 'approved') {
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/) });
      expect(stored).toStrictEqual(r.body);
      return;
    }
    const spec = OUTCOME_ERRORS[outcome];
    expectError(r, code, spec.http_code);
    expect(r.body.category).toBe('request');
    if (outcome === 'fraud') expect(r.body.fraud_rules).toEqual([expect.any(String)]);
    else expect(r.body).not.toHaveProperty('fraud_rules');
    expect(stored).toMatchObject({ status: 'failed', authorization: null, error_message: spec.description, order_id: body.order_id });
  });

  it('the spec codes and statuses: 3001-3005, 3009-3011 are 402, 3012 is 412', () => {
    const codes = Object.fromEntries(Object.values(OUTCOME_ERRORS).map((e) => [e.error_code, e.http_code]));
    expect(codes).toEqual({ 3001: 402, 3002: 402, 3003: 402, 3004: 402, 3005: 402, 3009: 402, 3010: 402, 3011: 402, 3012: 412 });
  });

  it('any other valid number is approved', async () => {
    const r = await charge(api, chargeBody(await tokenize(api, { card_number: '4242424242424242' })));
    expect(r.body.status).toBe('completed');
  });
});

describe('stored cards as source_id', () => {
  it('merchant card at merchant level: card.id set; cvv2 must fit the brand (2009); 3 digits fine', async () => {
    const card = await api.call('POST', '/cards', { body: CARD });
    expectError(await charge(api, chargeBody(card.body.id, { cvv2: '1234' })), 2009, 412, 'cvv2');
    expectError(await charge(api, chargeBody(card.body.id, { cvv2: '12' })), 1001, 400, 'cvv2');
    const r = await charge(api, chargeBody(card.body.id, { cvv2: '321' }));
    expect(r.status).toBe(201);
    expect(r.body.card).toMatchObject({ id: card.body.id, card_number: 'XXXXXXXXXXXX1111' });
    // stored cards can be charged again
    expect((await charge(api, chargeBody(card.body.id))).status).toBe(201);
  });

  it('use_card_points other than NONE on a card without points -> 2008', async () => {
    const card = await api.call('POST', '/cards', { body: CARD });
    expectError(await charge(api, chargeBody(card.body.id, { use_card_points: 'MIXED' })), 2008, 412);
  });

  it("customer charges: the customer's card or a token; customer object not needed; levels do not mix", async () => {
    const customer = await createCustomer(api);
    const other = await createCustomer(api);
    const card = await api.call('POST', `/customers/${customer}/cards`, { body: CARD });
    const body: Record<string, unknown> = chargeBody(card.body.id);
    delete body.customer;
    const r = await charge(api, body, `/customers/${customer}/charges`);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ customer_id: customer, status: 'completed', card: { id: card.body.id, customer_id: customer } });
    const viaToken = await charge(api, { ...body, source_id: await tokenize(api), order_id: orderId() }, `/customers/${customer}/charges`);
    expect(viaToken.body).toMatchObject({ customer_id: customer, status: 'completed' });

    expect((await api.call('GET', `/customers/${customer}/charges/${r.body.id}`)).body).toStrictEqual(r.body);
    expectError(await api.call('GET', `/charges/${r.body.id}`), 1005, 404);
    expectError(await api.call('GET', `/customers/${other}/charges/${r.body.id}`), 1005, 404);
    // a customer's card is not a merchant-level source, nor another customer's
    expectError(await charge(api, chargeBody(card.body.id)), 1005, 404);
    expectError(await charge(api, { ...body, order_id: orderId() }, `/customers/${other}/charges`), 1005, 404);
    const list = await api.call('GET', `/customers/${customer}/charges`);
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([viaToken.body.id, r.body.id]);
  });

  it('an unknown customer -> 1005', async () => {
    expectError(await charge(api, chargeBody('k1'), '/customers/a0000000000000000000/charges'), 1005, 404, 'Customer');
  });
});

describe('GET /charges filters', () => {
  const fresh = useSandbox();

  const seed = async () => {
    if (fresh.sandbox.store.transactions.size) return;
    for (const [number, amount, order] of [
      ['4111111111111111', 100, 'f-ok-100'],
      ['4000000000000002', 200, 'f-declined-200'],
      ['5555555555554444', 300.25, 'f-ok-300'],
      ['4000000000030058', 400, 'f-fraud-400'],
    ] as const) {
      await charge(fresh, chargeBody(await tokenize(fresh, { card_number: number }), { amount, order_id: order }));
    }
  };
  const orders = (r: { body: { order_id: string }[] }) => r.body.map((t) => t.order_id);

  it.each([
    ['', ['f-fraud-400', 'f-ok-300', 'f-declined-200', 'f-ok-100']],
    ['status=COMPLETED', ['f-ok-300', 'f-ok-100']],
    ['status=FAILED', ['f-fraud-400', 'f-declined-200']],
    ['status=IN_PROGRESS', []],
    ['order_id=f-ok-300', ['f-ok-300']],
    ['amount=300.25', ['f-ok-300']],
    ['amount%5Bgte%5D=200&amount%5Blte%5D=300.25', ['f-ok-300', 'f-declined-200']],
    ['status=COMPLETED&amount%5Bgte%5D=150', ['f-ok-300']],
    ['limit=2&offset=1', ['f-ok-300', 'f-declined-200']],
    ['creation=2026-03-10', ['f-fraud-400', 'f-ok-300', 'f-declined-200', 'f-ok-100']],
    ['creation%5Blte%5D=2026-03-09', []],
  ])('?%s', async (query, expected) => {
    await seed();
    const r = await fresh.call('GET', `/charges?${query}`);
    expect(r.status).toBe(200);
    expect(orders(r)).toEqual(expected);
  });

  it.each([['status=completed'], ['status=PAID'], ['amount=abc']])('?%s -> 1001', async (query) => {
    expectError(await fresh.call('GET', `/charges?${query}`), 1001, 400, query.split('=')[0]!);
  });

  it('X-Forwarded-For is not needed to read charges', async () => {
    await seed();
    const r = await fresh.call('GET', '/charges');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(4);
  });
});
