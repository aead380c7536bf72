import { z } from 'zod';

/** Transaction status values (spec, States and transitions), lower case as in Transaction objects. */
export const TRANSACTION_STATUSES = [
  'in_progress',
  'completed',
  'refunded',
  'chargeback_pending',
  'chargeback_accepted',
  'chargeback_adjustment',
  'charge_pending',
  'cancelled',
  'failed',
] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Largest `limit` the sandbox accepts (the spec does not state a maximum list limit). */
export const MAX_LIST_LIMIT = 100;

/** A whole number in a query string, `min`-`max`. */
const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max);

/** A real calendar date `yyyy-mm-dd`. */
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  });

/** An amount in a query string: digits with at most two decimals. */
const amountParam = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/)
  .transform(Number);

/**
 * The common list filters (spec, Endpoints, list filters): `offset` (default 0), `limit` (default 10, 1 to
 * {@link MAX_LIST_LIMIT}), `creation`, `creation[gte]`, `creation[lte]` (dates `yyyy-mm-dd`, compared with
 * the creation date in the sandbox's time zone). Unknown parameters are ignored.
 */
export const listQuerySchema = z.object({
  offset: intParam(0, 1e9).default(0),
  limit: intParam(1, MAX_LIST_LIMIT).default(10),
  creation: dateParam.optional(),
  'creation[gte]': dateParam.optional(),
  'creation[lte]': dateParam.optional(),
});

/** `GET /customers` filters: the common ones plus `external_id`. */
export const customerListQuerySchema = listQuerySchema.extend({
  external_id: z.string().min(1).max(45).optional(),
});

/**
 * `GET /charges` filters (spec, Endpoints > Charges): the common ones plus `order_id`, `amount`,
 * `amount[gte]`, `amount[lte]` and `status`, a transaction status in upper case (`COMPLETED`, `FAILED`, ...).
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

export type ListQuery = z.output<typeof listQuerySchema>;
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;
export type ChargeListQuery = z.output<typeof chargeListQuerySchema>;
