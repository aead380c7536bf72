/**
 * Property-based tests (fast-check) of every public card validator exported from src/index.ts: on any input
 * (any JavaScript value, any Unicode string, huge strings, Unicode digits, bidi and zero-width marks) they never
 * throw and return a well-formed typed result; Luhn-generated numbers of every supported brand pass with their
 * brand; every single-digit change of a valid number fails. (No form formatters exist in this package yet.)
 * Luhn check digits come from the test helper, independent of the library.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cvv2Length, parseMonth, parseYear } from '../../src/card/index';
import {
  cardBrand,
  errorCodeFor,
  luhn,
  normalizePan,
  validateAddress,
  validateCard,
  validateCvv2,
  validateExpiry,
  validateHolderName,
  validatePan,
  type Brand,
  type FieldResult,
} from '../../src/index';
import { luhnCheckDigit } from './helpers';

const FIELDS = [
  'card_number',
  'holder_name',
  'expiration_month',
  'expiration_year',
  'cvv2',
  'address',
  'address.line1',
  'address.line2',
  'address.line3',
  'address.postal_code',
  'address.state',
  'address.city',
  'address.country_code',
  'token_id',
  'device_session_id',
];
const REASONS = ['required', 'type', 'format', 'length', 'luhn', 'brand', 'expired', 'too_far', 'too_long'];
const BRANDS: Brand[] = ['visa', 'mastercard', 'amex', 'carnet', 'discover', 'diners', 'jcb', 'unionpay'];

/** Characters that look like digits or hide in them: Unicode digits, bidi and zero-width marks, odd spaces. */
const TRICKY = [
  '٤',
  '١',
  '٠',
  '۴',
  '४',
  '০',
  '４',
  '１',
  '𝟒',
  '⁴',
  '₄',
  '④', // Arabic-Indic, Persian, Devanagari, Bengali, fullwidth, math, super/subscript, circled
  '\u200F',
  '\u200E',
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2069',
  '\u061C', // RTL/LTR marks, overrides, isolates, Arabic letter mark
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\u00A0',
  '\u2009',
  '\u3000',
  '\t',
  '\n',
  ' ',
  '-',
  '‐',
  '–',
  '+',
  '.',
  '/',
  '\uD800', // zero-width, spaces, dashes, lone surrogate
];
const digitish = fc.array(fc.constantFrom(...'0123456789'.split(''), ...TRICKY), { maxLength: 25 }).map((a) => a.join(''));

/** Objects that fight back: a getter that throws on every field, a revoked Proxy, a Proxy whose every trap throws. */
const KEYS = [
  'card_number',
  'holder_name',
  'expiration_month',
  'expiration_year',
  'cvv2',
  'address',
  'line1',
  'line2',
  'line3',
  'postal_code',
  'state',
  'city',
  'country_code',
];
const throwingGetters = Object.defineProperties(
  {},
  Object.fromEntries(
    KEYS.map((k) => [
      k,
      {
        enumerable: true,
        get: () => {
          throw new Error(k);
        },
      },
    ]),
  ),
);
const revoked = (() => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
})();
const trapping = new Proxy(
  {},
  Object.fromEntries(
    ['get', 'has', 'ownKeys', 'getPrototypeOf', 'getOwnPropertyDescriptor'].map((t) => [
      t,
      () => {
        throw new Error(t);
      },
    ]),
  ),
);

/** Any input at all. */
const anyInput = fc.oneof(
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
  }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  digitish,
  fc.double(),
  fc.integer(),
  fc.bigInt(),
  fc.constantFrom<unknown>(
    null,
    undefined,
    NaN,
    -0,
    Infinity,
    -Infinity,
    Symbol('x'),
    () => '4111111111111111',
    new Date(NaN),
    [],
    {},
    Object.create(null),
    {
      toString: () => {
        throw new Error('toString');
      },
      valueOf: () => {
        throw new Error('valueOf');
      },
    },
  ),
  // (Proxies cannot go through fast-check, which probes its values; the 'hostile objects' tests below take them)
  fc.constant(throwingGetters),
);

/** Huge inputs: they must be answered quickly, not just without throwing. */
const HUGE = [
  '4'.repeat(1_000_000),
  '4111 '.repeat(200_000),
  '\u200F'.repeat(500_000),
  '٤'.repeat(500_000),
  'a'.repeat(2_000_000),
  ' '.repeat(1_000_000),
];

/** Asserts a well-formed FieldResult: known field, booleans, `reason` exactly when invalid, valid implies potentiallyValid. */
function expectFieldResult(r: FieldResult, field?: string): void {
  expect(FIELDS).toContain(r.field);
  if (field) expect(r.field).toBe(field);
  expect(typeof r.valid).toBe('boolean');
  expect(typeof r.potentiallyValid).toBe('boolean');
  if (r.valid) {
    expect(r.potentiallyValid).toBe(true);
    expect(r.reason).toBeUndefined();
  } else {
    expect(REASONS).toContain(r.reason);
  }
}

const CARD_OK = { card_number: '4111111111111111', holder_name: 'Ana', expiration_month: '12', expiration_year: '2040', cvv2: '123' };
const NOW = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true });
const RUNS = { numRuns: 1000 };

describe('validators never throw and return a typed result, on any input', () => {
  it('validatePan', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const r = validatePan(x);
        expectFieldResult(r, 'card_number');
        expect(r.brand === null || BRANDS.includes(r.brand)).toBe(true);
        if (r.valid) {
          // only ASCII digits, 16 or 19 of them, Luhn-valid; the brand the IIN table gives (null for a network it does
          // not list: without acceptedBrands that is no refusal, src/card/pan.ts)
          expect(typeof x).toBe('string');
          expect(normalizePan(x)).toMatch(/^(\d{16}|\d{19})$/);
          expect(luhn(normalizePan(x as string))).toBe(true);
          expect(r.brand).toBe(cardBrand(normalizePan(x as string)));
        }
      }),
      RUNS,
    );
  });

  it('validateExpiry (any month, any year, any clock)', () => {
    fc.assert(
      fc.property(anyInput, anyInput, NOW, (m, y, now) => expectFieldResult(validateExpiry(m, y, now))),
      RUNS,
    );
  });

  it('validateCvv2 (any code, any PAN)', () => {
    fc.assert(
      fc.property(anyInput, anyInput, (c, pan) => {
        const r = validateCvv2(c, pan);
        expectFieldResult(r, 'cvv2');
        if (r.valid) expect(String(c).trim()).toMatch(/^\d{3,4}$/);
      }),
      RUNS,
    );
  });

  it('validateHolderName', () => {
    fc.assert(
      fc.property(anyInput, (x) => expectFieldResult(validateHolderName(x), 'holder_name')),
      RUNS,
    );
  });

  it('validateAddress (any value, and objects with any address fields)', () => {
    const addressLike = fc.record(
      { line1: anyInput, line2: anyInput, line3: anyInput, postal_code: anyInput, state: anyInput, city: anyInput, country_code: anyInput },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anyInput, addressLike), (x) => {
        const errors = validateAddress(x);
        expect(Array.isArray(errors)).toBe(true);
        for (const e of errors) {
          expectFieldResult(e);
          expect(e.valid).toBe(false);
          expect(e.field === 'address' || e.field.startsWith('address.')).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('validateCard (any value, and card-shaped objects with any field values)', () => {
    const cardLike = fc.record(
      {
        card_number: fc.oneof(anyInput, digitish),
        holder_name: anyInput,
        expiration_month: anyInput,
        expiration_year: anyInput,
        cvv2: anyInput,
        address: anyInput,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anyInput, cardLike), NOW, (x, now) => {
        const r = validateCard(x as never, now);
        expect(typeof r.valid).toBe('boolean');
        if (r.valid) {
          expect(r.errors).toEqual([]);
          expect(r.value.card_number).toMatch(/^\d{16}$|^\d{19}$/);
          expect(r.value.cvv2).toMatch(/^\d{3,4}$/);
          expect(r.value.expiration_month).toMatch(/^(0[1-9]|1[0-2])$/);
          expect(r.value.expiration_year).toMatch(/^\d{2}$/);
        } else {
          expect(r.errors.length).toBeGreaterThan(0);
          for (const e of r.errors) {
            expectFieldResult(e);
            expect(e.valid).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });

  it('cardBrand, normalizePan, luhn, parseMonth, parseYear, cvv2Length, errorCodeFor', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const b = cardBrand(x as string);
        expect(b === null || BRANDS.includes(b)).toBe(true);
        expect(typeof normalizePan(x)).toBe('string');
        expect(typeof luhn(x as string)).toBe('boolean');
        const m = parseMonth(x);
        expect(Number.isNaN(m) || (Number.isInteger(m) && m >= 1 && m <= 12)).toBe(true);
        const y = parseYear(x);
        expect(Number.isNaN(y) || (Number.isInteger(y) && y >= 2000 && y <= 2099)).toBe(true);
        expect([3, 4, null]).toContain(cvv2Length(x as Brand));
        const [code, http] = errorCodeFor({ field: x as string, reason: x as never });
        expect([1001, 2004, 2005, 2006, 2009]).toContain(code);
        expect([400, 412, 422]).toContain(http);
      }),
      RUNS,
    );
  });

  it.each(HUGE.map((s) => [`${s.length} × ${JSON.stringify(s[0])}`, s] as const))('a huge string (%s) is refused quickly', (_name, s) => {
    const t0 = performance.now();
    expect(validatePan(s).valid).toBe(false);
    expect(validateCvv2(s, s).valid).toBe(false);
    expect(validateHolderName(s).valid).toBe(false);
    expect(validateExpiry(s, s).valid).toBe(false);
    expect(validateAddress({ line1: s, postal_code: s, state: s, city: s, country_code: s }).length).toBeGreaterThanOrEqual(
      s.trim() ? 1 : 5,
    );
    expect(validateCard({ card_number: s, holder_name: s, expiration_month: s, expiration_year: s, cvv2: s }).valid).toBe(false);
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});

describe('hostile objects', () => {
  it.each([
    ['throwing getters', throwingGetters],
    ['a revoked Proxy', revoked],
    ['a Proxy whose traps throw', trapping],
  ])('validateCard and validateAddress refuse %s without throwing', (_n, o) => {
    const r = validateCard(o as never);
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => `${e.field}:${e.reason}`)).toEqual([
      'card_number:type',
      'holder_name:type',
      'expiration_month:type',
      'cvv2:type',
      'address:type',
    ]);
    const a = validateAddress(o);
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((e) => e.reason === 'type')).toBe(true);
    expect(validateCard({ ...CARD_OK, address: o }).valid).toBe(false);
  });

  it('each field is read once: what was checked is what is returned, even from a getter that changes its mind', () => {
    let reads = 0;
    const card = {
      ...CARD_OK,
      get card_number() {
        reads++;
        return reads === 1 ? '4111111111111111' : '<script>';
      },
    };
    const r = validateCard(card);
    expect(r.valid && r.value.card_number).toBe('4111111111111111');
    expect(reads).toBe(1);
  });
});

/** The IIN ranges of each brand, as `[first, last]` prefixes (src/card/brands.ts, restated here). */
const RANGES: Record<Brand, [string, string][]> = {
  visa: [['4', '4']],
  mastercard: [
    ['51', '55'],
    ['2221', '2720'],
  ],
  amex: [
    ['34', '34'],
    ['37', '37'],
  ],
  carnet: [['506199', '506499']],
  discover: [
    ['6011', '6011'],
    ['644', '649'],
    ['65', '65'],
  ],
  diners: [
    ['300', '305'],
    ['36', '36'],
    ['38', '39'],
  ],
  jcb: [['3528', '3589']],
  unionpay: [['62', '62']],
};

/** A Luhn-valid PAN of `brand`: a prefix from one of its ranges, random digits, 16 or 19 long, check digit last. */
/** Prefixes inside a brand's range that belong to another brand (src/card/brands.ts): Carnet BIN 627535 in UnionPay's 62. */
const CARVED_OUT: Partial<Record<Brand, string[]>> = { unionpay: ['627535'] };

const panOf = (brand: Brand) =>
  fc
    .tuple(
      fc.constantFrom(...RANGES[brand]),
      fc.constantFrom(16, 19),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }),
    )
    .chain(([[first, last], length, digits]) =>
      fc.integer({ min: Number(first), max: Number(last) }).map((p) => {
        const body = (String(p) + digits.join('')).slice(0, length - 1);
        return body + luhnCheckDigit(body);
      }),
    )
    .filter((pan) => !CARVED_OUT[brand]?.some((prefix) => pan.startsWith(prefix)));

describe('Luhn-generated numbers', () => {
  it.each(BRANDS)('every generated valid %s number passes with its brand, with or without separators', (brand) => {
    fc.assert(
      fc.property(panOf(brand), (pan) => {
        for (const typed of [pan, pan.replace(/(\d{4})(?=\d)/g, '$1 '), pan.replace(/(\d{4})(?=\d)/g, '$1-'), ` ${pan}\t`]) {
          const r = validatePan(typed);
          expect(r).toEqual({ field: 'card_number', valid: true, potentiallyValid: true, brand });
        }
        expect(luhn(pan)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it.each(BRANDS)('every single-digit change of a valid %s number fails', (brand) => {
    fc.assert(
      fc.property(panOf(brand), fc.nat(), fc.integer({ min: 1, max: 9 }), (pan, at, delta) => {
        const i = at % pan.length;
        const mutated = pan.slice(0, i) + String((Number(pan[i]) + delta) % 10) + pan.slice(i + 1);
        expect(mutated).not.toBe(pan);
        const r = validatePan(mutated);
        expect(r.valid).toBe(false);
        // a changed digit breaks the check digit (an IIN changed to one of no listed network is not refused for it)
        expect(r.reason).toBe('luhn');
        expect(luhn(mutated)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('a valid number written in non-ASCII digits, or with a bidi or zero-width mark inside, is refused (format); white space is a separator', () => {
    const toScript = (pan: string, zero: number) => [...pan].map((d) => String.fromCodePoint(zero + Number(d))).join('');
    fc.assert(
      fc.property(
        fc.constantFrom(...BRANDS).chain(panOf),
        fc.constantFrom(0x0660, 0x06f0, 0x0966, 0x09e6, 0xff10, 0x1d7ce),
        fc.constantFrom('\u200F', '\u200E', '\u202E', '\u2066', '\u200B', '\u200D', '\u061C'),
        fc.constantFrom('\uFEFF', '\u00A0', '\u2009', '\u3000', '\t'),
        fc.nat(),
        (pan, zero, mark, space, at) => {
          expect(validatePan(toScript(pan, zero))).toMatchObject({ valid: false, reason: 'format' });
          const i = at % (pan.length + 1);
          expect(validatePan(pan.slice(0, i) + mark + pan.slice(i))).toMatchObject({ valid: false, reason: 'format' });
          // JavaScript white space (BOM and no-break spaces included) is stripped like a typed space: same digits
          const spaced = pan.slice(0, i) + space + pan.slice(i);
          expect(validatePan(spaced).valid).toBe(true);
          expect(normalizePan(spaced)).toBe(pan);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('luhn agrees with an independent implementation on any digit string', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 2, maxLength: 30 }), (ds) => {
        const s = ds.join('');
        expect(luhn(s)).toBe(luhnCheckDigit(s.slice(0, -1)) === s.at(-1));
      }),
      RUNS,
    );
  });
});
