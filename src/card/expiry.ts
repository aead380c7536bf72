import { fail, pass, presence } from './result';
import { MAX_EXPIRY_YEARS, type FieldResult } from './types';

/** Reads an integer from a string of digits or an integer number; anything else gives NaN. */
const int = (v: unknown): number =>
  typeof v === 'number' ? (Number.isInteger(v) && v >= 0 ? v : NaN) : typeof v === 'string' && /^\d+$/.test(v.trim()) ? +v : NaN;

/** The text of a string (trimmed) or of a number; '' for anything else (never calls a foreign toString). */
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * Parses an expiry month: `1`-`12`, as a number or a string of one or two digits (`'7'`, `'07'`).
 * @returns the month 1-12, or NaN.
 */
export const parseMonth = (v: unknown): number => {
  const m = text(v).length <= 2 ? int(v) : NaN;
  return m >= 1 && m <= 12 ? m : NaN;
};

/**
 * Parses an expiry year given with two digits (`'26'`, meaning 2026) or four (`'2026'`), as a string or number.
 * @returns the four-digit year (2000-2099), or NaN.
 */
export const parseYear = (v: unknown): number => {
  const s = text(v);
  const y = int(v);
  return s.length === 2 ? 2000 + y : s.length === 4 && y >= 2000 && y <= 2099 ? y : NaN;
};

/**
 * The instant a card expiring in `month`/`year` stops being valid: the end of that month in the last time
 * zone on Earth (UTC-12), so a card is never refused while its month is still running for its holder.
 *
 * @param month 1-12; @param year four digits. @returns epoch milliseconds.
 */
export const expiryEnd = (month: number, year: number): number => Date.UTC(year, month, 1, 12);

/**
 * Validates an expiry date as the API does (spec, Endpoints > Tokens: expiration_month and expiration_year
 * required; Errors: 2005 when the expiry is before the current date).
 *
 * Rules: month `required`/`type`/`format` (1-12), year `required`/`type`/`format` (two or four digits,
 * 2000-2099), then `expired` (the month is over; reported on `expiration_month` when the year is the current
 * one, else on `expiration_year`) and `too_far` (more than {@link MAX_EXPIRY_YEARS} years ahead, on
 * `expiration_year`).
 *
 * @param month expiry month as typed. @param year expiry year as typed.
 * @param now the current time (for tests); defaults to the clock.
 * @returns one {@link FieldResult}: the first failing rule, or a pass on `expiration_month`. Never throws.
 */
export function validateExpiry(month: unknown, year: unknown, now: Date = new Date()): FieldResult {
  const m = parseMonth(month);
  const y = parseYear(year);
  const thisYear = now.getUTCFullYear();
  return (
    presence('expiration_month', month, true) ??
    // '0' and '1' can still become 01-09 or 10-12
    (m !== m ? fail('expiration_month', 'format', typeof month === 'string' && /^[01]$/.test(month.trim())) : undefined) ??
    presence('expiration_year', year, true) ??
    (y !== y ? fail('expiration_year', 'format', /^\d$|^20\d?$/.test(text(year))) : undefined) ??
    (now.getTime() >= expiryEnd(m, y)
      ? fail(y === thisYear ? 'expiration_month' : 'expiration_year', 'expired')
      : y > thisYear + MAX_EXPIRY_YEARS
        ? fail('expiration_year', 'too_far')
        : pass('expiration_month'))
  );
}
