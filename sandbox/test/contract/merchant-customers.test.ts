/**
 * The merchant record (spec, Endpoints > Merchant) and what issue-level customers add to the spec's Customer object:
 * update (`PUT`, a gap the public server SDKs fill), customers with an account (a CLABE with a valid check digit that
 * receives SPEI deposits, a store reference with its barcode URL, a balance), and a deactivated merchant (1008).
 */
import { describe, expect, it } from 'vitest';
import { clabeProblem } from '../../src/domain/clabe';
import { charge, chargeBody, createCustomer, CREDS, expectError, tokenize, useSandbox } from './helpers';

const api = useSandbox();
const deleted = useSandbox({ merchant: { status: 'deleted' } });
const sim = `/sandbox/v1/${CREDS.merchantId}`;

describe('GET /v1/{merchant_id}', () => {
  it('the Merchant object, its balance read from the ledger; the public key is 1010', async () => {
    const before = (await api.call('GET', '')).body;
    expect(before).toMatchObject({
      id: CREDS.merchantId,
      status: 'active',
      name: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
    });
    expect(clabeProblem(before.clabe)).toBeNull();
    await charge(api, chargeBody(await tokenize(api), { amount: 12.34 }));
    expect((await api.call('GET', '')).body.balance).toBe(before.balance + 12.34);
    expectError(await api.call('GET', '', { as: 'public' }), 1010, 403);
  });

  it('a deactivated merchant (--merchant-status deleted) refuses every transaction with 1008, nothing stored', async () => {
    expect((await deleted.call('GET', '')).body.status).toBe('deleted');
    expectError(await charge(deleted, chargeBody(await tokenize(deleted))), 1008, 423);
    expect(deleted.sandbox.store.transactions.size).toBe(0);
  });
});

describe('customers beyond the spec', () => {
  it('PUT changes the fields sent, keeps the others; external_id stays unique (2003); unknown id 1005', async () => {
    const id = await createCustomer(api, { last_name: 'Pérez', phone_number: '5512345678', external_id: `e-${Date.now()}` });
    const other = await createCustomer(api, { external_id: `o-${Date.now()}` });
    const r = await api.call('PUT', `/customers/${id}`, { body: { name: 'Ana María', phone_number: null } });
    expect(r.body).toMatchObject({ id, name: 'Ana María', last_name: 'Pérez', phone_number: null });
    const taken = (await api.call('GET', `/customers/${other}`)).body.external_id;
    expectError(await api.call('PUT', `/customers/${id}`, { body: { external_id: taken } }), 2003, 409);
    expectError(await api.call('PUT', `/customers/${id}`, { body: { email: 'no' } }), 1001, 400, 'email');
    expectError(await api.call('PUT', '/customers/a00000000000000000', { body: { name: 'X' } }), 1005, 404);
  });

  it('requires_account: a CLABE (valid check digit) that receives SPEI deposits, a store reference, a balance', async () => {
    const r = await api.call('POST', '/customers', { body: { name: 'Bea', email: 'bea@example.com', requires_account: true } });
    expect(r.status).toBe(201);
    expect(clabeProblem(r.body.clabe)).toBeNull();
    expect(r.body.store).toEqual({
      reference: expect.stringMatching(/^SBX[A-Z0-9]{13}$/),
      barcode_url: `${api.baseUrl}/barcodes/${r.body.store.reference}.png`,
    });
    const deposit = await api.call('POST', '/spei-transfers', { prefix: sim, body: { clabe: r.body.clabe, amount: 1500.5 } });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({ status: 'completed', method: 'bank', customer_id: r.body.id, amount: 1500.5 });
    expect((await api.call('GET', `/customers/${r.body.id}`)).body.balance).toBe(1500.5);
    expect(api.sandbox.store.events.of(deposit.body.id).map((e) => e.type)).toEqual(['spei.received']);
    expectError(await api.call('DELETE', `/customers/${r.body.id}`), 3006, 412, 'balance');
    const plain = await createCustomer(api, { requires_account: false });
    expect((await api.call('GET', `/customers/${plain}`)).body).not.toHaveProperty('clabe');
    expect((await api.call('GET', `/customers/${plain}`)).body).not.toHaveProperty('store');
  });

  it('a SPEI transfer to a CLABE nobody has is 1005; a malformed one 1001; nothing moves', async () => {
    const entries = api.sandbox.store.events.size;
    expectError(
      await api.call('POST', '/spei-transfers', { prefix: sim, body: { clabe: '646180000000000012', amount: 10 } }),
      1005,
      404,
      'CLABE',
    );
    expectError(await api.call('POST', '/spei-transfers', { prefix: sim, body: { clabe: '12345', amount: 10 } }), 1001, 400, 'clabe');
    expect(api.sandbox.store.events.size).toBe(entries);
  });
});
