import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { listQuerySchema } from '../../schemas/list';
import { pointsObject, tokenObject } from '../shared/objects';
import { cardPoints, createToken, listTokens, tokenOf } from './service';
import { tokenView } from './view';

const TAG = 'Tokens';

/**
 * Tokens (spec, Endpoints > Tokens), mounted at `/v1/{merchant_id}/tokens`:
 * - `POST /`: card data checked by the card rules (the token schema) -> 201 Token; 2007 for a test card in
 *   production mode. Public or private key.
 * - `GET /`: live tokens, newest first, common list filters. `GET /:token_id`: Token or 1005.
 *   `GET /:token_id/points`: the card's points balance. Private key.
 */
export function tokensRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Create a token',
        body: d.schemas.token,
        ok: { status: 201, schema: tokenObject },
        errors: [2004, 2005, 2006, 2007, 2009],
        keys: 'public',
      }),
      (c) => c.json(tokenView(createToken(d, parseWith(d.schemas.token, c.var.body))), 201),
    )
    .get(
      '/',
      describe({
        tag: TAG,
        summary: 'List tokens',
        query: listQuerySchema,
        ok: { status: 200, schema: z.array(tokenObject) },
        gap: 'Token list: not in the spec (a sandbox convenience)',
      }),
      (c) => c.json(listTokens(d, parseWith(listQuerySchema, c.req.query())).map(tokenView)),
    )
    .get(
      '/:token_id/points',
      describe({ tag: TAG, summary: "A token's card points", ok: { status: 200, schema: pointsObject }, errors: [2008] }),
      (c) => c.json(cardPoints(d, tokenOf(d, c.req.param('token_id')).card)),
    )
    .get('/:token_id', describe({ tag: TAG, summary: 'Get a token', ok: { status: 200, schema: tokenObject } }), (c) =>
      c.json(tokenView(tokenOf(d, c.req.param('token_id')))),
    );
}
