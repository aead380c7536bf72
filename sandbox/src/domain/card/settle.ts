import type { Settlement, TransactionRecord } from '../records';
import { OUTCOME_ERRORS } from './test-cards';
import { splitPoints, type CardPoints } from './points';

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

/** What the card's issuer answers to a charge: approved (with the points it spends), or a failure. */
export type CardAnswer = { approved: true; points: CardPoints | null } | { approved: false; failure: Failure };

/**
 * What the issuer answers to charging the card of `charge` (pure): the test outcome of its card
 * (domain/card/test-cards.ts), the `authorization_required` outcome (3012) approved when the shopper passed
 * 3-D Secure, and with `use_card_points` the points split (ONLY_POINTS short of points fails with {@link POINTS_SHORT}).
 * @param balance the card's points balance now.
 */
export function answerOf(
  charge: Pick<TransactionRecord, 'card' | 'amountCents'>,
  s: Settlement,
  authenticated: boolean,
  balance: number,
): CardAnswer {
  const card = charge.card!.facts;
  const outcome = authenticated && card.outcome === 'authorization_required' ? 'approved' : card.outcome;
  if (outcome !== 'approved') return { approved: false, failure: OUTCOME_ERRORS[outcome] };
  if (s.usePoints === 'NONE') return { approved: true, points: null };
  const points = splitPoints(charge.amountCents, balance, s.usePoints);
  return points ? { approved: true, points } : { approved: false, failure: POINTS_SHORT };
}
