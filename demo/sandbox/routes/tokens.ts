import { Hono } from 'hono';
import { listQuerySchema } from '../schemas/index';
import type { Deps, SandboxEnv } from '../env';
import { newId } from '../ids';
import { page } from '../paging';
import { parseWith } from '../validate';
import { tokenView } from '../views';
import { pointsView } from '../points';
import { refuseTestNumber } from '../mode';
import { findOr404 } from './scope';

/**
 * Tokens (spec, Endpoints > Tokens), mounted at `/v1/{merchant_id}/tokens`:
 * - `POST /`: card data checked by the card rules (via the token schema) -> 201 Token; a test card in production
 *   mode is 2007. Public or private key.
 * - `GET /`: tokens, newest first, common list filters. Private key.
 * - `GET /:token_id`: one Token, or 1005. Private key.
 * - `GET /:token_id/points`: the card's points balance (demo/sandbox/points.ts `pointsView`). Private key.
 * A token is single-use: once a charge or a card has used it, using it again is 3006 (see charges, cards).
 */
export function tokensRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post('/', (c) => {
      const data = parseWith(d.schemas.token, c.var.body);
      refuseTestNumber(d.mode, data.card_number);
      const token = { id: newId('tok'), seq: d.store.nextSeq(), created: d.now(), card: d.store.cardFacts(data), usedBy: null };
      d.store.tokens.set(token.id, token);
      return c.json(tokenView(token), 201);
    })
    .get('/', (c) => c.json(page(d.store.tokens.values(), parseWith(listQuerySchema, c.req.query())).map(tokenView)))
    .get('/:token_id/points', (c) => c.json(pointsView(d, findOr404(d.store.tokens, c.req.param('token_id'), 'Token').card)))
    .get('/:token_id', (c) => c.json(tokenView(findOr404(d.store.tokens, c.req.param('token_id'), 'Token'))));
}
