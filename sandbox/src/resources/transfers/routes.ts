import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { listQuerySchema } from '../../schemas/list';
import { transactionObject } from '../shared/transaction';
import { transferSchema } from './schema';
import { createTransfer, listTransfers, transferOf, viewTransfer } from './service';

const TAG = 'Transfers';

/**
 * Transfers (spec, Endpoints > Transfers: customer level only), mounted at
 * `/v1/{merchant_id}/customers/{customer_id}/transfers`. Private key; an unknown customer is 1005.
 * - `POST /`: to another customer of the merchant (`customer_id`); both need an account (`requires_account`, else
 *   3006); 201 the sender's withdrawal (`transfer`, `out`, `completed`); 4001 when the sender's balance is short.
 * - `GET /`: the customer's transfers, in and out, newest first (common filters); `GET /:transaction_id`: one of them.
 */
export function transfersRouter(d: Deps) {
  const customer = (c: Context<SandboxEnv>) => c.req.param('customer_id')!;
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Transfer to another customer',
        body: transferSchema,
        ok: { status: 201, schema: transactionObject },
        errors: [1003, 1006, 1008, 3006, 4001],
        gap: 'Both customers need an account (requires_account), else 3006; transfer.succeeded is written for the withdrawal',
      }),
      (c) => c.json(viewTransfer(d, createTransfer(d, customer(c), parseWith(transferSchema, c.var.body))), 201),
    )
    .get(
      '/',
      describe({ tag: TAG, summary: 'List transfers', query: listQuerySchema, ok: { status: 200, schema: z.array(transactionObject) } }),
      (c) => c.json(listTransfers(d, customer(c), parseWith(listQuerySchema, c.req.query())).map((t) => viewTransfer(d, t))),
    )
    .get('/:transaction_id', describe({ tag: TAG, summary: 'Get a transfer', ok: { status: 200, schema: transactionObject } }), (c) =>
      c.json(viewTransfer(d, transferOf(d, customer(c), c.req.param('transaction_id')))),
    );
}
