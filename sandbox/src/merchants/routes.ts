import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { SandboxEnv } from '../env';
import { apiError } from '../domain/errors';
import { basicKey, sameKey } from '../http/auth';
import { describe } from '../http/openapi';
import type { Merchants } from './registry';

const TAG = 'Simulation';
const GAP = 'Outside the spec: merchants on demand (sandbox mode only)';

const merchantKeysObject = z.object({ id: z.string(), public_key: z.string(), private_key: z.string() }).meta({ id: 'MerchantKeys' });

/**
 * Only the private key of the merchant the sandbox started with manages merchants: 1002 for no, a malformed or
 * another key; 1010 from a browser (an `Origin` header), as for the private key anywhere.
 */
const primaryKeyOnly =
  (merchants: Merchants): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    const key = basicKey(c.req.header('authorization'));
    if (key === null || !sameKey(key, merchants.primary.keys.private_key))
      throw apiError(1002, 'Merchants are managed with the private key of the merchant the sandbox started with');
    if (c.req.header('origin') !== undefined) throw apiError(1010, 'The private key must not be used from a browser');
    c.set('keyKind', 'private');
    await next();
  };

/**
 * Merchants on demand (docs/testing.md), mounted at `{base}/sandbox/v1/merchants` in sandbox mode only:
 * - `POST /` -> 201 `{id, public_key, private_key}`: a new merchant with its own data and clock (./registry.ts);
 *   1003 past `--max-merchants`;
 * - `DELETE /{merchant_id}` -> 204: the merchant and its data gone; 1005 unknown, 3006 the primary.
 */
export function merchantsRouter(merchants: Merchants) {
  return new Hono<SandboxEnv>()
    .use('*', primaryKeyOnly(merchants))
    .post(
      '/',
      describe({ tag: TAG, summary: 'Create a merchant', ok: { status: 201, schema: merchantKeysObject }, errors: [1003], gap: GAP }),
      (c) => c.json(merchants.create(), 201),
    )
    .delete(
      '/:merchant_id',
      describe({ tag: TAG, summary: 'Delete a merchant and its data', ok: { status: 204 }, errors: [3006], gap: GAP }),
      (c) => {
        merchants.delete(c.req.param('merchant_id'));
        return c.body(null, 204);
      },
    );
}
