import type { Deps } from './env';
import { apiError } from './errors';
import type { CardPoints } from './pending';
import type { CardFacts } from './store';

export type { CardPoints } from './pending';

/**
 * Reward points in the sandbox (spec, Charges `use_card_points`; Resources > CardPoints; docs/3d-secure.md).
 * A points test card (demo/sandbox/test-cards.ts, `points`) starts with a balance; one point is worth
 * {@link POINT_VALUE_CENTS} hundredths of the charge currency (MXN 0.10). Points are spent when a charge goes
 * through (completed, or in_progress with `capture: false`), never on a failed or pending one.
 */

/** Value of one point, in hundredths of the charge's currency: 10 (MXN 0.10). */
export const POINT_VALUE_CENTS = 10;

/**
 * How a charge of `amount` splits between points and the card (pure).
 * - `ONLY_POINTS`: the points pay the whole amount, rounded up to whole points; null when the balance is short.
 * - `MIXED`: the points pay as much as they cover (the whole amount when they can), the card the rest.
 * @param amount major units, at most two decimals, greater than zero.
 * @param balance whole points, zero or more.
 * @returns the CardPoints of the charge, or null (ONLY_POINTS with too few points: the charge fails with 3003).
 */
export function splitPoints(amount: number, balance: number, use: 'ONLY_POINTS' | 'MIXED'): CardPoints | null {
  const cents = Math.round(amount * 100);
  const needed = Math.ceil(cents / POINT_VALUE_CENTS);
  if (use === 'ONLY_POINTS' && needed > balance) return null;
  const used = Math.min(needed, balance);
  const paidCents = Math.min(cents, used * POINT_VALUE_CENTS);
  const paid = paidCents / 100;
  return {
    used,
    remaining: balance - used,
    amount: paid,
    caption: `Pagaste $${paid.toFixed(2)} con ${used} puntos; te quedan ${balance - used} puntos`,
  };
}

/** One entry of the points balance endpoints (spec, Cards: `GET .../points`). */
export interface PointsBalance {
  points_type: string;
  remaining_points: string;
  remaining_mxn: string;
}

/**
 * `GET /tokens/{token_id}/points`, `GET /cards/{card_id}/points` (and at customer level): the card's balance as
 * the spec's one-element array, program `SANDBOX`, points and their value in pesos as strings.
 * @throws 2008 for a card without points (spec, Errors: "Card not valid for points").
 */
export function pointsView(d: Deps, card: CardFacts): PointsBalance[] {
  if (!card.profile.points) throw apiError(2008, 'The card is not valid for points (points_card is false)');
  const balance = d.store.points.balance(card);
  return [{ points_type: 'SANDBOX', remaining_points: String(balance), remaining_mxn: ((balance * POINT_VALUE_CENTS) / 100).toFixed(2) }];
}
