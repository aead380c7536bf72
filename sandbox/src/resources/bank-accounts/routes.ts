import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { lenientWarner } from '../../http/lenient';
import { parseWith } from '../../http/validate';
import { listQuerySchema } from '../../schemas/list';
import { bankAccountObject } from '../shared/objects';
import { bankAccountSchema } from './schema';
import { bankAccountOf, createBankAccount, deleteBankAccount, listBankAccounts } from './service';
import { bankAccountView } from './view';

const TAG = 'Bank accounts';

/**
 * Bank accounts (spec, Endpoints > Bank accounts: customer level only), mounted at
 * `/v1/{merchant_id}/customers/{customer_id}/bankaccounts`. Private key; an unknown customer is 1005.
 * - `POST /`: 201 Bank account, the CLABE masked (first three and last five digits) with its bank from the catalog;
 *   1001 for a missing or malformed field (a CLABE that is not 18 digits), 1003 for a wrong check digit or a bank
 *   code the catalog lacks, 2001 for a CLABE already on the customer.
 * - `GET /` (newest first, common filters), `GET /:bank_account_id`, `DELETE /:bank_account_id` (204; the payouts
 *   sent to it keep their copy).
 */
export function bankAccountsRouter(d: Deps) {
  const customer = (c: Context<SandboxEnv>) => c.req.param('customer_id')!;
  const id = (c: Context<SandboxEnv>) => c.req.param('bank_account_id')!;
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Register a bank account',
        body: bankAccountSchema,
        ok: { status: 201, schema: bankAccountObject },
        errors: [1003, 2001],
        gap: 'The bank catalog (spec: "not shown"): Banco de México\'s SPEI participants; the CLABE check digit checked (1003)',
      }),
      (c) => c.json(bankAccountView(createBankAccount(d, customer(c), parseWith(bankAccountSchema, c.var.body), lenientWarner(d, c))), 201),
    )
    .get(
      '/',
      describe({
        tag: TAG,
        summary: 'List bank accounts',
        query: listQuerySchema,
        ok: { status: 200, schema: z.array(bankAccountObject) },
      }),
      (c) => c.json(listBankAccounts(d, customer(c), parseWith(listQuerySchema, c.req.query())).map(bankAccountView)),
    )
    .get('/:bank_account_id', describe({ tag: TAG, summary: 'Get a bank account', ok: { status: 200, schema: bankAccountObject } }), (c) =>
      c.json(bankAccountView(bankAccountOf(d, customer(c), id(c)))),
    )
    .delete('/:bank_account_id', describe({ tag: TAG, summary: 'Delete a bank account', ok: { status: 204 } }), (c) => {
      deleteBankAccount(d, customer(c), id(c));
      return c.body(null, 204);
    });
}
