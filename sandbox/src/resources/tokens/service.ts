import type { CardData } from 'paytoken/rules';
import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { cardFacts } from '../../domain/card/facts';
import { refuseTestNumber } from '../../domain/card/mode';
import { pointsBalance, pointsBalanceView, type PointsBalance } from '../../domain/card/points';
import { newId } from '../../domain/ids';
import type { CardFacts, TokenRecord } from '../../domain/records';
import type { Page } from '../../store/table';

/**
 * Tokens (spec, Endpoints > Tokens): single-use, expiring after `--token-ttl`. A token is used up by the charge or
 * the card that uses it (3006 on a second use: the sandbox's choice, the spec is silent).
 */

/**
 * Tokenizes validated card data. @throws 2007 for a test card in production mode.
 */
export function createToken(d: Deps, data: CardData): TokenRecord {
  refuseTestNumber(d.mode, data.card_number);
  return d.store.tx(() =>
    d.store.tokens.insert({ id: newId('tok'), created: d.clock.nowMs(), card: cardFacts(data, d.store.fingerprintKey()), usedBy: null }),
  );
}

/** The token `id`, or 1005 (unknown or expired). */
export function tokenOf(d: Deps, id: string): TokenRecord {
  const token = d.store.tokens.get(id);
  if (!token) throw apiError(1005, `Token ${id} not found`);
  return token;
}

/** A token not used yet, or 1005 / 3006. */
export const unusedToken = (d: Deps, id: string): TokenRecord => ensureUnused(tokenOf(d, id));

/** The token itself when it is not used yet, else 3006 (tokens are single-use). */
export function ensureUnused(token: TokenRecord): TokenRecord {
  if (token.usedBy) throw apiError(3006, `Token ${token.id} was already used; tokens are single-use`);
  return token;
}

/** Marks a token used by `by` (a transaction or a card id), inside the caller's transaction. */
export const useToken = (d: Deps, token: TokenRecord, by: string): void => void d.store.tokens.update({ ...token, usedBy: by });

/** The live tokens, newest first. */
export const listTokens = (d: Deps, q: Page): TokenRecord[] => d.store.tokens.list([], q);

/**
 * The points balance of a card (spec, Cards: `GET .../points`). @throws 2008 for a card without points.
 */
export function cardPoints(d: Deps, card: CardFacts): PointsBalance[] {
  if (!card.profile.points) throw apiError(2008, 'The card is not valid for points (points_card is false)');
  return pointsBalanceView(pointsBalance(card, d.store.pointsSpent(card.fingerprint)));
}
