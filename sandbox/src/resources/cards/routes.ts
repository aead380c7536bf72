import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { isTokenVariant } from '../../schemas/index';
import { listQuerySchema } from '../../schemas/list';
import { levelOf } from '../shared/level';
import { cardObject, emptyObject, pointsObject } from '../shared/objects';
import { cardPoints } from '../tokens/service';
import { createCardUpdateSchema } from './schema';
import { cardOf, createCard, deleteCard, listCards, updateCard } from './service';
import { cardView } from './view';

const TAG = 'Cards';

/**
 * Cards (spec, Endpoints > Cards), mounted twice: `/v1/{merchant_id}/cards` (merchant level, `customer_id` null)
 * and `/v1/{merchant_id}/customers/{customer_id}/cards` (that customer's; an unknown customer is 1005).
 * - `POST /`: raw card data (card rules; 2007 for a test card in production) or the token variant `{token_id,
 *   device_session_id}` -> 201 Card; 2002 for a number already on the customer; 3005 with `fraud_rules` when an
 *   anti-fraud rule declines (flags go to the log only: the Card object has no place for them). Public or private key.
 * - `GET /`, `GET /:card_id`, `GET /:card_id/points`, `PUT /:card_id` (-> `{}`), `DELETE /:card_id` (204). Private key.
 */
export function cardsRouter(d: Deps) {
  const update = createCardUpdateSchema(() => d.clock.now());
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Store a card (raw card data or a token)',
        body: d.schemas.card,
        ok: { status: 201, schema: cardObject },
        errors: [2002, 2004, 2005, 2006, 2007, 2009, 3005, 3006, 1003],
        keys: 'public',
      }),
      (c) => {
        const body = c.var.body;
        const input = isTokenVariant(body) ? { token: parseWith(d.schemas.cardFromToken, body) } : { raw: parseWith(d.schemas.card, body) };
        return c.json(cardView(createCard(d, input, levelOf(d, c))), 201);
      },
    )
    .get(
      '/',
      describe({ tag: TAG, summary: 'List cards', query: listQuerySchema, ok: { status: 200, schema: z.array(cardObject) } }),
      (c) => c.json(listCards(d, levelOf(d, c), parseWith(listQuerySchema, c.req.query())).map(cardView)),
    )
    .get(
      '/:card_id/points',
      describe({ tag: TAG, summary: "A card's points", ok: { status: 200, schema: pointsObject }, errors: [2008] }),
      (c) => c.json(cardPoints(d, cardOf(d, c.req.param('card_id'), levelOf(d, c)).card)),
    )
    .get('/:card_id', describe({ tag: TAG, summary: 'Get a card', ok: { status: 200, schema: cardObject } }), (c) =>
      c.json(cardView(cardOf(d, c.req.param('card_id'), levelOf(d, c)))),
    )
    .put(
      '/:card_id',
      describe({ tag: TAG, summary: 'Update a card', body: update, ok: { status: 200, schema: emptyObject }, errors: [2005, 2009] }),
      (c) => {
        updateCard(d, c.req.param('card_id'), levelOf(d, c), parseWith(update, c.var.body));
        return c.json({});
      },
    )
    .delete('/:card_id', describe({ tag: TAG, summary: 'Delete a card', ok: { status: 204 } }), (c) => {
      deleteCard(d, c.req.param('card_id'), levelOf(d, c));
      return c.body(null, 204);
    });
}
