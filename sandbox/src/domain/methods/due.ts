import type { ChargeKind } from './kinds';

/**
 * Due dates of the charges a shopper pays away from the merchant's page (spec, Charges: `due_date`, "optional ISO
 * 8601; the server converts it to central time"; Transaction `due_date` "on store, bank and wallet charges and IVR
 * charges"). Pure: times are epoch milliseconds.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a charge waits when the request gives no `due_date` (the sandbox's choice, docs/sandbox.md): store and
 * bank 7 days, wallet 1 hour, IVR 1 day. A redirect charge has no `due_date`: its payment page waits
 * {@link REDIRECT_TTL_MS}.
 */
export const DEFAULT_DUE_MS: Readonly<Record<'store' | 'bank' | 'wallet' | 'ivr', number>> = {
  store: 7 * DAY_MS,
  bank: 7 * DAY_MS,
  wallet: HOUR_MS,
  ivr: DAY_MS,
};

/** How long a redirect charge's payment page waits for the shopper: 1 day; then the charge is `cancelled`. */
export const REDIRECT_TTL_MS = DAY_MS;

/** The latest `due_date` accepted: one year after the request. */
export const MAX_DUE_MS = 366 * DAY_MS;

/**
 * When a new charge of `kind` is due: the `due_date` asked for, else now plus the kind's default; a redirect charge
 * ({@link REDIRECT_TTL_MS}).
 * @returns epoch ms.
 */
export function dueOf(kind: Exclude<ChargeKind, 'card'>, now: number, asked: number | undefined): number {
  if (asked !== undefined) return asked;
  return now + (kind === 'redirect' ? REDIRECT_TTL_MS : DEFAULT_DUE_MS[kind]);
}

/** What is wrong with an asked `due_date` (epoch ms) at `now`: `past` (not after now), `too_far` (over a year), or null. */
export function dueProblem(asked: number, now: number): 'past' | 'too_far' | null {
  if (asked <= now) return 'past';
  return asked - now > MAX_DUE_MS ? 'too_far' : null;
}
