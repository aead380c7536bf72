import { Hono } from 'hono';
import { isTokenVariant, listQuerySchema } from '../schemas/index';
import type { Deps, SandboxEnv } from '../env';
import { apiError } from '../errors';
import { fraudDecline, logVerdict, scoreDevice } from '../fraud';
import { newId } from '../ids';
import { page } from '../paging';
import type { CardFacts, CardRecord } from '../store';
import { parseWith } from '../validate';
import { cardView } from '../views';
import { pointsView } from '../points';
import { refuseTestNumber } from '../mode';
import { customerScope, findOr404, scopeOf } from './scope';

/**
 * Cards (spec, Endpoints > Cards), mounted twice: at `/v1/{merchant_id}/cards` (merchant-level cards,
 * `customer_id` null) and at `/v1/{merchant_id}/customers/{customer_id}/cards` (that customer's cards; an
 * unknown customer is 1005). Each level sees only its own cards.
 * - `POST /`: raw-card variant (card rules via the card schema; a test card in production mode is 2007) or token variant `{token_id,
 *   device_session_id}` (the token must exist, 1005, and be unused, 3006; it is used up) -> 201 Card.
 *   At customer level the same card number twice is 2002 (409). Then the anti-fraud rules score the device of
 *   the `device_session_id`, when there is one (demo/sandbox/fraud.ts): a declining rule answers 3005 with
 *   `fraud_rules`, stores nothing and leaves the token unused; flags go to the log only (the spec's Card object
 *   has no place for them). Public or private key.
 * - `GET /`: the level's cards, newest first, common list filters. Private key.
 * - `GET /:card_id/points`: the card's points balance (demo/sandbox/points.ts `pointsView`; 2008 without points).
 * - `GET /:card_id`: Card, or 1005. `DELETE /:card_id`: 204 empty body, or 1005. Private key.
 */
export function cardsRouter(d: Deps) {
  const inScope = (customerId: string | null) => (k: CardRecord) => k.customerId === customerId;

  /** The card facts of a POST body, from raw data or from an unused token (which this uses up). */
  function factsOf(body: unknown, cardId: string): { facts: CardFacts; deviceSessionId?: string; use?: () => void } {
    if (!isTokenVariant(body)) {
      const data = parseWith(d.schemas.card, body);
      refuseTestNumber(d.mode, data.card_number);
      return { facts: d.store.cardFacts(data), deviceSessionId: data.device_session_id };
    }
    const { token_id, device_session_id } = parseWith(d.schemas.cardFromToken, body);
    const token = findOr404(d.store.tokens, token_id, 'Token');
    if (token.usedBy) throw apiError(3006, `Token ${token.id} was already used; tokens are single-use`);
    return { facts: token.card, deviceSessionId: device_session_id, use: () => (token.usedBy = cardId) };
  }

  return new Hono<SandboxEnv>()
    .use('*', customerScope(d))
    .post('/', (c) => {
      const customerId = scopeOf(c)?.id ?? null;
      const id = newId('k');
      const { facts, deviceSessionId, use } = factsOf(c.var.body, id);
      if (customerId) {
        for (const k of d.store.cards.values()) {
          if (k.customerId === customerId && k.card.fingerprint === facts.fingerprint) {
            throw apiError(2002, `The card number is already registered on customer ${customerId}`);
          }
        }
      }
      const verdict = scoreDevice(d, deviceSessionId, facts);
      logVerdict(d, `card ${id}`, deviceSessionId, verdict);
      if (verdict.declined.length) throw fraudDecline(verdict.declined);
      use?.();
      const card: CardRecord = { id, seq: d.store.nextSeq(), created: d.now(), customerId, card: facts };
      d.store.cards.set(id, card);
      return c.json(cardView(card), 201);
    })
    .get('/', (c) => {
      const q = parseWith(listQuerySchema, c.req.query());
      const mine = [...d.store.cards.values()].filter(inScope(scopeOf(c)?.id ?? null));
      return c.json(page(mine, q).map(cardView));
    })
    .get('/:card_id/points', (c) =>
      c.json(pointsView(d, findOr404(d.store.cards, c.req.param('card_id'), 'Card', inScope(scopeOf(c)?.id ?? null)).card)),
    )
    .get('/:card_id', (c) => c.json(cardView(findOr404(d.store.cards, c.req.param('card_id'), 'Card', inScope(scopeOf(c)?.id ?? null)))))
    .delete('/:card_id', (c) => {
      const card = findOr404(d.store.cards, c.req.param('card_id'), 'Card', inScope(scopeOf(c)?.id ?? null));
      d.store.cards.delete(card.id);
      return c.body(null, 204);
    });
}
