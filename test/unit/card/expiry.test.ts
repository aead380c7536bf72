import { afterEach, describe, expect, it, vi } from 'vitest';
import { expiryEnd, MAX_EXPIRY_YEARS, parseMonth, parseYear, validateExpiry, type FieldResult } from '../../../src/card/index';
import { NOW, WEIRD_INPUTS } from '../helpers';

// NOW is 15 June 2026, 10:00 UTC.

const ok: FieldResult = { field: 'expiration_month', valid: true, potentiallyValid: true };
const bad = (field: FieldResult['field'], reason: FieldResult['reason'], potentiallyValid = false): FieldResult => ({
  field,
  valid: false,
  potentiallyValid,
  reason,
});

describe('parseMonth', () => {
  it.each<{ input: unknown; expected: number }>([
    ...Array.from({ length: 12 }, (_, i) => ({ input: String(i + 1), expected: i + 1 })),
    ...Array.from({ length: 12 }, (_, i) => ({ input: String(i + 1).padStart(2, '0'), expected: i + 1 })),
    ...Array.from({ length: 12 }, (_, i) => ({ input: i + 1, expected: i + 1 })),
    { input: ' 7 ', expected: 7 },
    { input: '\t12', expected: 12 },
    { input: 7.0, expected: 7 },
  ])('parseMonth($input) -> $expected', ({ input, expected }) => {
    expect(parseMonth(input)).toBe(expected);
  });

  it.each<{ input: unknown }>([
    { input: '0' },
    { input: '00' },
    { input: '13' },
    { input: '99' },
    { input: '007' },
    { input: '012' },
    { input: '1a' },
    { input: '+1' },
    { input: '-1' },
    { input: '1e1' },
    { input: '1.0' },
    { input: '' },
    { input: ' ' },
    { input: 0 },
    { input: 13 },
    { input: -1 },
    { input: 1.5 },
    { input: 100 },
    { input: NaN },
    { input: null },
    { input: undefined },
    { input: true },
    { input: [] },
    { input: [7] },
    { input: {} },
  ])('parseMonth($input) -> NaN', ({ input }) => {
    expect(parseMonth(input)).toBeNaN();
  });
});

describe('parseYear', () => {
  it.each<{ input: unknown; expected: number }>([
    { input: '26', expected: 2026 },
    { input: '00', expected: 2000 },
    { input: '09', expected: 2009 },
    { input: '99', expected: 2099 },
    { input: 26, expected: 2026 },
    { input: 99, expected: 2099 },
    { input: '2026', expected: 2026 },
    { input: '2000', expected: 2000 },
    { input: '2099', expected: 2099 },
    { input: 2026, expected: 2026 },
    { input: 2099, expected: 2099 },
    { input: ' 26 ', expected: 2026 },
    { input: ' 2030\n', expected: 2030 },
  ])('parseYear($input) -> $expected', ({ input, expected }) => {
    expect(parseYear(input)).toBe(expected);
  });

  it.each<{ input: unknown }>([
    { input: '1999' },
    { input: '2100' },
    { input: 1999 },
    { input: 2100 },
    { input: '0026' },
    { input: '6' },
    { input: 6 },
    { input: '202' },
    { input: '20266' },
    { input: '2a' },
    { input: '-1' },
    { input: '+26' },
    { input: '' },
    { input: 26.5 },
    { input: NaN },
    { input: null },
    { input: undefined },
    { input: true },
    { input: {} },
    // Documented range is 2000-2099: a negative two-character number must not become 1999/1995.
    { input: -1 },
    { input: -5 },
  ])('parseYear($input) -> NaN', ({ input }) => {
    expect(parseYear(input)).toBeNaN();
  });
});

describe('expiryEnd: end of the month in UTC-12', () => {
  it.each([
    { month: 6, year: 2026, iso: '2026-07-01T12:00:00.000Z' },
    { month: 1, year: 2026, iso: '2026-02-01T12:00:00.000Z' },
    { month: 2, year: 2028, iso: '2028-03-01T12:00:00.000Z' },
    { month: 12, year: 2026, iso: '2027-01-01T12:00:00.000Z' },
  ])('$month/$year ends at $iso', ({ month, year, iso }) => {
    expect(new Date(expiryEnd(month, year)).toISOString()).toBe(iso);
  });

  it('is midnight of the first of the next month at UTC-12', () => {
    // the last millisecond before expiryEnd is still the 30th of June for someone at UTC-12
    const lastMs = new Date(expiryEnd(6, 2026) - 1 - 12 * 3600_000);
    expect(lastMs.toISOString()).toBe('2026-06-30T23:59:59.999Z');
  });
});

describe('validateExpiry', () => {
  it('MAX_EXPIRY_YEARS is 20', () => {
    expect(MAX_EXPIRY_YEARS).toBe(20);
  });

  it.each<{ name: string; month: unknown; year: unknown; expected: FieldResult }>([
    // valid
    { name: 'current month, four-digit year', month: '06', year: '2026', expected: ok },
    { name: 'current month, two-digit year', month: '6', year: '26', expected: ok },
    { name: 'current month as numbers', month: 6, year: 26, expected: ok },
    { name: 'current month, four-digit number year', month: 6, year: 2026, expected: ok },
    { name: 'next month', month: '07', year: '26', expected: ok },
    { name: 'December this year', month: '12', year: '2026', expected: ok },
    { name: 'January next year', month: '1', year: '27', expected: ok },
    { name: 'padded strings', month: ' 08 ', year: ' 2030 ', expected: ok },
    { name: `last allowed year (now + ${MAX_EXPIRY_YEARS}), December`, month: '12', year: '2046', expected: ok },
    { name: 'last allowed year, two digits', month: '12', year: '46', expected: ok },
    // expired
    { name: 'previous month, same year -> month', month: '05', year: '2026', expected: bad('expiration_month', 'expired') },
    { name: 'January, same year -> month', month: 1, year: 26, expected: bad('expiration_month', 'expired') },
    { name: 'December last year -> year', month: '12', year: '2025', expected: bad('expiration_year', 'expired') },
    { name: 'later month last year -> year', month: '09', year: '25', expected: bad('expiration_year', 'expired') },
    { name: 'year 2000 -> year', month: '12', year: '00', expected: bad('expiration_year', 'expired') },
    // too far
    { name: 'now + 21 years', month: '01', year: '2047', expected: bad('expiration_year', 'too_far') },
    { name: 'now + 21 years, two digits', month: '1', year: '47', expected: bad('expiration_year', 'too_far') },
    { name: '2099', month: '12', year: '99', expected: bad('expiration_year', 'too_far') },
    // month rules
    { name: "month '00'", month: '00', year: '30', expected: bad('expiration_month', 'format') },
    { name: "month '13'", month: '13', year: '30', expected: bad('expiration_month', 'format') },
    { name: "month '0' (could become 01-09)", month: '0', year: '30', expected: bad('expiration_month', 'format', true) },
    { name: "month ' 0 '", month: ' 0 ', year: '30', expected: bad('expiration_month', 'format', true) },
    { name: 'month number 0', month: 0, year: '30', expected: bad('expiration_month', 'format') },
    { name: 'month number 13', month: 13, year: '30', expected: bad('expiration_month', 'format') },
    { name: 'month 1.5 (not an integer: type, as Reason documents)', month: 1.5, year: '30', expected: bad('expiration_month', 'type') },
    { name: "month '2' is valid, not partial", month: '2', year: '30', expected: ok },
    { name: "month '1' is valid (January)", month: '1', year: '30', expected: ok },
    { name: "month '123'", month: '123', year: '30', expected: bad('expiration_month', 'format') },
    { name: "month '1a'", month: '1a', year: '30', expected: bad('expiration_month', 'format') },
    { name: 'month empty', month: '', year: '30', expected: bad('expiration_month', 'required', true) },
    { name: 'month blank', month: '  ', year: '30', expected: bad('expiration_month', 'required', true) },
    { name: 'month null', month: null, year: '30', expected: bad('expiration_month', 'required', true) },
    { name: 'month undefined', month: undefined, year: '30', expected: bad('expiration_month', 'required', true) },
    { name: 'month boolean', month: true, year: '30', expected: bad('expiration_month', 'type') },
    { name: 'month array', month: ['07'], year: '30', expected: bad('expiration_month', 'type') },
    { name: 'month object', month: { month: 7 }, year: '30', expected: bad('expiration_month', 'type') },
    { name: 'month checked before year', month: '13', year: '1999', expected: bad('expiration_month', 'format') },
    // year rules
    { name: 'year 1999', month: '12', year: '1999', expected: bad('expiration_year', 'format') },
    { name: 'year 2100', month: '12', year: '2100', expected: bad('expiration_year', 'format') },
    { name: 'year number 1999', month: 12, year: 1999, expected: bad('expiration_year', 'format') },
    { name: 'year number 2100', month: 12, year: 2100, expected: bad('expiration_year', 'format') },
    { name: "year '2' (typing)", month: '12', year: '2', expected: bad('expiration_year', 'format', true) },
    { name: "year '3' (typing 3x)", month: '12', year: '3', expected: bad('expiration_year', 'format', true) },
    { name: "year '202' (typing 202x)", month: '12', year: '202', expected: bad('expiration_year', 'format', true) },
    { name: "year '199'", month: '12', year: '199', expected: bad('expiration_year', 'format') },
    { name: "year '20266'", month: '12', year: '20266', expected: bad('expiration_year', 'format') },
    { name: "year 'ab'", month: '12', year: 'ab', expected: bad('expiration_year', 'format') },
    { name: 'year 26.5 (not an integer: type)', month: '12', year: 26.5, expected: bad('expiration_year', 'type') },
    { name: 'year number -1', month: '12', year: -1, expected: bad('expiration_year', 'format') },
    { name: 'year empty', month: '12', year: '', expected: bad('expiration_year', 'required', true) },
    { name: 'year null', month: '12', year: null, expected: bad('expiration_year', 'required', true) },
    { name: 'year undefined', month: '12', year: undefined, expected: bad('expiration_year', 'required', true) },
    { name: 'year boolean', month: '12', year: false, expected: bad('expiration_year', 'type') },
    { name: 'year object', month: '12', year: {}, expected: bad('expiration_year', 'type') },
  ])('$name', ({ month, year, expected }) => {
    expect(validateExpiry(month, year, NOW)).toStrictEqual(expected);
  });

  describe('boundary at the end of the month in UTC-12', () => {
    const end = expiryEnd(6, 2026);

    it.each([
      { name: '1 ms before expiryEnd: valid', t: end - 1, expected: ok },
      { name: 'exactly expiryEnd: expired', t: end, expected: bad('expiration_month', 'expired') },
      { name: '1 ms after expiryEnd: expired', t: end + 1, expected: bad('expiration_month', 'expired') },
      // in UTC it is already the 1st of July at 11:59, but for the holder at UTC-12 it is still June 30th
      { name: '1 July 11:59:59.999 UTC: still valid', t: Date.UTC(2026, 6, 1, 11, 59, 59, 999), expected: ok },
      { name: '1 July 00:00 UTC: still valid', t: Date.UTC(2026, 6, 1), expected: ok },
      { name: '30 June 23:59:59.999 UTC: valid', t: Date.UTC(2026, 5, 30, 23, 59, 59, 999), expected: ok },
    ])('06/2026: $name', ({ t, expected }) => {
      expect(validateExpiry('06', '2026', new Date(t))).toStrictEqual(expected);
    });

    const dec = expiryEnd(12, 2025);
    it.each([
      { name: '1 ms before: valid', t: dec - 1, expected: ok },
      { name: 'exactly: expired on the year (now is next year)', t: dec, expected: bad('expiration_year', 'expired') },
    ])('12/2025 across New Year: $name', ({ t, expected }) => {
      expect(validateExpiry('12', '25', new Date(t))).toStrictEqual(expected);
    });
  });

  it.each([
    { name: `now + ${MAX_EXPIRY_YEARS}, January`, year: 2026 + MAX_EXPIRY_YEARS, month: 1, expected: ok },
    { name: `now + ${MAX_EXPIRY_YEARS}, December`, year: 2026 + MAX_EXPIRY_YEARS, month: 12, expected: ok },
    {
      name: `now + ${MAX_EXPIRY_YEARS + 1}, January`,
      year: 2026 + MAX_EXPIRY_YEARS + 1,
      month: 1,
      expected: bad('expiration_year', 'too_far'),
    },
  ])('too_far boundary: $name', ({ month, year, expected }) => {
    expect(validateExpiry(month, year, NOW)).toStrictEqual(expected);
  });

  it('too_far follows the year of `now`', () => {
    expect(validateExpiry('01', '2047', new Date(Date.UTC(2027, 0, 1, 12)))).toStrictEqual(ok);
  });

  describe('default clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('uses the current time when `now` is omitted', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
      expect(validateExpiry('06', '2026')).toStrictEqual(ok);
      expect(validateExpiry('05', '2026')).toStrictEqual(bad('expiration_month', 'expired'));
      vi.setSystemTime(new Date(expiryEnd(6, 2026)));
      expect(validateExpiry('06', '2026')).toStrictEqual(bad('expiration_month', 'expired'));
    });
  });

  describe('never throws', () => {
    it.each(WEIRD_INPUTS)('month %s', (_n, v) => {
      let r: FieldResult | undefined;
      expect(() => {
        r = validateExpiry(v, '30', NOW);
      }).not.toThrow();
      expect(r).toMatchObject({ field: 'expiration_month', valid: false });
    });

    it.each(WEIRD_INPUTS)('year %s', (_n, v) => {
      let r: FieldResult | undefined;
      expect(() => {
        r = validateExpiry('12', v, NOW);
      }).not.toThrow();
      expect(r).toMatchObject({ field: 'expiration_year', valid: false });
    });

    it.each(WEIRD_INPUTS)('parseMonth / parseYear %s', (_n, v) => {
      expect(() => parseMonth(v)).not.toThrow();
      expect(() => parseYear(v)).not.toThrow();
    });
  });
});
