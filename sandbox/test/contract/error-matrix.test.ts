/**
 * The sandbox's bad-input matrix over HTTP: for every error code of the spec's Errors table that the sandbox
 * can produce, one request that triggers it and the exact Error object it answers (spec, Errors: category,
 * error_code, description, http_code, request_id; fraud_rules on 3005). Codes it cannot produce are listed
 * with the reason, and the matrix must cover every code of the table exactly once.
 */
import { describe, expect, it } from 'vitest';
import { makeClabe } from '../../src/domain/clabe';
import { ERROR_CODES } from '../../src/domain/errors';
import { FRAUD_RULES, TEST_CARDS } from '../../src/domain/card/test-cards';
import { CARD, charge, chargeBody, createCustomer, tokenize, useSandbox, type Reply, type TestApi } from './helpers';

/** The spec's Errors table (payments-api.md, section Errors): code -> HTTP status. */
const SPEC_ERRORS: Record<number, number> = {
  1000: 500,
  1001: 400,
  1002: 401,
  1003: 422,
  1004: 503,
  1005: 404,
  1006: 409,
  1007: 402,
  1008: 423,
  1009: 413,
  1010: 403,
  2001: 409,
  2002: 409,
  2003: 409,
  2004: 422,
  2005: 400,
  2006: 400,
  2007: 412,
  2008: 412,
  2009: 412,
  3001: 402,
  3002: 402,
  3003: 402,
  3004: 402,
  3005: 402,
  3006: 412,
  3008: 412,
  3009: 402,
  3010: 402,
  3011: 402,
  3012: 412,
  4001: 412,
};

/** Codes of the table the sandbox never answers, and why. */
const NOT_PRODUCED: Record<number, string> = {
  1007: 'a payout the bank rejects is created and then fails on the clock (status failed, payout.failed), never refused with an error',
  3008: 'no test card is "not supported online"',
};

const api = useSandbox({ faults: true, faultsPublicKey: true });
const production = useSandbox({ mode: 'production' });
const deactivated = useSandbox({ merchant: { status: 'deleted' } });

/** A card that is not a test card (so production accepts it), Luhn-valid visa. */
const LIVE_CARD = { ...CARD, card_number: '4242424242424242' };
/** The catalogue's test card that fails a charge with `code`. */
const byCode = (code: number): string => TEST_CARDS.find((c) => c.error_code === code)!.number;

/** Charges a fresh token of `card_number` at merchant level. */
const chargeCard = async (a: TestApi, card_number: string) => charge(a, chargeBody(await tokenize(a, { card_number })));

type Trigger = (a: TestApi) => Promise<Reply>;
const MATRIX: { code: number; how: string; trigger: Trigger; on?: 'production' | 'deactivated' }[] = [
  {
    code: 1000,
    how: 'fault status=500',
    trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: CARD, headers: { 'X-Sandbox-Fault': 'status=500' } }),
  },
  { code: 1001, how: 'a body that is not JSON', trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: '{"card_number":' }) },
  { code: 1002, how: 'no Authorization header', trigger: (a) => a.call('POST', '/tokens', { as: 'none', body: CARD }) },
  {
    code: 1004,
    how: 'fault status=503',
    trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: CARD, headers: { 'X-Sandbox-Fault': 'status=503' } }),
  },
  {
    code: 1003,
    how: 'capturing more than the held amount',
    trigger: async (a) => {
      const held = await charge(a, chargeBody(await tokenize(a), { amount: 100, capture: false }));
      expect(held.body.status).toBe('in_progress');
      return a.call('POST', `/charges/${held.body.id}/capture`, { body: { amount: 100.01 } });
    },
  },
  { code: 1005, how: 'an unknown token id', trigger: (a) => a.call('GET', '/tokens/tokdoesnotexist0000') },
  {
    code: 1006,
    how: 'a second charge with the same order_id',
    trigger: async (a) => {
      const first = chargeBody(await tokenize(a));
      expect((await charge(a, first)).status).toBe(201);
      return charge(a, chargeBody(await tokenize(a), { order_id: first.order_id }));
    },
  },
  {
    code: 1008,
    how: 'a charge while the merchant account is deactivated',
    on: 'deactivated',
    trigger: async (a) => charge(a, chargeBody(await tokenize(a))),
  },
  {
    code: 1009,
    how: 'a body over 64 KiB',
    trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: { ...CARD, pad: 'x'.repeat(70_000) } }),
  },
  { code: 1010, how: 'the public key reading tokens', trigger: (a) => a.call('GET', '/tokens', { as: 'public' }) },
  {
    code: 2002,
    how: 'the same card twice on a customer',
    trigger: async (a) => {
      const id = await createCustomer(a);
      expect((await a.call('POST', `/customers/${id}/cards`, { body: CARD })).status).toBe(201);
      return a.call('POST', `/customers/${id}/cards`, { body: CARD });
    },
  },
  {
    code: 2001,
    how: 'the same CLABE twice on a customer',
    trigger: async (a) => {
      const id = await createCustomer(a);
      const body = { holder_name: 'Ana Pérez', clabe: makeClabe('012', '180', '00000000001') };
      expect((await a.call('POST', `/customers/${id}/bankaccounts`, { body })).status).toBe(201);
      return a.call('POST', `/customers/${id}/bankaccounts`, { body });
    },
  },
  {
    code: 2003,
    how: 'a duplicate external_id',
    trigger: async (a) => {
      const external_id = `ext-${Math.random().toString(36).slice(2)}`;
      await createCustomer(a, { external_id });
      return a.call('POST', '/customers', { body: { name: 'Bo', email: 'bo@example.com', external_id } });
    },
  },
  {
    code: 2004,
    how: 'a Luhn-invalid number',
    trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: { ...CARD, card_number: '4111111111111112' } }),
  },
  {
    code: 2005,
    how: 'an expired card',
    trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: { ...CARD, expiration_month: '01', expiration_year: '20' } }),
  },
  { code: 2006, how: 'no cvv2', trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: { ...CARD, cvv2: undefined } }) },
  {
    code: 2007,
    how: 'a test card in production mode',
    on: 'production',
    trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: CARD }),
  },
  {
    code: 2008,
    how: 'use_card_points on a card without points',
    trigger: async (a) => charge(a, chargeBody(await tokenize(a), { use_card_points: 'MIXED' })),
  },
  {
    code: 2009,
    how: 'a 4-digit cvv2 on a visa',
    trigger: (a) => a.call('POST', '/tokens', { as: 'public', body: { ...CARD, cvv2: '1234' } }),
  },
  ...[3001, 3002, 3003, 3004, 3005, 3009, 3010, 3011, 3012].map((code) => ({
    code,
    how: `charging test card ${byCode(code)}`,
    trigger: (a: TestApi) => chargeCard(a, byCode(code)),
  })),
  {
    code: 3006,
    how: 'charging a token twice',
    trigger: async (a) => {
      const tok = await tokenize(a);
      expect((await charge(a, chargeBody(tok))).status).toBe(201);
      return charge(a, chargeBody(tok));
    },
  },
  {
    code: 4001,
    how: 'a payout above the merchant balance',
    trigger: (a) =>
      a.call('POST', '/payouts', {
        body: {
          method: 'bank_account',
          bank_account: { clabe: makeClabe('012', '180', '00000000002'), holder_name: 'Tienda' },
          amount: 9_999_999,
          description: 'More than the balance',
        },
      }),
  },
];

describe('Error objects of every code the sandbox produces (exact fields)', () => {
  it.each(MATRIX)('$code: $how', async ({ code, trigger, on }) => {
    const r = await trigger(on === 'production' ? production : on === 'deactivated' ? deactivated : api);
    const http = SPEC_ERRORS[code]!;
    expect(r.status).toBe(http);
    expect(r.body).toStrictEqual({
      category: code === 1000 || code === 1004 ? 'internal' : 'request',
      error_code: code,
      description: expect.stringMatching(/\S/),
      http_code: http,
      request_id: r.headers.get('x-request-id'),
      ...(code === 3005 ? { fraud_rules: FRAUD_RULES } : {}),
    });
    expect(r.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    // no card data in an error, whatever triggered it
    expect(JSON.stringify(r.body)).not.toMatch(/4111111111111111|4242424242424242|40000000000\d{5}/);
  });

  it('covers every code of the spec table exactly once: produced or listed as not produced', () => {
    const produced = MATRIX.map((m) => m.code);
    expect(new Set(produced).size).toBe(produced.length);
    expect([...produced, ...Object.keys(NOT_PRODUCED).map(Number)].sort()).toEqual(Object.keys(SPEC_ERRORS).map(Number).sort());
    // the sandbox knows the codes it produces, each with the spec's HTTP status, and any other it knows is listed above
    const known = Object.keys(ERROR_CODES).map(Number);
    expect(known.filter((code) => !produced.includes(code)).every((code) => code in NOT_PRODUCED)).toBe(true);
    expect(produced.every((code) => known.includes(code))).toBe(true);
    for (const [code, { http_code }] of Object.entries(ERROR_CODES)) expect([code, http_code]).toEqual([code, SPEC_ERRORS[Number(code)]]);
  });
});

describe('production mode', () => {
  it.each(['4111111111111111', '5555555555554444', byCode(3001)])(
    'refuses test number %s on /tokens and /cards with 2007',
    async (card_number) => {
      for (const [path, as] of [
        ['/tokens', 'public'],
        ['/cards', 'public'],
      ] as const) {
        const r = await production.call('POST', path, { as, body: { ...CARD, card_number } });
        expect([r.status, r.body.error_code, r.body.http_code, r.body.category]).toEqual([412, 2007, 412, 'request']);
      }
      expect(production.sandbox.store.tokens.size + production.sandbox.store.cards.size).toBe(0);
    },
  );

  it('accepts a number that is not a test card, and charges it', async () => {
    const r = await production.call('POST', '/tokens', { as: 'public', body: LIVE_CARD });
    expect(r.status).toBe(201);
    expect((await charge(production, chargeBody(r.body.id))).status).toBe(201);
  });

  it('the same test number is accepted in sandbox mode', async () => {
    expect((await api.call('POST', '/tokens', { as: 'public', body: CARD })).status).toBe(201);
  });
});
