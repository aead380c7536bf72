import { formatCents } from '../../domain/money';
import { isoDateTime } from '../../time/dates';

/**
 * How the dashboard writes values: dates in the sandbox's central time (as every object of the API), money with two
 * decimals and its currency, card numbers to their BIN and last four.
 */

/** `2026-03-10 12:00:00`: an instant in central time, to the second. */
export const shownDate = (ms: number): string => isoDateTime(ms).slice(0, 19).replace('T', ' ');

/** `$1,234.50 MXN` (negative: `-$1,234.50 MXN`). */
export const shownMoney = (cents: number, currency = 'MXN'): string =>
  `${cents < 0 ? '-' : ''}$${formatCents(Math.abs(cents))} ${currency}`;

/** A stored card's number as the dashboard shows it: `411111******1111` (its BIN and last four only). */
export const shownCard = (bin: string, masked: string): string => `${bin}${'*'.repeat(Math.max(0, masked.length - 10))}${masked.slice(-4)}`;

/** A dashboard path a form or link may send the browser back to (a local `/dashboard` path), else `fallback`. */
export function localPath(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length > 500) return fallback;
  return /^\/dashboard(?:\/[A-Za-z0-9_\-/]*)?(?:\?[A-Za-z0-9_\-=&%.[\]+]*)?$/.test(value) && !value.includes('//') ? value : fallback;
}
