import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { PAYOUT_SETTLE_MS, REJECTED_CLABE } from '../../domain/payouts';
import { describe, type RouteDoc } from '../../http/openapi';
import { lenientWarner } from '../../http/lenient';
import { parseWith } from '../../http/validate';
import { levelOf } from '../shared/level';
import { transactionObject, transactionView } from '../shared/transaction';
import { payoutListQuerySchema, payoutSchema } from './schema';
import { createPayout, listPayouts, payoutOf } from './service';
import { transactionFilterOf } from '../../schemas/list';

const TAG = 'Payouts';

/**
 * Payouts (spec, Endpoints > Payouts), mounted twice: `/v1/{merchant_id}/payouts` (merchant level: from the
 * merchant's balance to an inline `bank_account`) and `/v1/{merchant_id}/customers/{customer_id}/payouts` (to one of
 * the customer's bank accounts, `destination_id`, or an inline one; from the customer's account, or the merchant's for
 * a customer without one). Private key.
 * - `POST /`: 201 Transaction (`payout`, `out`, `bank_account`, `in_progress`, the bank account embedded and masked);
 *   settled on the clock an hour later (resources/payouts/service.ts). 4001 when the funds are short.
 * - `GET /` (newest first, the charges' filters), `GET /:transaction_id`.
 */
export function payoutsRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post('/', describe(DOCS.create), (c) =>
      c.json(transactionView(createPayout(d, levelOf(d, c), parseWith(payoutSchema, c.var.body), lenientWarner(d, c))), 201),
    )
    .get('/', describe(DOCS.list), (c) => {
      const q = parseWith(payoutListQuerySchema, c.req.query());
      const filter = transactionFilterOf(q);
      return c.json(listPayouts(d, levelOf(d, c), filter, q).map((t) => transactionView(t)));
    })
    .get('/:transaction_id', describe(DOCS.get), (c) => c.json(transactionView(payoutOf(d, c.req.param('transaction_id'), levelOf(d, c)))));
}

/** The OpenAPI operations of the routes. */
const DOCS = {
  create: {
    tag: TAG,
    summary: 'Create a payout',
    body: payoutSchema,
    ok: { status: 201 as const, schema: transactionObject },
    errors: [1003, 1006, 1008, 4001],
    gap:
      `Settled ${PAYOUT_SETTLE_MS / 3_600_000} hour later on the sandbox clock (completed, or failed with the money back ` +
      `for the test CLABE ${REJECTED_CLABE}); an inline bank_account is the merchant-level destination; the payout ` +
      'fields beyond the Transaction object are not shown by the spec',
  },
  list: {
    tag: TAG,
    summary: 'List payouts',
    query: payoutListQuerySchema,
    ok: { status: 200 as const, schema: z.array(transactionObject) },
    gap: 'Payout list: not shown by the spec; the path the public server SDKs call',
  },
  get: {
    tag: TAG,
    summary: 'Get a payout',
    ok: { status: 200 as const, schema: transactionObject },
    gap: 'Payout get: not shown by the spec; the path the public server SDKs call',
  },
} satisfies Record<string, RouteDoc>;
