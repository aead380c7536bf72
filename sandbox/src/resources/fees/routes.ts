import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import type { TransactionRecord } from '../../domain/records';
import { describe, type RouteDoc } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { latestRefund } from '../charges/service';
import { transactionObject, transactionView } from '../shared/transaction';
import { feeListQuerySchema, feeRefundSchema, feeSchema } from './schema';
import { createFee, feeOf, listFees, refundFee } from './service';
import { transactionFilterOf } from '../../schemas/list';

const TAG = 'Fees';

/**
 * Fees (spec: "Fee endpoints: not shown"; the paths the public server SDKs call), mounted at `/v1/{merchant_id}/fees`.
 * Private key.
 * - `POST /`: charges a customer with an account a fee -> 201 Transaction (`fee`, `in`, `completed`); 3006 for a
 *   customer without an account, 4001 when its balance is short.
 * - `GET /` (newest first; the charges' filters and `customer_id`), `GET /:fee_id` (with its latest refund embedded).
 * - `POST /:fee_id/refund`: money back to the customer -> the fee with the refund embedded.
 */
export function feesRouter(d: Deps) {
  const view = (t: TransactionRecord) => transactionView(t, { refund: latestRefund(d, t) });
  return new Hono<SandboxEnv>()
    .post('/', describe(DOCS.create), (c) => c.json(view(createFee(d, parseWith(feeSchema, c.var.body))), 201))
    .get('/', describe(DOCS.list), (c) => {
      const q = parseWith(feeListQuerySchema, c.req.query());
      const filter = { customerId: q.customer_id, ...transactionFilterOf(q) };
      return c.json(listFees(d, filter, q).map(view));
    })
    .get('/:fee_id', describe(DOCS.get), (c) => c.json(view(feeOf(d, c.req.param('fee_id')))))
    .post('/:fee_id/refund', describe(DOCS.refund), (c) =>
      c.json(view(refundFee(d, c.req.param('fee_id'), parseWith(feeRefundSchema, c.var.body ?? {})))),
    );
}

const GAP = 'Fee endpoints: not shown by the spec; the paths and fields the public server SDKs send';

/** The OpenAPI operations of the routes. */
const DOCS = {
  create: {
    tag: TAG,
    summary: 'Charge a customer a fee',
    body: feeSchema,
    ok: { status: 201 as const, schema: transactionObject },
    errors: [1003, 1006, 1008, 3006, 4001],
    gap: `${GAP}; the customer needs an account (requires_account), else 3006`,
  },
  list: {
    tag: TAG,
    summary: 'List fees',
    query: feeListQuerySchema,
    ok: { status: 200 as const, schema: z.array(transactionObject) },
    gap: GAP,
  },
  get: { tag: TAG, summary: 'Get a fee', ok: { status: 200 as const, schema: transactionObject }, gap: GAP },
  refund: {
    tag: TAG,
    summary: 'Refund a fee',
    body: feeRefundSchema,
    ok: { status: 200 as const, schema: transactionObject },
    errors: [1003, 1008, 3006, 4001],
    gap: `${GAP}; refunded in part or whole like a charge, the fee refunded once refunds reach its amount; no event`,
  },
} satisfies Record<string, RouteDoc>;
