import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { storeSearchSchema } from './schema';
import { searchStores } from './service';
import { storeObject, storeView } from './view';

/**
 * The convenience store search, mounted at `{base}/stores` (spec: "no merchant segment, no version segment"),
 * public or private key (a shopper-facing search: http/access.ts). `GET /?latitud&longitud&kilometers&amount`:
 * the stores within the radius whose chain accepts the amount, nearest first (./service.ts); a missing or
 * malformed parameter is 1001 naming it.
 */
export function storesRouter(d: Deps) {
  return new Hono<SandboxEnv>().get(
    '/',
    describe({
      tag: 'Stores',
      summary: 'Search convenience stores near a point',
      query: storeSearchSchema,
      keys: 'public',
      ok: { status: 200, schema: z.array(storeObject) },
      gap: 'The catalog is fictional (chains, stores, coordinates), generated deterministically; a radius of at most 1000 km',
    }),
    (c) => {
      const q = parseWith(storeSearchSchema, c.req.query());
      return c.json(searchStores(q).map((s) => storeView(s, d.methods.storeNetwork, d.publicUrl())));
    },
  );
}
