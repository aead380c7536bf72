import { z } from 'zod';
import { customerSchema } from '../customers/schema';
import { BANK_METHOD, STORE_METHOD, type ChargeKind } from '../../domain/methods/kinds';
import { amountSchema, CURRENCIES, httpUrl, plainText } from '../../schemas/common';
import { parseDateTime } from '../../time/dates';
import { metadataSchema } from './schema';

/**
 * The bodies of the charges paid away from the merchant's page (spec, Endpoints > Charges: "Redirect charge",
 * "Store charge", "Bank charge", "Third-party wallet charge", "IVR charge"), one zod schema per kind, from the spec's
 * lists. Members every kind takes:
 * - `amount`: required, greater than zero, at most two decimals -> cents;
 * - `description`: required, 1-250 characters, no control or invisible character;
 * - `order_id`: optional, 1-100 characters (unique among all transactions: 1006);
 * - `customer`: the customer's fields (merchant level; required there for redirect, store and IVR charges, checked
 *   by the route); ignored at customer level;
 * - `currency`: MXN or USD on IVR charges; MXN only on the others (the spec lists no currency for them), default MXN.
 * Unknown members are dropped, as everywhere in the sandbox.
 */

/**
 * `due_date` (spec: "optional ISO 8601; the server converts it to central time"): a datetime with an offset or `Z`
 * (`2026-03-20T23:59:59-06:00`), or a date (`2026-03-20`, the end of that day in central time). Output: epoch ms.
 * Whether it is in the future is the service's check (1003).
 */
export const dueDateSchema = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const ms = parseDateTime(s);
    if (ms === null)
      ctx.addIssue({ code: 'custom', message: 'due_date is malformed (rule: format)', params: { field: 'due_date', reason: 'format' } });
    return ms ?? z.NEVER;
  })
  .meta({
    type: 'string',
    format: 'date-time',
    description: 'ISO 8601 datetime with offset, or yyyy-mm-dd (end of that day, central time)',
  });

const common = {
  amount: amountSchema(),
  description: plainText('description', 250),
  order_id: plainText('order_id', 100).optional(),
  customer: customerSchema.optional(),
};

const mxnOnly = z.literal('MXN').default('MXN');

/** Store charge: `method: "store"`, `due_date` optional. */
export const storeChargeSchema = z.object({
  method: z.literal(STORE_METHOD),
  ...common,
  currency: mxnOnly,
  due_date: dueDateSchema.optional(),
});

/** Bank (SPEI) charge: `method: "bank_account"`, `due_date` optional. */
export const bankChargeSchema = z.object({
  method: z.literal(BANK_METHOD),
  ...common,
  currency: mxnOnly,
  due_date: dueDateSchema.optional(),
});

/** Redirect charge (card without a stored card): `method: "card"`, `confirm: false`, `redirect_url` required, `send_email` optional. */
export const redirectChargeSchema = z.object({
  method: z.literal('card'),
  confirm: z.union([z.literal(false), z.literal('false')]),
  ...common,
  currency: mxnOnly,
  send_email: z.boolean().default(false),
  redirect_url: httpUrl,
});

/** IVR charge: `method: "card"`, `confirm: "ivr"`, `currency` MXN or USD, `metadata` and `send_email` optional. */
export const ivrChargeSchema = z.object({
  method: z.literal('card'),
  confirm: z.literal('ivr'),
  ...common,
  currency: z.enum(CURRENCIES).default('MXN'),
  metadata: metadataSchema.optional(),
  send_email: z.boolean().default(false),
});

/** Third-party wallet charge: `method` the wallet's name (`--wallet-method`), `redirect_url` required, `due_date` optional. */
export const walletChargeSchema = (walletMethod: string) =>
  z.object({ method: z.literal(walletMethod), ...common, currency: mxnOnly, due_date: dueDateSchema.optional(), redirect_url: httpUrl });

/** The schema of each kind (the card charge's is ./schema.ts). */
export const kindSchemas = (walletMethod: string) =>
  ({
    store: storeChargeSchema,
    bank: bankChargeSchema,
    redirect: redirectChargeSchema,
    ivr: ivrChargeSchema,
    wallet: walletChargeSchema(walletMethod),
  }) satisfies Record<Exclude<ChargeKind, 'card'>, z.ZodType>;

/** A parsed body of a kind other than card, with its kind. */
export type KindBody =
  | ({ kind: 'store' } & z.output<typeof storeChargeSchema>)
  | ({ kind: 'bank' } & z.output<typeof bankChargeSchema>)
  | ({ kind: 'redirect' } & z.output<typeof redirectChargeSchema>)
  | ({ kind: 'ivr' } & z.output<typeof ivrChargeSchema>)
  | ({ kind: 'wallet' } & z.output<ReturnType<typeof walletChargeSchema>>);

/** Kinds whose `customer` is required at merchant level (spec: redirect "customer (required)", store and IVR "required at merchant level"). */
export const CUSTOMER_REQUIRED: readonly ChargeKind[] = ['card', 'redirect', 'store', 'ivr'];
