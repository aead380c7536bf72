import { z } from 'zod';
import { amountSchema, plainText, resourceId } from '../../schemas/common';
import { chargeListQuerySchema } from '../../schemas/list';
import { bankAccountSchema } from '../bank-accounts/schema';

/**
 * `POST /payouts` and `POST /customers/{customer_id}/payouts` body (spec, Endpoints > Payouts; Limits):
 * - `method`: required, `bank_account`;
 * - `destination_id`: a bank account of the customer (1-45 letters or digits; customer level only), or instead
 * - `bank_account`: the destination inline, `{clabe, holder_name, alias}` checked as a bank account's creation (as the
 *   public server SDKs send it; the only destination at merchant level): one of the two;
 * - `amount`: required, greater than zero, at most two decimals -> cents;
 * - `description`: required, 1-250 characters, no control or invisible character;
 * - `order_id`: optional, 1-100 characters, the same characters refused (unique among all transactions: 1006);
 * - `currency`: optional, `MXN` only (payouts go to CLABE accounts, in pesos; the spec's default currency): any
 *   other is refused (1001), never changed.
 * Unknown members are dropped.
 */
export const payoutSchema = z
  .object({
    method: z.literal('bank_account'),
    destination_id: resourceId.optional(),
    bank_account: bankAccountSchema.optional(),
    amount: amountSchema(),
    description: plainText('description', 250),
    order_id: plainText('order_id', 100).optional(),
    currency: z.literal('MXN').optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.destination_id === undefined) === (v.bank_account === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination_id'],
        message: 'destination_id is required (or a bank_account object instead, not both) (rule: required)',
        params: { field: 'destination_id', reason: 'required' },
      });
    }
  });

export type PayoutBody = z.output<typeof payoutSchema>;

/** `GET /payouts` filters: the charges' (`order_id`, `amount`, `amount[gte]`, `amount[lte]`, upper-case `status`) and the common ones. */
export const payoutListQuerySchema = chargeListQuerySchema;
