import { z } from 'zod';
import { validateCvv2 } from '../../../src/card/cvv2';
import { customerSchema } from './customer';
import { httpContextSchema } from './http-context';
import { addRuleIssue, issueMessage, type FieldIssueParams } from './issues';
import { UNSAFE_TEXT } from '../../../src/card/result';
import { DEVICE_SESSION_ID, RESOURCE_ID } from '../../../src/card/ids';
import { SANDBOX_DEFAULTS } from '../defaults';

/** Largest charge amount, major units (the spec states none; `SANDBOX_DEFAULTS.maxAmount`, ten million). */
export const MAX_AMOUNT = SANDBOX_DEFAULTS.maxAmount;

/** `metadata` bounds: at most 20 members, names 1-40 characters, string values at most 500 characters. */
export const METADATA_LIMITS = { members: 20, name: 40, value: 500 } as const;

/** Charge currencies (spec, Limits: "currency for charges: MXN or USD"). */
export const CURRENCIES = ['MXN', 'USD'] as const;

/** Months-without-interest plans (spec, Resources > PaymentPlan; Limits). */
export const PAYMENT_PLAN_MONTHS = [3, 6, 9, 12, 18] as const;

/** Whether `s` is an absolute `http:` or `https:` URL (where the bank page may send the shopper back). */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether an amount has at most two decimals, judged on its shortest decimal representation (`12.5` and
 * `12.50` pass, `0.1 + 0.2` does not), and survives a round trip to cents (`Math.round(n * 100) / 100 === n`).
 * Numbers whose shortest representation is in exponent form (`1e-7`, `1e21`) fail. The exponent form in the
 * request text (`1e2`, which parses to 100) is refused by the charges route, which sees the text.
 */
export const hasAtMostTwoDecimals = (n: number): boolean => /^\d+(\.\d{1,2})?$/.test(String(n)) && Math.round(n * 100) / 100 === n;

/**
 * A free-text charge member (`description`, `order_id`) of at most `max` characters after trimming: `format`
 * (1001, naming the field) when the text as sent holds a control character (CR and LF included: the description
 * is shown on the bank page and both reach logs and back offices) or another {@link UNSAFE_TEXT} character.
 */
const plainText = (field: 'description' | 'order_id', max: number) =>
  z
    .string()
    .superRefine((v, ctx) => {
      if (!UNSAFE_TEXT.test(v)) return;
      ctx.addIssue({
        code: 'custom',
        message: issueMessage(field, 'format'),
        params: { field, reason: 'format' } satisfies FieldIssueParams,
      });
    })
    .trim()
    .min(1)
    .max(max);

/**
 * An optional `cvv2` of a charge (spec, Charges: "numeric, length 3 or 4; used only with stored cards"):
 * absent or `null` is none; otherwise `validateCvv2` without a PAN (3 or 4 digits; the length for the stored
 * card's brand, error 2009, is checked once the card is known). Output: the digits as a string, or undefined.
 */
const optionalCvv2 = z
  .unknown()
  .optional()
  .superRefine((v, ctx) => {
    if (v != null) addRuleIssue(ctx, validateCvv2(v), 'cvv2');
  })
  .transform((v) => (v == null ? undefined : String(v).trim()));

/**
 * Card charge body, customer level (`POST /customers/{customer_id}/charges`; spec, Endpoints > Charges, "Card
 * charge with a stored card id or token"):
 * - `method`: required, `card` (the only charge kind the sandbox simulates);
 * - `source_id`: required, 1-45 letters or digits, a token id or a stored card id;
 * - `amount`: required number, greater than zero, at most {@link MAX_AMOUNT}, at most two decimals (and not
 *   written in exponent form: checked by the route on the request text);
 * - `cvv2`: optional, 3 or 4 digits (stored cards);
 * - `currency`: optional, MXN or USD, default MXN;
 * - `description`: required, 1-250 characters, no control character (CR, LF, ...) nor other `UNSAFE_TEXT`;
 * - `order_id`: optional, 1-100 characters, the same characters refused (unique among all transactions: checked by
 *   the server, 1006);
 * - `device_session_id`: required, 1-255 of [A-Za-z0-9_-];
 * - `capture`: optional boolean, default true;
 * - `payment_plan`: optional `{payments: 3|6|9|12|18}`;
 * - `metadata`: optional object of string (max 500 characters), number or boolean values, at most 20 members
 *   named with 1-40 characters ({@link METADATA_LIMITS});
 * - `use_card_points`: optional ONLY_POINTS, MIXED or NONE, default NONE;
 * - `use_3d_secure`: optional, `true` or `false` as a boolean or a string (the spec types it as a string),
 *   default false; output a boolean;
 * - `redirect_url`: optional (required by the server when `use_3d_secure` is true), an absolute http(s) URL of
 *   at most 2048 characters.
 * - `http_context`: optional, the shopper's browser for 3-D Secure, shape-checked by {@link httpContextSchema}.
 * Other documented members (send_email) are accepted and dropped. A `customer` member is dropped
 * at customer level.
 */
export const chargeSchema = z.object({
  method: z.literal('card'),
  source_id: z.string().regex(RESOURCE_ID),
  amount: z.number().positive().max(MAX_AMOUNT).refine(hasAtMostTwoDecimals),
  cvv2: optionalCvv2,
  currency: z.enum(CURRENCIES).default('MXN'),
  description: plainText('description', 250),
  order_id: plainText('order_id', 100).optional(),
  device_session_id: z.string().max(255).regex(DEVICE_SESSION_ID),
  capture: z.boolean().default(true),
  payment_plan: z.object({ payments: z.literal(PAYMENT_PLAN_MONTHS) }).optional(),
  metadata: z
    .record(z.string().min(1).max(METADATA_LIMITS.name), z.union([z.string().max(METADATA_LIMITS.value), z.number(), z.boolean()]))
    .refine((m) => Object.keys(m).length <= METADATA_LIMITS.members, { message: `at most ${METADATA_LIMITS.members} members` })
    .optional(),
  use_card_points: z.enum(['ONLY_POINTS', 'MIXED', 'NONE']).default('NONE'),
  use_3d_secure: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
  redirect_url: z.string().max(2048).refine(isHttpUrl).optional(),
  http_context: httpContextSchema.optional(),
});

/**
 * Card charge body, merchant level (`POST /charges`): {@link chargeSchema} plus the required `customer`
 * object (spec, Charges: "customer: required; merchant-level only"), with the fields of a customer
 * ({@link customerSchema}: name and email required). No customer account is created from it.
 */
export const merchantChargeSchema = chargeSchema.extend({ customer: customerSchema });
