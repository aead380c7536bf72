import { validateCvv2 } from 'paytoken/rules';
import type { Deps } from '../../env';
import { apiError, SandboxError } from '../../domain/errors';
import { cardFacts } from '../../domain/card/facts';
import { refuseTestNumber } from '../../domain/card/mode';
import { newId } from '../../domain/ids';
import type { CardFacts, CardRecord } from '../../domain/records';
import { fraudDecline, logVerdict, scoreDevice } from '../../fraud/fraud';
import { ruleError } from '../../http/validate';
import { ensureRoom } from '../../store/repos';
import type { Page } from '../../store/table';
import { unusedToken, useToken } from '../tokens/service';
import type { CardUpdateBody } from './schema';
import type { CardBody, CardFromTokenBody } from '../../schemas/index';

/**
 * Stored cards (spec, Endpoints > Cards), at merchant level (`customerId` null) and per customer. Each level sees
 * only its own cards.
 */

/** The card `id` of this level, or 1005. */
export function cardOf(d: Deps, id: string, customerId: string | null): CardRecord {
  const card = d.store.cards.find(id, customerId);
  if (!card) throw apiError(1005, `Card ${id} not found`);
  return card;
}

/**
 * Where a new card's data comes from: raw card data (validated), or an unused token (its `device_session_id` may be
 * absent when the card is not made by a shopper's browser: a subscription's `source_id`).
 */
export type NewCard = { raw: CardBody } | { token: Pick<CardFromTokenBody, 'token_id'> & { device_session_id?: string } };

/**
 * Stores a card. Raw data: a test card in production mode is 2007. Token: unknown 1005, used 3006; it is used up.
 * At customer level the same number twice is 2002. The anti-fraud rules score the device of the
 * `device_session_id` when there is one: a declining rule answers 3005 with `fraud_rules` and stores nothing
 * (the token stays unused), but the attempt is remembered for the velocity rules (card testing is made of attempts).
 * @throws 1003 when the sandbox holds its maximum of cards.
 */
export function createCard(d: Deps, input: NewCard, customerId: string | null): CardRecord {
  const id = newId('k');
  const outcome = d.store.tx((): CardRecord | SandboxError => {
    ensureRoom(d.store.cards, d.store.limits.maxRecords, 'cards');
    const { facts, deviceSessionId, token } = sourceOf(d, input);
    if (customerId && d.store.cards.customerHas(customerId, facts.fingerprint)) {
      throw apiError(2002, `The card number is already registered on customer ${customerId}`);
    }
    const verdict = scoreDevice(d, deviceSessionId, facts);
    logVerdict(d, `card ${id}`, deviceSessionId, verdict);
    if (verdict.declined.length) return fraudDecline(verdict.declined);
    if (token) useToken(d, token, id);
    return d.store.cards.insert({ id, created: d.clock.nowMs(), customerId, card: facts });
  });
  if (outcome instanceof SandboxError) throw outcome;
  return outcome;
}

/** The card facts of a new card, its `device_session_id`, and the token it comes from. */
function sourceOf(d: Deps, input: NewCard) {
  if ('raw' in input) {
    refuseTestNumber(d.mode, input.raw.card_number);
    return { facts: cardFacts(input.raw, d.store.fingerprintKey()), deviceSessionId: input.raw.device_session_id, token: null };
  }
  const token = unusedToken(d, input.token.token_id);
  return { facts: token.card, deviceSessionId: input.token.device_session_id, token };
}

/**
 * Changes a stored card's holder name or expiry; a CVV2 (its length for the card's brand: 2009) is "used in the next
 * transaction with the card" (spec) and never kept: only that one was given.
 */
export function updateCard(d: Deps, id: string, customerId: string | null, body: CardUpdateBody): CardRecord {
  return d.store.tx(() => {
    const card = cardOf(d, id, customerId);
    if (body.cvv2 !== undefined) {
      const r = validateCvv2(body.cvv2, card.card.bin);
      if (!r.valid) throw ruleError({ field: 'cvv2', reason: r.reason! });
    }
    const facts: CardFacts = {
      ...card.card,
      ...(body.holder_name !== undefined && { holder_name: body.holder_name }),
      ...(body.expiration_month !== undefined && { expiration_month: body.expiration_month }),
      ...(body.expiration_year !== undefined && { expiration_year: body.expiration_year }),
    };
    return d.store.cards.update({ ...card, card: facts, ...(body.cvv2 !== undefined && { cvv2Pending: true }) });
  });
}

/** Deletes a stored card; its transactions keep their copy of it. */
export function deleteCard(d: Deps, id: string, customerId: string | null): void {
  d.store.tx(() => d.store.cards.delete(cardOf(d, id, customerId).id));
}

/** The level's cards, newest first. */
export const listCards = (d: Deps, customerId: string | null, q: Page): CardRecord[] => d.store.cards.listOf(customerId, q);
