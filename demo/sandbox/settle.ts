import type { Deps } from './env';
import { newAuthorization } from './ids';
import type { Settlement } from './pending';
import { splitPoints } from './points';
import type { ChargeRecord } from './store';
import { OUTCOME_ERRORS } from './test-cards';

export type { Settlement } from './pending';

/** The spec error of a failed charge, and its Transaction's `error_message`. */
export interface Failure {
  error_code: number;
  http_code: number;
  description: string;
}

/** ONLY_POINTS on a points card whose balance does not cover the amount (spec, Errors 3003: insufficient funds). */
export const POINTS_SHORT: Failure = {
  error_code: 3003,
  http_code: 402,
  description: 'The card has not enough points to pay the whole amount (ONLY_POINTS)',
};

/**
 * Settles a charge by its card's test outcome (demo/sandbox/test-cards.ts), updating the record in place:
 * approved -> `completed` (`in_progress` with `capture: false`) with a six-digit `authorization`, the points
 * spent and `card_points` set when `usePoints` is not NONE (ONLY_POINTS without enough points fails with
 * {@link POINTS_SHORT}); any other outcome -> `failed` with the outcome's `error_message`.
 *
 * @param authenticated the shopper passed 3-D Secure: the `authorization_required` outcome (3012) is then approved.
 * @returns the failure, or null when the charge went through.
 */
export function settle(d: Deps, charge: ChargeRecord, s: Settlement, authenticated: boolean): Failure | null {
  const outcome = authenticated && charge.card.outcome === 'authorization_required' ? 'approved' : charge.card.outcome;
  let failure: Failure | null = outcome === 'approved' ? null : OUTCOME_ERRORS[outcome];
  const points = !failure && s.usePoints !== 'NONE' ? splitPoints(charge.amount, d.store.points.balance(charge.card), s.usePoints) : null;
  if (!failure && s.usePoints !== 'NONE' && !points) failure = POINTS_SHORT;
  charge.status = failure ? 'failed' : s.capture ? 'completed' : 'in_progress';
  charge.authorization = failure ? null : newAuthorization();
  charge.errorMessage = failure?.description ?? null;
  if (points && !failure) {
    d.store.points.spend(charge.card, points.used);
    charge.cardPoints = points;
  }
  return failure;
}
