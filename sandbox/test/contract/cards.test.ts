/** Stored cards, both variants, merchant and customer level (spec, Endpoints > Cards; Errors 2002, 3006). */
import { describe, expect, it } from 'vitest';
import { CARD, createCustomer, expectError, tokenize, useSandbox } from './helpers';

const api = useSandbox();
const DSID = 'dsid0123456789abcdefABCDEF012345';

/** The Card object expected for the default test card. */
const cardObject = (customer_id: string | null, last4 = '1111') => ({
  id: expect.stringMatching(/^[A-Za-z0-9]{1,45}$/),
  creation_date: '2026-03-10T12:00:00-06:00',
  holder_name: 'Ana Pérez',
  card_number: `XXXXXXXXXXXX${last4}`,
  expiration_month: '12',
  expiration_year: '30',
  address: null,
  allows_charges: true,
  allows_payouts: false,
  brand: 'visa',
  type: 'credit',
  bank_name: expect.any(String),
  bank_code: expect.any(String),
  customer_id,
  points_card: false,
});

describe.each([
  { level: 'merchant', base: async () => '' },
  { level: 'customer', base: async () => `/customers/${await createCustomer(api)}` },
])('cards at $level level', ({ level, base }) => {
  it('raw variant -> Card; GET it; DELETE it (204, empty); then 1005', async () => {
    const prefix = await base();
    const customerId = level === 'customer' ? prefix.split('/')[2]! : null;
    const created = await api.call('POST', `${prefix}/cards`, { as: 'public', body: { ...CARD, device_session_id: DSID } });
    expect(created.status).toBe(201);
    expect(created.body).toStrictEqual(cardObject(customerId));
    const got = await api.call('GET', `${prefix}/cards/${created.body.id}`);
    expect(got.body).toStrictEqual(created.body);
    const del = await api.call('DELETE', `${prefix}/cards/${created.body.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expectError(await api.call('GET', `${prefix}/cards/${created.body.id}`), 1005, 404);
  });

  it('token variant -> Card with the token card; the token is then used up (3006)', async () => {
    const prefix = await base();
    const tok = await tokenize(api, { card_number: '5555555555554444' });
    const created = await api.call('POST', `${prefix}/cards`, { as: 'public', body: { token_id: tok, device_session_id: DSID } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ card_number: 'XXXXXXXXXXXX4444', brand: 'mastercard', holder_name: 'Ana Pérez' });
    const again = await api.call('POST', `${prefix}/cards`, { as: 'public', body: { token_id: tok, device_session_id: DSID } });
    expectError(again, 3006, 412, 'already used');
  });

  it('token variant errors: unknown token 1005, missing device_session_id 1001', async () => {
    const prefix = await base();
    expectError(
      await api.call('POST', `${prefix}/cards`, { as: 'public', body: { token_id: 'tok0000000000000000', device_session_id: DSID } }),
      1005,
      404,
    );
    const tok = await tokenize(api);
    expectError(await api.call('POST', `${prefix}/cards`, { as: 'public', body: { token_id: tok } }), 1001, 400, 'device_session_id');
    // the failed call did not use the token
    expect((await api.call('POST', `${prefix}/cards`, { as: 'public', body: { token_id: tok, device_session_id: DSID } })).status).toBe(
      201,
    );
  });

  it('raw variant runs the card rules: missing cvv2 2006, Luhn 2004', async () => {
    const prefix = await base();
    expectError(await api.call('POST', `${prefix}/cards`, { as: 'public', body: { ...CARD, cvv2: undefined } }), 2006, 400, 'cvv2');
    expectError(await api.call('POST', `${prefix}/cards`, { as: 'public', body: { ...CARD, card_number: '4111111111111121' } }), 2004, 422);
  });
});

describe('customer cards', () => {
  it('2002: the same card number twice on one customer, whichever variant; fine on another customer or the merchant', async () => {
    const customer = await createCustomer(api);
    expect((await api.call('POST', `/customers/${customer}/cards`, { body: { ...CARD, card_number: '4111 1111 1111 1111' } })).status).toBe(
      201,
    );
    expectError(await api.call('POST', `/customers/${customer}/cards`, { body: CARD }), 2002, 409);
    const tok = await tokenize(api);
    expectError(await api.call('POST', `/customers/${customer}/cards`, { body: { token_id: tok, device_session_id: DSID } }), 2002, 409);
    const other = await createCustomer(api);
    expect((await api.call('POST', `/customers/${other}/cards`, { body: CARD })).status).toBe(201);
    expect((await api.call('POST', '/cards', { body: CARD })).status).toBe(201);
    expect((await api.call('POST', '/cards', { body: CARD })).status).toBe(201);
    // a different number is fine on the first customer
    expect((await api.call('POST', `/customers/${customer}/cards`, { body: { ...CARD, card_number: '5555555555554444' } })).status).toBe(
      201,
    );
  });

  it("lists a customer's cards newest first; each level sees only its own cards", async () => {
    const customer = await createCustomer(api);
    const a = await api.call('POST', `/customers/${customer}/cards`, { body: CARD });
    const b = await api.call('POST', `/customers/${customer}/cards`, { body: { ...CARD, card_number: '5555555555554444' } });
    const list = await api.call('GET', `/customers/${customer}/cards`);
    expect(list.body.map((k: { id: string }) => k.id)).toEqual([b.body.id, a.body.id]);
    expectError(await api.call('GET', `/cards/${a.body.id}`), 1005, 404);
    const other = await createCustomer(api);
    expectError(await api.call('GET', `/customers/${other}/cards/${a.body.id}`), 1005, 404);
    const merchantCard = await api.call('POST', '/cards', { body: CARD });
    expectError(await api.call('GET', `/customers/${customer}/cards/${merchantCard.body.id}`), 1005, 404);
  });

  it('an unknown customer -> 1005 for its cards', async () => {
    expectError(await api.call('POST', '/customers/a0000000000000000000/cards', { as: 'public', body: CARD }), 1005, 404, 'Customer');
  });

  it('deleting a customer deletes its cards', async () => {
    const customer = await createCustomer(api);
    const card = await api.call('POST', `/customers/${customer}/cards`, { body: CARD });
    expect((await api.call('DELETE', `/customers/${customer}`)).status).toBe(204);
    expect(api.sandbox.store.cards.has(card.body.id)).toBe(false);
  });
});
