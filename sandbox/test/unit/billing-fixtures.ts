/**
 * Dates shared by the billing tests: the schedule's unit tests (sandbox/test/unit/subscription.test.ts) and the API's
 * billing run over a year (sandbox/test/contract/billing.test.ts).
 */

/**
 * The charge dates of a monthly subscription anchored on 2026-01-31, periods 1 to 14 (`YYYY-MM-DD`, central time):
 * the 31st, or the month's last day when the month is shorter.
 */
export const MONTH_ENDS_2026 = [
  '2026-01-31',
  '2026-02-28',
  '2026-03-31',
  '2026-04-30',
  '2026-05-31',
  '2026-06-30',
  '2026-07-31',
  '2026-08-31',
  '2026-09-30',
  '2026-10-31',
  '2026-11-30',
  '2026-12-31',
  '2027-01-31',
  '2027-02-28',
];
