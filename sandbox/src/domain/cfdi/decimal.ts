/**
 * Exact decimals for the CFDI: money in integer cents, quantities, unit prices, rates and exchange rates in
 * integer millionths (six decimals, the SAT's precision for them). Numbers are read once from their shortest
 * decimal text, never multiplied in floating point; products are taken in BigInt.
 */

/** Millionths in one unit. */
export const MICRO = 1_000_000;

/**
 * The integer `n * 10^places` when `n` is a non-negative number written with at most `places` decimals (judged on
 * its shortest decimal text: `0.1` passes, `0.1 + 0.2` and `1e-7` do not), else null.
 */
export function scaled(n: number, places: number): number | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(n));
  if (!m || (m[2] ?? '').length > places) return null;
  const v = Number(m[1]) * 10 ** places + Number((m[2] ?? '').padEnd(places, '0') || 0);
  return Number.isSafeInteger(v) ? v : null;
}

/** `12345` cents -> `"123.45"` (the XML's and the PDF's amounts). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Millionths as a decimal text with `min` to 6 decimals (trailing zeros beyond `min` dropped):
 * `microsText(1_500_000)` -> `"1.5"`, `microsText(160_000, 6)` -> `"0.160000"`.
 */
export function microsText(micros: number, min = 0): string {
  const whole = Math.floor(micros / MICRO);
  let frac = String(micros % MICRO).padStart(6, '0');
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  return frac ? `${whole}.${frac}` : String(whole);
}

/**
 * Whether `cents` is `a x b` (both in millionths) to the cent: the exact product lies less than one cent away
 * (rounded up or down, as issuers do). `a x b` is in units of 10^-12; one cent is 10^10 of them.
 */
export function isProductToTheCent(cents: number, aMicros: number, bMicros: number): boolean {
  const exact = BigInt(aMicros) * BigInt(bMicros);
  const diff = BigInt(cents) * 10_000_000_000n - exact;
  return diff < 10_000_000_000n && diff > -10_000_000_000n;
}

/** Whether `cents` is `baseCents x rate` (rate in millionths) to the cent, as {@link isProductToTheCent}. */
export const isTaxToTheCent = (cents: number, baseCents: number, rateMicros: number): boolean =>
  isProductToTheCent(cents, baseCents * 10_000, rateMicros);
