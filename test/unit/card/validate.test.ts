import { describe, expect, it } from 'vitest';
import { validateCard, type Brand, type CardData, type CardInput, type FieldResult } from '../../../src/card/index';
import { ADDRESS, breakLuhn, NOW, VALID_CARD, WEIRD_INPUTS } from '../helpers';

/** Only the FieldResult members, so that order and reasons can be compared exactly. */
const shape = (errors: FieldResult[]) =>
  errors.map(({ field, valid, potentiallyValid, reason }) => ({ field, valid, potentiallyValid, reason }));

const bad = (field: FieldResult['field'], reason: FieldResult['reason'], potentiallyValid = false): FieldResult => ({
  field,
  valid: false,
  potentiallyValid,
  reason,
});

const EXPECTED_VALUE: CardData = {
  card_number: '4111111111111111',
  holder_name: 'Ana Pérez',
  expiration_month: '07',
  expiration_year: '30',
  cvv2: '123',
};

describe('validateCard: normalised output', () => {
  it('normalises a valid card: digits-only PAN, trimmed name, two-digit month and year, no address key', () => {
    const r = validateCard({ ...VALID_CARD }, NOW);
    expect(r).toStrictEqual({ valid: true, value: EXPECTED_VALUE, errors: [] });
    expect(r.value && 'address' in r.value).toBe(false);
  });

  it.each<{ name: string; patch: CardInput; expected: Partial<CardData> }>([
    { name: 'PAN with dashes', patch: { card_number: '4111-1111-1111-1111' }, expected: { card_number: '4111111111111111' } },
    { name: 'PAN with tabs', patch: { card_number: '\t4111\t1111 1111-1111 ' }, expected: { card_number: '4111111111111111' } },
    { name: "month '7'", patch: { expiration_month: '7' }, expected: { expiration_month: '07' } },
    { name: "month ' 07 '", patch: { expiration_month: ' 07 ' }, expected: { expiration_month: '07' } },
    { name: 'month number 7', patch: { expiration_month: 7 }, expected: { expiration_month: '07' } },
    { name: 'month number 12', patch: { expiration_month: 12 }, expected: { expiration_month: '12' } },
    { name: "year '30'", patch: { expiration_year: '30' }, expected: { expiration_year: '30' } },
    { name: "year '2030'", patch: { expiration_year: '2030' }, expected: { expiration_year: '30' } },
    { name: 'year number 2030', patch: { expiration_year: 2030 }, expected: { expiration_year: '30' } },
    { name: 'year number 30', patch: { expiration_year: 30 }, expected: { expiration_year: '30' } },
    { name: "year '2027' keeps a leading zero", patch: { expiration_year: '2027' }, expected: { expiration_year: '27' } },
    { name: 'cvv2 padded', patch: { cvv2: ' 123 ' }, expected: { cvv2: '123' } },
    { name: 'cvv2 number', patch: { cvv2: 123 }, expected: { cvv2: '123' } },
    { name: 'cvv2 leading zero', patch: { cvv2: '012' }, expected: { cvv2: '012' } },
    { name: 'name tabs trimmed', patch: { holder_name: '\tANA PEREZ\n' }, expected: { holder_name: 'ANA PEREZ' } },
  ])('$name', ({ patch, expected }) => {
    const r = validateCard({ ...VALID_CARD, ...patch }, NOW);
    expect(r.valid).toBe(true);
    expect(r.value).toStrictEqual({ ...EXPECTED_VALUE, ...expected });
  });

  it('normalises the address: trimmed lines, blank optional lines dropped, upper-case country_code', () => {
    const r = validateCard(
      {
        ...VALID_CARD,
        address: {
          line1: ' Reforma 222 ',
          line2: '  ',
          line3: ' Col. Juárez ',
          postal_code: ' 06600',
          state: 'CDMX ',
          city: ' CDMX',
          country_code: ' mx ',
        },
      },
      NOW,
    );
    expect(r).toStrictEqual({
      valid: true,
      errors: [],
      value: {
        ...EXPECTED_VALUE,
        // no prototype: a setter on Object.prototype never sees the address (src/card/address.ts)
        address: Object.assign(Object.create(null), {
          line1: 'Reforma 222',
          line3: 'Col. Juárez',
          postal_code: '06600',
          state: 'CDMX',
          city: 'CDMX',
          country_code: 'MX',
        }),
      },
    });
  });

  it("accepts country_code 'mx' and sends 'MX'", () => {
    const r = validateCard({ ...VALID_CARD, address: { ...ADDRESS, country_code: 'mx' } }, NOW);
    expect(r.value?.address?.country_code).toBe('MX');
  });

  it("rejects country_code 'MEX'", () => {
    const r = validateCard({ ...VALID_CARD, address: { ...ADDRESS, country_code: 'MEX' } }, NOW);
    expect(r.valid).toBe(false);
    expect(shape(r.errors)).toStrictEqual([bad('address.country_code', 'format')]);
  });

  it('does not modify its input', () => {
    const input = { ...VALID_CARD, address: { ...ADDRESS, country_code: 'mx' } };
    const copy = structuredClone(input);
    validateCard(input, NOW);
    expect(input).toStrictEqual(copy);
  });
});

describe('validateCard: errors', () => {
  it.each<{ name: string; patch: CardInput; errors: FieldResult[] }>([
    { name: 'Luhn', patch: { card_number: breakLuhn('4111111111111111') }, errors: [bad('card_number', 'luhn', true)] },
    { name: 'PAN length', patch: { card_number: '4111 1111 1111 111' }, errors: [bad('card_number', 'length', true)] },
    { name: 'name too long', patch: { holder_name: 'x'.repeat(81) }, errors: [bad('holder_name', 'too_long')] },
    { name: 'expired (month)', patch: { expiration_month: '05', expiration_year: '26' }, errors: [bad('expiration_month', 'expired')] },
    { name: 'expired (year)', patch: { expiration_month: '12', expiration_year: '25' }, errors: [bad('expiration_year', 'expired')] },
    { name: 'too far', patch: { expiration_year: '2047' }, errors: [bad('expiration_year', 'too_far')] },
    { name: 'cvv2 length for visa', patch: { cvv2: '1234' }, errors: [bad('cvv2', 'length')] },
    { name: 'cvv2 missing', patch: { cvv2: undefined }, errors: [bad('cvv2', 'required', true)] },
    { name: 'address not an object', patch: { address: 'Reforma 222' }, errors: [bad('address', 'type')] },
    { name: 'address missing city', patch: { address: { ...ADDRESS, city: '' } }, errors: [bad('address.city', 'required', true)] },
  ])('$name', ({ patch, errors }) => {
    const r = validateCard({ ...VALID_CARD, ...patch }, NOW);
    expect(r.valid).toBe(false);
    expect(r.value).toBeUndefined();
    expect(shape(r.errors)).toStrictEqual(errors);
  });

  it('reports all errors at once, in form order', () => {
    const r = validateCard(
      {
        address: { country_code: 'MEX' },
        cvv2: '12a',
        expiration_year: '1999',
        expiration_month: '13',
        holder_name: '   ',
        card_number: '4111 1111 1111 1112',
      },
      NOW,
    );
    expect(r.valid).toBe(false);
    expect(shape(r.errors)).toStrictEqual([
      bad('card_number', 'luhn', true),
      bad('holder_name', 'required', true),
      // one result for the expiry; the month is checked first
      bad('expiration_month', 'format'),
      bad('cvv2', 'format'),
      bad('address.line1', 'required', true),
      bad('address.postal_code', 'required', true),
      bad('address.state', 'required', true),
      bad('address.city', 'required', true),
      bad('address.country_code', 'format'),
    ]);
  });

  it('reports an empty card as four missing fields', () => {
    const r = validateCard({}, NOW);
    expect(r.errors.map((e) => [e.field, e.reason])).toStrictEqual([
      ['card_number', 'required'],
      ['holder_name', 'required'],
      ['expiration_month', 'required'],
      ['cvv2', 'required'],
    ]);
  });

  it('errors are plain FieldResults and never carry the card number (ValidationError must not contain card data)', () => {
    const pan = '4111111111111112';
    const r = validateCard({ ...VALID_CARD, card_number: pan }, NOW);
    expect(r.errors).toStrictEqual([bad('card_number', 'luhn', true)]);
    expect(JSON.stringify(r.errors)).not.toContain('41111111');
  });

  it('uses `now` for the expiry rule', () => {
    const later = new Date(Date.UTC(2031, 0, 1, 12));
    expect(shape(validateCard({ ...VALID_CARD }, later).errors)).toStrictEqual([bad('expiration_year', 'expired')]);
  });

  it.each<{ name: string; card: unknown }>([
    { name: 'null', card: null },
    { name: 'undefined', card: undefined },
    { name: 'string', card: '4111111111111111' },
    { name: 'number', card: 42 },
  ])('a non-object card ($name) is reported as missing fields, not thrown', ({ card }) => {
    const r = validateCard(card as CardInput, NOW);
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => e.field)).toStrictEqual(['card_number', 'holder_name', 'expiration_month', 'cvv2']);
  });

  describe('never throws, whatever a field holds', () => {
    const FIELDS = ['card_number', 'holder_name', 'expiration_month', 'expiration_year', 'cvv2', 'address'] as const;
    it.each(FIELDS.flatMap((f) => WEIRD_INPUTS.map(([n, v]) => ({ f, n, v }))))('$f = $n', ({ f, v }) => {
      let r: ReturnType<typeof validateCard> | undefined;
      expect(() => {
        r = validateCard({ ...VALID_CARD, [f]: v }, NOW);
      }).not.toThrow();
      // None of these values is acceptable, except leaving the optional address out (undefined or null:
      // the spec's Card object has `address: null` when there is none).
      expect(r?.valid).toBe(f === 'address' && v == null);
      if (r && !r.valid) expect(r.errors.some((e) => e.field === f || e.field.startsWith(`${f}.`))).toBe(true);
    });
  });
});

describe('validateCard: acceptedBrands (the merchant opts in to a list of networks)', () => {
  it('without a list, a Luhn-valid 16-digit number of an unlisted network passes (brand null)', () => {
    expect(validateCard({ ...VALID_CARD, card_number: '9999 9999 9999 9995' }, NOW).valid).toBe(true);
  });

  it.each<{ pan: string; list: Brand[]; ok: boolean }>([
    { pan: '9999 9999 9999 9995', list: ['visa'], ok: false },
    { pan: '4111 1111 1111 1111', list: ['visa'], ok: true },
    { pan: '5555 5555 5555 4444', list: ['visa', 'carnet'], ok: false },
    { pan: '2869 0000 0000 0006', list: ['visa', 'carnet'], ok: true },
  ])('$pan with $list -> valid $ok', ({ pan, list, ok }) => {
    const r = validateCard({ ...VALID_CARD, card_number: pan }, NOW, list);
    expect(r.valid).toBe(ok);
    if (!ok) expect(shape(r.errors)).toStrictEqual([bad('card_number', 'brand')]);
  });
});
