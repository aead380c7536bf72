/**
 * Money: integer cents inside the sandbox, numbers with at most two decimals at the API's edge (spec, Resources:
 * "Amounts are numeric with up to two decimals"). No arithmetic on money is done in floating point: amounts are
 * converted once, on the way in and on the way out.
 */

/**
 * The cents of an API amount already checked to have at most two decimals (`12.5` -> 1250). Reads the number's
 * shortest decimal text, so no binary fraction leaks in.
 * @throws RangeError for a number that is not a non-negative amount of at most two decimals (a caller's bug).
 */
export function toCents(amount: number): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!m) throw new RangeError(`not an amount of at most two decimals: ${amount}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The API amount of some cents (1250 -> 12.5), exact: built from the digits, not by division. */
export function fromCents(cents: number): number {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return Number(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** `1,234.50`: cents for people (receipts, pages), two decimals and thousands separators. */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * `cents` converted at `rate` given in ten-thousandths (17.2500 -> 172500), rounded half up to the cent: the
 * MXN of a USD charge (spec, Transaction `exchange_rate`).
 */
export const convertCents = (cents: number, rateTenThousandths: number): number => Math.floor((cents * rateTenThousandths + 5000) / 10000);
