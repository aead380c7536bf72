import type { CardFacts, TransactionRecord } from '../records';
import { fromCents } from '../money';

/**
 * Reward points in the sandbox (spec, Charges `use_card_points`; Resources > CardPoints; docs/3d-secure.md).
 * A points test card (domain/card/test-cards.ts, `points`) starts with a balance; one point is worth
 * {@link POINT_VALUE_CENTS} hundredths of the charge currency (MXN 0.10). Points are spent when a charge goes
 * through (completed, or held with `capture: false`), never on a failed or pending one.
 */

/** Value of one point, in hundredths of the charge's currency: 10 (MXN 0.10). */
export const POINT_VALUE_CENTS = 10;

/** The CardPoints object of a transaction (spec, Resources > CardPoints). */
export type CardPoints = NonNullable<TransactionRecord['cardPoints']>;

/**
 * How a charge of `cents` splits between points and the card (pure).
 * - `ONLY_POINTS`: the points pay the whole amount, rounded up to whole points; null when the balance is short.
 * - `MIXED`: the points pay as much as they cover (the whole amount when they can), the card the rest.
 * @param cents the charge amount, cents, greater than zero.
 * @param balance whole points, zero or more.
 * @returns the CardPoints of the charge (its `amount` in major units), or null (ONLY_POINTS with too few points: 3003).
 */
export function splitPoints(cents: number, balance: number, use: 'ONLY_POINTS' | 'MIXED'): CardPoints | null {
  const needed = Math.ceil(cents / POINT_VALUE_CENTS);
  if (use === 'ONLY_POINTS' && needed > balance) return null;
  const used = Math.min(needed, balance);
  const paid = fromCents(Math.min(cents, used * POINT_VALUE_CENTS));
  return {
    used,
    remaining: balance - used,
    amount: paid,
    caption: `Pagaste $${paid.toFixed(2)} con ${used} puntos; te quedan ${balance - used} puntos`,
  };
}

/** A card's points balance given what it spent: whole points, 0 for a card without points. */
export const pointsBalance = (card: Pick<CardFacts, 'profile'>, spent: number): number =>
  card.profile.points ? Math.max(0, card.profile.points - spent) : 0;

/** One entry of the points balance endpoints (spec, Cards: `GET .../points`). */
export interface PointsBalance {
  points_type: string;
  remaining_points: string;
  remaining_mxn: string;
}

/** The spec's one-element array of a balance: program `SANDBOX`, points and their value in pesos as strings. */
export const pointsBalanceView = (balance: number): PointsBalance[] => [
  { points_type: 'SANDBOX', remaining_points: String(balance), remaining_mxn: fromCents(balance * POINT_VALUE_CENTS).toFixed(2) },
];
