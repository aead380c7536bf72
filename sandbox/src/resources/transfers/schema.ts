import { z } from 'zod';
import { amountSchema, plainText, resourceId } from '../../schemas/common';

/**
 * `POST /customers/{customer_id}/transfers` body (spec, Endpoints > Transfers; Limits):
 * - `customer_id`: required, 1-45 letters or digits: the receiving customer, another customer of the merchant;
 * - `amount`: required, greater than one peso (spec: "greater than one peso"), at most two decimals -> cents;
 * - `description`: required, 1-250 characters, no control or invisible character;
 * - `order_id`: optional, 1-100 characters, the same characters refused; given to the sender's withdrawal (unique
 *   among all transactions: 1006).
 * Unknown members are dropped.
 */
export const transferSchema = z.object({
  customer_id: resourceId,
  amount: amountSchema(1),
  description: plainText('description', 250),
  order_id: plainText('order_id', 100).optional(),
});

export type TransferBody = z.output<typeof transferSchema>;
