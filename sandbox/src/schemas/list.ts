import { z } from 'zod';

import { TRANSACTION_STATUSES, type TransactionStatus } from '../domain/transaction';
import { isCalendarDate } from '../time/dates';
import { toCents } from '../domain/money';

export { TRANSACTION_STATUSES, type TransactionStatus };

/**
 * Largest `limit` the sandbox answers (the spec does not state a maximum list limit): a larger one is capped to it,
 * never refused (the public SDKs send 10000), with an `X-Sandbox-Warning` (../http/list-limit.ts).
 */
export const MAX_LIST_LIMIT = 100;

/** A whole number in a query string, `min`-`max`. */
const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max);

/** `limit` in a query string: 1 to 9 digits, at least 1, capped at {@link MAX_LIST_LIMIT}. */
const limitParam = intParam(1, 999_999_999).transform((n) => Math.min(n, MAX_LIST_LIMIT));

/** A real calendar date `yyyy-mm-dd`. */
const dateParam = z.string().refine(isCalendarDate);

/** An amount in a query string: digits with at most two decimals. Output: cents. */
const amountParam = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/)
  .transform((s) => toCents(Number(s)));

/**
 * The common list filters (spec, Endpoints, list filters): `offset` (default 0), `limit` (default 10, at least 1; above
 * {@link MAX_LIST_LIMIT} capped to it), `creation`, `creation[gte]`, `creation[lte]` (dates `yyyy-mm-dd`, compared with
 * the creation date in the sandbox's time zone). Unknown parameters are ignored.
 */
export const listQuerySchema = z.object({
  offset: intParam(0, 1e9).default(0),
  limit: limitParam.default(10),
  creation: dateParam.optional(),
  'creation[gte]': dateParam.optional(),
  'creation[lte]': dateParam.optional(),
});

/**
 * `GET /charges` filters (spec, Endpoints > Charges): the common ones plus `order_id`, `amount`,
 * `amount[gte]`, `amount[lte]` (output in cents) and `status`, a transaction status in upper case (`COMPLETED`, `FAILED`, ...).
 * Output `status` is lower case, as in Transaction objects.
 */
export const chargeListQuerySchema = listQuerySchema.extend({
  order_id: z.string().min(1).max(100).optional(),
  amount: amountParam.optional(),
  'amount[gte]': amountParam.optional(),
  'amount[lte]': amountParam.optional(),
  status: z
    .enum(TRANSACTION_STATUSES.map((s) => s.toUpperCase()) as [string, ...string[]])
    .transform((s) => s.toLowerCase() as TransactionStatus)
    .optional(),
});

export type ChargeListQuery = z.output<typeof chargeListQuerySchema>;

/**
 * A charges-style list query's transaction filter (`order_id`, `status`, `amount`, `amount[gte]`, `amount[lte]`) in
 * the services' names; amounts in cents, an absent member no condition. One mapping for charges, payouts and fees.
 */
export function transactionFilterOf(q: ChargeListQuery) {
  return {
    orderId: q.order_id,
    status: q.status,
    amountCents: q.amount,
    amountGteCents: q['amount[gte]'],
    amountLteCents: q['amount[lte]'],
  };
}
