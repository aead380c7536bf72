/** Tokens (spec, Endpoints > Tokens; Resources > Token object; Errors 2004, 2005, 2006, 2009). */
import { describe, expect, it } from 'vitest';
import { CARD, expectError, useSandbox } from './helpers';

// Clock: 2026-03-10, so 03/26 is still valid and 02/26 has expired.
const api = useSandbox();
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const ADDRESS = { line1: ' Av. Reforma 222 ', postal_code: '06600', state: 'CDMX', city: 'Ciudad de México', country_code: 'mx' };

describe('POST /tokens', () => {
  it('returns the Token object, number masked to the last four', async () => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: CARD });
    expect(r.status).toBe(201);
    expect(r.body).toStrictEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{1,45}$/),
      card: {
        card_number: 'XXXXXXXXXXXX1111',
        holder_name: 'Ana Pérez',
        expiration_year: '30',
        expiration_month: '12',
        address: null,
        creation_date: '2026-03-10T12:00:00-06:00',
        brand: 'visa',
        points_card: false,
      },
    });
    expect(r.body.card.creation_date).toMatch(ISO_WITH_OFFSET);
  });

  it.each([
    ['4111 1111 1111 1111', 'XXXXXXXXXXXX1111', 'visa'],
    ['5555-5555-5555-4444', 'XXXXXXXXXXXX4444', 'mastercard'],
    ['2223000048400011', 'XXXXXXXXXXXX0011', 'mastercard'],
    ['5062210000000009', 'XXXXXXXXXXXX0009', 'carnet'],
    ['4000000000000000006', 'XXXXXXXXXXXXXXX0006', 'visa'],
    // Carnet BINs outside 506199-506499 (activemerchant CARNET_BINS), and 627535 inside UnionPay's 62
    ['2869000000000006', 'XXXXXXXXXXXX0006', 'carnet'],
    ['6275350000000004', 'XXXXXXXXXXXX0004', 'carnet'],
    ['6200000000000005', 'XXXXXXXXXXXX0005', 'unionpay'],
    // a network the IIN table does not list (Braintree's Maestro test card, an 81 UnionPay card): accepted, brand unknown
    ['6304000000000000', 'XXXXXXXXXXXX0000', 'unknown'],
    ['8100513433325374', 'XXXXXXXXXXXX5374', 'unknown'],
    ['9999999999999995', 'XXXXXXXXXXXX9995', 'unknown'],
  ])('%s is masked as %s, brand %s', async (card_number, masked, brand) => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, card_number } });
    expect(r.body.card).toMatchObject({ card_number: masked, brand });
  });

  it('normalises month, year and address as the library does', async () => {
    const r = await api.call('POST', '/tokens', {
      as: 'public',
      body: { ...CARD, expiration_month: 7, expiration_year: '2031', address: ADDRESS },
    });
    expect(r.status).toBe(201);
    expect(r.body.card).toMatchObject({
      expiration_month: '07',
      expiration_year: '31',
      address: { line1: 'Av. Reforma 222', postal_code: '06600', state: 'CDMX', city: 'Ciudad de México', country_code: 'MX' },
    });
  });

  it('never returns nor keeps the number or the CVV2', async () => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, cvv2: '987' } });
    const text = JSON.stringify(r.body);
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('987');
    const kept = JSON.stringify([...api.sandbox.store.tokens.values()]);
    expect(kept).not.toContain('4111111111111111');
    expect(kept).not.toContain('"987"');
  });

  it('the current month is still valid', async () => {
    expect(
      (await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, expiration_month: '03', expiration_year: '26' } })).status,
    ).toBe(201);
  });
});

describe('card errors, as errorCodeFor maps the card rules', () => {
  it.each([
    ['Luhn check digit', { card_number: '4111111111111112' }, 2004, 422, 'card_number'],
    ['Luhn on a 19-digit number', { card_number: '4000000000000000007' }, 2004, 422, 'card_number'],
    ['expired last month', { expiration_month: '02', expiration_year: '26' }, 2005, 400, 'expiration_month'],
    ['expired last year', { expiration_month: '12', expiration_year: '2025' }, 2005, 400, 'expiration_year'],
    ['cvv2 missing', { cvv2: undefined }, 2006, 400, 'cvv2'],
    ['cvv2 empty', { cvv2: '' }, 2006, 400, 'cvv2'],
    ['cvv2 null', { cvv2: null }, 2006, 400, 'cvv2'],
    ['4-digit cvv2 on visa', { cvv2: '1234' }, 2009, 412, 'cvv2'],
    ['4-digit cvv2 on mastercard', { card_number: '5555555555554444', cvv2: '1234' }, 2009, 412, 'cvv2'],
    [
      'Luhn is the first failing field, before a missing cvv2',
      { card_number: '4111111111111112', cvv2: undefined },
      2004,
      422,
      'card_number',
    ],
  ])('%s -> %d', async (_, patch, code, http, field) => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, ...patch } });
    expectError(r, code, http, field);
    expect(r.body.category).toBe('request');
    expect(r.body.description).not.toMatch(/\d{12,}/);
  });
});

describe('GET /tokens', () => {
  it('GET /tokens/:id returns the same Token', async () => {
    const created = await api.call('POST', '/tokens', { as: 'public', body: CARD });
    const got = await api.call('GET', `/tokens/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toStrictEqual(created.body);
  });

  it('lists tokens newest first, limit honoured', async () => {
    const a = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, holder_name: 'First' } });
    const b = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, holder_name: 'Second' } });
    const list = await api.call('GET', '/tokens?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([b.body.id, a.body.id]);
  });
});
