import { z } from 'zod';
import { amountSchema, plainText, resourceId } from '../../schemas/common';
import { chargeListQuerySchema } from '../../schemas/list';

/** The description of a fee sent without one. */
export const DEFAULT_FEE_DESCRIPTION = 'Fee';

/**
 * `POST /fees` body (spec: "Fee endpoints: not shown"; the fields the public server SDKs send):
 * - `customer_id`: required, 1-45 letters or digits: the customer charged, who must have an account;
 * - `amount`: required, greater than zero, at most two decimals -> cents;
 * - `description`: optional, 1-250 characters, no control or invisible character (default {@link DEFAULT_FEE_DESCRIPTION});
 * - `order_id`: optional, 1-100 characters, the same characters refused (unique among all transactions: 1006).
 * Unknown members are dropped.
 */
export const feeSchema = z.object({
  customer_id: resourceId,
  amount: amountSchema(),
  description: plainText('description', 250).default(DEFAULT_FEE_DESCRIPTION),
  order_id: plainText('order_id', 100).optional(),
});

export type FeeBody = z.output<typeof feeSchema>;

/** `POST /fees/{id}/refund` body, as a charge's refund: `description` (max 250) and `amount` (-> cents), optional. */
export const feeRefundSchema = z.object({ description: plainText('description', 250).optional(), amount: amountSchema().optional() });

export type FeeRefundBody = z.output<typeof feeRefundSchema>;

/** `GET /fees` filters: the charges' (`order_id`, `amount`, `amount[gte]`, `amount[lte]`, upper-case `status`), `customer_id` and the common ones. */
export const feeListQuerySchema = chargeListQuerySchema.extend({ customer_id: resourceId.optional() });
