/**
 * The request-body schemas (src/schemas) against the card rules they are built on: for every input of a
 * table, the schema accepts exactly what `validateCard` accepts, with the same normalised value, and rejects
 * with the same fields and reasons in the same order; `errorCodeFor` of the first issue is the API code.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { errorCodeFor, type CardData } from 'paytoken/rules';
import { validateCard, type CardField, type CardInput } from 'paytoken';
import {
  cardFromTokenSchema,
  createCardSchema,
  createTokenSchema,
  isTokenVariant,
  toFieldIssue,
  type CardBody,
  type FieldIssueParams,
  type TokenBody,
} from '../../src/schemas/index';
import { chargeListQuerySchema, listQuerySchema } from '../../src/schemas/list';
import { hasAtMostTwoDecimals } from '../../src/schemas/common';
import { customerListQuerySchema, customerSchema } from '../../src/resources/customers/schema';
import { createChargeSchema } from '../../src/resources/charges/schema';

const NOW = new Date('2026-03-15T12:00:00Z');
const clock = () => NOW;
const token = createTokenSchema(clock);
const chargeSchema = createChargeSchema(clock);
const card = createCardSchema(clock);

const CARD = { card_number: '4111111111111111', holder_name: 'Ana Pérez', expiration_month: '07', expiration_year: '30', cvv2: '123' };
const ADDRESS = { line1: ' Reforma 222 ', postal_code: '06600', state: 'CDMX', city: 'Ciudad de México', country_code: 'mx', line2: '  ' };

/** The `params` of every custom issue, in order. */
const paramsOf = (r: z.ZodSafeParseResult<unknown>): FieldIssueParams[] =>
  r.success
    ? []
    : r.error.issues.map((i) => (i.code === 'custom' ? (i.params as FieldIssueParams) : { field: `zod:${i.code}`, reason: 'format' }));

/** Inputs for the parity table: valid ones, one failure of each rule, several failures at once, odd types. */
const CASES: { name: string; input: CardInput }[] = [
  { name: 'valid visa', input: CARD },
  {
    name: 'spaces and dashes in PAN, numeric month/year, 4-digit year',
    input: { ...CARD, card_number: '4111 1111-1111 1111', expiration_month: 7, expiration_year: 2030 },
  },
  { name: 'valid with address (normalised)', input: { ...CARD, address: ADDRESS } },
  { name: 'valid 19-digit PAN', input: { ...CARD, card_number: '4000000000000000006' } },
  { name: 'valid carnet', input: { ...CARD, card_number: '5062210000000009' } },
  { name: 'current month is still valid', input: { ...CARD, expiration_month: '03', expiration_year: '26' } },
  { name: 'Luhn', input: { ...CARD, card_number: '4111111111111112' } },
  { name: 'PAN missing', input: { ...CARD, card_number: undefined } },
  { name: 'PAN number type', input: { ...CARD, card_number: 4111111111111111 } },
  { name: 'PAN letters', input: { ...CARD, card_number: '4111abcd11111111' } },
  { name: 'PAN 15 digits', input: { ...CARD, card_number: '411111111111111' } },
  { name: 'PAN unknown brand', input: { ...CARD, card_number: '9999999999999995' } },
  { name: 'holder missing', input: { ...CARD, holder_name: undefined } },
  { name: 'holder blank', input: { ...CARD, holder_name: '   ' } },
  { name: 'holder 81 chars', input: { ...CARD, holder_name: 'A'.repeat(81) } },
  { name: 'expired last month', input: { ...CARD, expiration_month: '02', expiration_year: '26' } },
  { name: 'expired last year', input: { ...CARD, expiration_month: '12', expiration_year: '25' } },
  { name: 'month 13', input: { ...CARD, expiration_month: '13' } },
  { name: 'year missing', input: { ...CARD, expiration_year: '' } },
  { name: 'year too far', input: { ...CARD, expiration_year: '2099' } },
  { name: 'cvv2 missing', input: { ...CARD, cvv2: undefined } },
  { name: 'cvv2 null', input: { ...CARD, cvv2: null } },
  { name: 'cvv2 4 digits on visa', input: { ...CARD, cvv2: '1234' } },
  { name: 'cvv2 letters', input: { ...CARD, cvv2: '12a' } },
  { name: 'address not an object', input: { ...CARD, address: 'Reforma 222' } },
  { name: 'address null', input: { ...CARD, address: null } },
  { name: 'address missing city, bad country', input: { ...CARD, address: { ...ADDRESS, city: '', country_code: 'MEX' } } },
  { name: 'everything wrong', input: { card_number: '4111111111111112', holder_name: '', expiration_month: '00', cvv2: '1' } },
  { name: 'empty object', input: {} },
];

describe('token schema: same outcome as validateCard', () => {
  it.each(CASES)('$name', ({ input }) => {
    const rules = validateCard(input, NOW);
    const parsed = token.safeParse(input);
    expect(parsed.success).toBe(rules.valid);
    if (rules.valid) {
      expect(parsed.data).toStrictEqual(rules.value);
    } else {
      expect(paramsOf(parsed)).toStrictEqual(rules.errors.map(({ field, reason }) => ({ field, reason })));
    }
  });

  it('reads its clock at parse time', () => {
    let now = new Date('2026-03-31T12:00:00Z');
    const s = createTokenSchema(() => now);
    const march = { ...CARD, expiration_month: '03', expiration_year: '26' };
    expect(s.safeParse(march).success).toBe(true);
    now = new Date('2026-04-02T12:00:00Z');
    expect(paramsOf(s.safeParse(march))).toStrictEqual([{ field: 'expiration_month', reason: 'expired' }]);
  });

  it('drops unknown members and rejects a body that is not an object', () => {
    expect(token.parse({ ...CARD, extra: 1 })).not.toHaveProperty('extra');
    const r = token.safeParse([CARD]);
    expect(r.success).toBe(false);
    expect(toFieldIssue(r.error!.issues[0]!, [CARD])).toMatchObject({ path: 'body', reason: 'type' });
  });
});

describe('first issue -> API error code (errorCodeFor)', () => {
  it.each<{ name: string; input: CardInput; code: number; http: number; field: CardField }>([
    { name: 'Luhn', input: { ...CARD, card_number: '4111111111111112' }, code: 2004, http: 422, field: 'card_number' },
    {
      name: 'expired',
      input: { ...CARD, expiration_month: '01', expiration_year: '26' },
      code: 2005,
      http: 400,
      field: 'expiration_month',
    },
    { name: 'missing cvv2', input: { ...CARD, cvv2: undefined }, code: 2006, http: 400, field: 'cvv2' },
    { name: 'cvv2 wrong length for brand', input: { ...CARD, cvv2: '1234' }, code: 2009, http: 412, field: 'cvv2' },
    { name: 'malformed cvv2', input: { ...CARD, cvv2: '12a' }, code: 1001, http: 400, field: 'cvv2' },
    { name: 'missing holder', input: { ...CARD, holder_name: undefined }, code: 1001, http: 400, field: 'holder_name' },
    { name: 'bad address line', input: { ...CARD, address: { ...ADDRESS, state: ' ' } }, code: 1001, http: 400, field: 'address.state' },
    {
      name: 'Luhn is reported before a missing cvv2',
      input: { ...CARD, card_number: '4111111111111112', cvv2: undefined },
      code: 2004,
      http: 422,
      field: 'card_number',
    },
  ])('$name -> $code', ({ input, code, http, field }) => {
    const r = token.safeParse(input);
    const issue = toFieldIssue(r.error!.issues[0]!, input);
    expect(issue.field).toBe(field);
    expect(issue.message).toContain(field);
    expect(errorCodeFor({ field: issue.field as CardField, reason: issue.reason })).toEqual([code, http]);
  });

  it('locates a nested address issue by its full path', () => {
    const r = chargeSchema.safeParse({ ...CHARGE, customer: { name: 'Ana', email: 'a@b.mx', address: { ...ADDRESS, city: '' } } });
    const issue = toFieldIssue(r.error!.issues[0]!, {});
    expect(issue).toMatchObject({ path: 'customer.address.city', field: 'address.city', reason: 'required' });
  });
});

describe('card schemas (POST /cards)', () => {
  it('raw variant: the token rules plus an optional device_session_id', () => {
    expect(card.parse({ ...CARD, device_session_id: 'abcDEF123_-' })).toStrictEqual({
      ...validateCard(CARD, NOW).value,
      device_session_id: 'abcDEF123_-',
    });
    expect(card.parse({ ...CARD, device_session_id: null })).toStrictEqual(validateCard(CARD, NOW).value);
    expect(paramsOf(card.safeParse({ ...CARD, device_session_id: 'has space' }))).toStrictEqual([
      { field: 'device_session_id', reason: 'format' },
    ]);
    expect(paramsOf(card.safeParse({ ...CARD, device_session_id: 'x'.repeat(256) }))).toStrictEqual([
      { field: 'device_session_id', reason: 'format' },
    ]);
    expect(paramsOf(card.safeParse({ ...CARD, cvv2: undefined }))).toStrictEqual([{ field: 'cvv2', reason: 'required' }]);
  });

  it.each([
    { input: { token_id: 'tokabc123', device_session_id: 'x'.repeat(255) }, errors: [] },
    { input: { token_id: '', device_session_id: 'd1' }, errors: [{ field: 'token_id', reason: 'required' }] },
    { input: { token_id: 'tok-1', device_session_id: 'd1' }, errors: [{ field: 'token_id', reason: 'format' }] },
    { input: { token_id: 't'.repeat(46), device_session_id: 'd1' }, errors: [{ field: 'token_id', reason: 'format' }] },
    { input: { token_id: 7, device_session_id: 'd1' }, errors: [{ field: 'token_id', reason: 'type' }] },
    { input: { token_id: 'tok1' }, errors: [{ field: 'device_session_id', reason: 'required' }] },
    { input: { token_id: 'tok1', device_session_id: 'x'.repeat(256) }, errors: [{ field: 'device_session_id', reason: 'format' }] },
  ])('token variant %#', ({ input, errors }) => {
    const r = cardFromTokenSchema.safeParse(input);
    expect(r.success).toBe(errors.length === 0);
    expect(paramsOf(r)).toStrictEqual(errors);
    if (r.success) expect(r.data).toStrictEqual(input);
  });

  it.each([
    [{ token_id: 'x' }, true],
    [{ token_id: undefined, card_number: '4111' }, true],
    [{ card_number: '4111' }, false],
    [null, false],
    [['token_id'], false],
  ])('isTokenVariant(%j) is %s', (body, expected) => expect(isTokenVariant(body)).toBe(expected));
});

describe('customer schema', () => {
  it('normalises and defaults', () => {
    expect(customerSchema.parse({ name: ' Ana ', email: 'ana@example.com', address: ADDRESS, external_id: 'c-1' })).toStrictEqual({
      name: 'Ana',
      email: 'ana@example.com',
      // normalised by the card rules' normalizeAddress: an object without a prototype
      address: Object.assign(Object.create(null), {
        line1: 'Reforma 222',
        postal_code: '06600',
        state: 'CDMX',
        city: 'Ciudad de México',
        country_code: 'MX',
      }),
      external_id: 'c-1',
    });
    expect(customerSchema.parse({ name: 'Ana', email: 'a@b.mx', address: null }).address).toBeNull();
    expect(customerSchema.parse({ name: 'Ana', email: 'a@b.mx' }).address).toBeNull();
  });

  it.each([
    [{ email: 'a@b.mx' }, 'name', 'required'],
    [{ name: '', email: 'a@b.mx' }, 'name', 'required'],
    [{ name: 'Ana' }, 'email', 'required'],
    [{ name: 'Ana', email: 'not-an-email' }, 'email', 'format'],
    [{ name: 'A'.repeat(101), email: 'a@b.mx' }, 'name', 'too_long'],
    [{ name: 'Ana', email: 'a@b.mx', external_id: 'x'.repeat(46) }, 'external_id', 'too_long'],
    [{ name: 'Ana', email: 'a@b.mx', phone_number: 'call me' }, 'phone_number', 'format'],
    [{ name: 'Ana', email: 'a@b.mx', address: { ...ADDRESS, line1: undefined } }, 'address.line1', 'required'],
    [{ name: 7, email: 'a@b.mx' }, 'name', 'type'],
  ])('%j -> %s %s', (input, path, reason) => {
    const r = customerSchema.safeParse(input);
    expect(toFieldIssue(r.error!.issues[0]!, input)).toMatchObject({ path, reason });
  });
});

const CHARGE = { method: 'card', source_id: 'tok123', amount: 100.5, description: 'Order 1', device_session_id: 'dsid123' };

describe('charge schemas', () => {
  it('applies the defaults: currency MXN, capture true, use_card_points NONE, use_3d_secure false; the amount in cents', () => {
    expect(chargeSchema.parse(CHARGE)).toStrictEqual({
      ...CHARGE,
      amount: 10050,
      currency: 'MXN',
      capture: true,
      use_card_points: 'NONE',
      use_3d_secure: false,
    });
  });

  it('use_3d_secure: a boolean or the string true/false (the spec types it as a string), read as a boolean', () => {
    const back = { redirect_url: 'https://shop.example/3ds/return' };
    expect(chargeSchema.parse({ ...CHARGE, ...back, use_3d_secure: 'true' }).use_3d_secure).toBe(true);
    expect(chargeSchema.parse({ ...CHARGE, ...back, use_3d_secure: true }).use_3d_secure).toBe(true);
    expect(toFieldIssue(chargeSchema.safeParse({ ...CHARGE, use_3d_secure: true }).error!.issues[0]!, {})).toMatchObject({
      path: 'redirect_url',
      reason: 'required',
    });
    expect(chargeSchema.parse({ ...CHARGE, use_3d_secure: 'false' }).use_3d_secure).toBe(false);
  });

  it('a customer, when sent, has a name and an e-mail (the route requires one at merchant level)', () => {
    const withCustomer = { ...CHARGE, customer: { name: 'Ana', email: 'a@b.mx' } };
    expect(chargeSchema.parse(withCustomer).customer).toMatchObject({ name: 'Ana', email: 'a@b.mx' });
    const noEmail = { ...CHARGE, customer: { name: 'Ana' } };
    expect(toFieldIssue(chargeSchema.safeParse(noEmail).error!.issues[0]!, noEmail)).toMatchObject({
      path: 'customer.email',
      reason: 'required',
    });
  });

  it('takes a card by source_id or inline as card (checked by the card rules), never both or neither', () => {
    const inline = {
      ...CHARGE,
      source_id: undefined,
      card: { card_number: '4111111111111111', holder_name: 'Ana', expiration_month: '12', expiration_year: '30', cvv2: '123' },
    };
    expect(chargeSchema.parse(inline).card).toMatchObject({ card_number: '4111111111111111', expiration_year: '30' });
    const luhn = { ...inline, card: { ...inline.card, card_number: '4111111111111112' } };
    expect(toFieldIssue(chargeSchema.safeParse(luhn).error!.issues[0]!, luhn)).toMatchObject({ path: 'card.card_number', reason: 'luhn' });
    expect(chargeSchema.safeParse({ ...inline, source_id: 'tok123' }).success).toBe(false);
  });

  it.each([
    [{ method: 'store' }, 'method', 'format'],
    [{ method: undefined }, 'method', 'required'],
    [{ source_id: undefined }, 'source_id', 'required'],
    [{ source_id: 's'.repeat(46) }, 'source_id', 'format'],
    [{ amount: 0 }, 'amount', 'format'],
    [{ amount: -5 }, 'amount', 'format'],
    [{ amount: 10.123 }, 'amount', 'format'],
    [{ amount: '10.00' }, 'amount', 'type'],
    [{ description: undefined }, 'description', 'required'],
    [{ description: 'd'.repeat(251) }, 'description', 'too_long'],
    [{ order_id: 'o'.repeat(101) }, 'order_id', 'too_long'],
    [{ device_session_id: 'd'.repeat(256) }, 'device_session_id', 'too_long'],
    [{ currency: 'EUR' }, 'currency', 'format'],
    [{ capture: 'yes' }, 'capture', 'type'],
    [{ cvv2: '12' }, 'cvv2', 'format'],
    [{ cvv2: 'abc' }, 'cvv2', 'format'],
    [{ payment_plan: { payments: 4 } }, 'payment_plan.payments', 'format'],
    [{ use_card_points: 'ALL' }, 'use_card_points', 'format'],
    [{ use_3d_secure: 'yes' }, 'use_3d_secure', 'format'],
    [{ redirect_url: 'javascript:alert(1)' }, 'redirect_url', 'format'],
    [{ redirect_url: '/relative/return' }, 'redirect_url', 'format'],
    [{ redirect_url: `https://shop.example/${'r'.repeat(2048)}` }, 'redirect_url', 'too_long'],
  ])('%j -> %s %s', (patch, path, reason) => {
    const input = { ...CHARGE, ...patch };
    const r = chargeSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(toFieldIssue(r.error!.issues[0]!, input)).toMatchObject({ path, reason });
  });

  it.each([
    [{ amount: 0.01 }],
    [{ amount: 12.5 }],
    [{ amount: 99999 }],
    [{ cvv2: '1234' }],
    [{ cvv2: 123 }],
    [{ cvv2: null }],
    [{ order_id: 'o'.repeat(100) }],
    [{ description: 'd'.repeat(250) }],
    [{ currency: 'USD', capture: false }],
    [{ payment_plan: { payments: 18 } }],
    [{ use_3d_secure: true, redirect_url: 'https://shop.example/3ds/return?order=7' }],
  ])('accepts %j', (patch) => expect(chargeSchema.safeParse({ ...CHARGE, ...patch }).success).toBe(true));

  it('normalises cvv2 to a string', () => {
    expect(chargeSchema.parse({ ...CHARGE, cvv2: 123 }).cvv2).toBe('123');
    expect(chargeSchema.parse(CHARGE).cvv2).toBeUndefined();
  });

  it.each([
    [0.1, true],
    [10, true],
    [10.25, true],
    [0.1 + 0.2, false],
    [1.005, false],
    [1e-7, false],
  ])('hasAtMostTwoDecimals(%d) is %s', (n, expected) => expect(hasAtMostTwoDecimals(n)).toBe(expected));
});

describe('list query schemas', () => {
  it('defaults offset 0 and limit 10; a limit above 100 is capped at 100, never refused', () => {
    expect(listQuerySchema.parse({})).toStrictEqual({ offset: 0, limit: 10 });
    expect(listQuerySchema.parse({ limit: '10000' })).toStrictEqual({ offset: 0, limit: 100 });
  });

  it.each([
    [{ offset: '-1' }, 'offset'],
    [{ limit: '0' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ creation: '2026-02-30' }, 'creation'],
    [{ 'creation[gte]': '03/01/2026' }, 'creation[gte]'],
  ])('%j is refused, naming %s', (q, path) => {
    const r = listQuerySchema.safeParse(q);
    expect(toFieldIssue(r.error!.issues[0]!, q)).toMatchObject({ path, reason: 'format' });
  });

  it('charge filters: upper-case status becomes the lower-case transaction status; amounts are cents', () => {
    expect(chargeListQuerySchema.parse({ status: 'COMPLETED', 'amount[gte]': '10.5' })).toMatchObject({
      status: 'completed',
      'amount[gte]': 1050,
    });
    expect(chargeListQuerySchema.safeParse({ status: 'completed' }).success).toBe(false);
    expect(customerListQuerySchema.parse({ external_id: 'x1' }).external_id).toBe('x1');
  });
});

describe('server-side only', () => {
  /** Every module reachable by static imports from `entry`, as absolute paths. */
  function importGraph(entry: string, seen = new Set<string>()): Set<string> {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    const source = readFileSync(entry, 'utf8');
    for (const [, spec] of source.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
      if (spec!.startsWith('.')) importGraph(resolve(dirname(entry), `${spec}.ts`.replace(/\.ts\.ts$/, '.ts')), seen);
      else seen.add(spec!);
    }
    return seen;
  }

  it.each(['src/index.ts', 'src/browser.ts'])('%s never reaches zod or src/schemas', (entry) => {
    const graph = [...importGraph(resolve(entry))];
    expect(graph.length).toBeGreaterThan(5);
    expect(graph.filter((m) => m === 'zod' || m.includes('/schemas/'))).toEqual([]);
  });
});

describe('types', () => {
  it("the token schema's output, and the raw-card variant's, are the library's CardData (checked by tsc)", () => {
    expectTypeOf<TokenBody>().toExtend<CardData>();
    expectTypeOf<CardBody>().toExtend<CardData>();
  });
});
