import { z } from 'zod';
import { validateCvv2 } from 'paytoken/rules';
import { DEVICE_SESSION_ID } from 'paytoken/rules';
import { customerSchema } from '../customers/schema';
import { httpContextSchema } from './http-context';
import { addRuleIssue } from '../../schemas/issues';
import { checkCard, type Clock } from '../../schemas/card';
import { amountSchema, CURRENCIES, cspSafeUrl, plainText, resourceId } from '../../schemas/common';

/** `metadata` bounds: at most 20 members, names 1-40 characters, string values at most 500 characters. */
export const METADATA_LIMITS = { members: 20, name: 40, value: 500 } as const;

/** `metadata` of a charge: string (max 500 characters), number or boolean values, at most 20 members named with 1-40 characters. */
export const metadataSchema = z
  .record(z.string().min(1).max(METADATA_LIMITS.name), z.union([z.string().max(METADATA_LIMITS.value), z.number(), z.boolean()]))
  .refine((m) => Object.keys(m).length <= METADATA_LIMITS.members, { message: `at most ${METADATA_LIMITS.members} members` });

/** Months-without-interest plans (spec, Resources > PaymentPlan; Limits). */
export const PAYMENT_PLAN_MONTHS = [3, 6, 9, 12, 18] as const;

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

/** The card members of an inline `card` object (as the public server SDKs send it), before the card rules. */
const inlineCard = z.object({}).passthrough();

/**
 * Card charge body, customer level (`POST /customers/{customer_id}/charges`; spec, Endpoints > Charges, "Card
 * charge with a stored card id or token"):
 * - `method`: required, `card`;
 * - `source_id`: 1-45 letters or digits, a token id or a stored card id; or instead `card`, the card itself (the
 *   card rules' members, as the public server SDKs send it: tokenized in the same transaction); one of the two;
 * - `amount`: required number, greater than zero, at most the sandbox maximum, at most two decimals -> cents;
 * - `cvv2`: optional, 3 or 4 digits (stored cards);
 * - `currency`: optional, MXN or USD, default MXN;
 * - `description`: required, 1-250 characters, no control or invisible character;
 * - `order_id`: optional, 1-100 characters, the same characters refused (unique among all transactions: 1006);
 * - `device_session_id`: 1-255 of [A-Za-z0-9_-]; required by the route (with `--lenient`, a warning);
 * - `capture`: optional boolean, default true;
 * - `payment_plan`: optional `{payments: 3|6|9|12|18}`;
 * - `metadata`: optional object of string (max 500 characters), number or boolean values, at most 20 members
 *   named with 1-40 characters ({@link METADATA_LIMITS});
 * - `use_card_points`: optional ONLY_POINTS, MIXED or NONE, default NONE;
 * - `use_3d_secure`: optional, `true` or `false` as a boolean or a string (the spec types it as a string),
 *   default false; output a boolean;
 * - `redirect_url`: optional (required when `use_3d_secure` is true), an absolute http(s) URL, at most 2048, without
 *   `;`, `,`, white space or quotes (it becomes a source of the bank page's Content-Security-Policy);
 * - `http_context`: optional, the shopper's browser for 3-D Secure, shape-checked by {@link httpContextSchema}.
 * Other documented members (send_email) are accepted and dropped.
 * @param now the clock of the inline card's expiry rule.
 */
export function createChargeSchema(now: Clock) {
  return z
    .object({
      method: z.literal('card'),
      source_id: resourceId.optional(),
      card: inlineCard.optional().transform((v, ctx) => (v === undefined ? undefined : checkCard(v, ctx, now()))),
      amount: amountSchema(),
      cvv2: optionalCvv2,
      currency: z.enum(CURRENCIES).default('MXN'),
      description: plainText('description', 250),
      order_id: plainText('order_id', 100).optional(),
      device_session_id: z.string().max(255).regex(DEVICE_SESSION_ID).optional(),
      capture: z.boolean().default(true),
      payment_plan: z.object({ payments: z.literal(PAYMENT_PLAN_MONTHS) }).optional(),
      metadata: metadataSchema.optional(),
      use_card_points: z.enum(['ONLY_POINTS', 'MIXED', 'NONE']).default('NONE'),
      use_3d_secure: z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .default(false)
        .transform((v) => v === true || v === 'true'),
      redirect_url: cspSafeUrl('redirect_url').optional(),
      http_context: httpContextSchema.optional(),
      customer: customerSchema.optional(),
    })
    .superRefine((v, ctx) => {
      if ((v.source_id === undefined) === (v.card === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['source_id'],
          message: 'source_id is required (or a card object instead, not both) (rule: required)',
          params: { field: 'source_id', reason: 'required' },
        });
      }
      if (v.use_3d_secure && !v.redirect_url) {
        ctx.addIssue({
          code: 'custom',
          path: ['redirect_url'],
          message: 'redirect_url is required when use_3d_secure is true (rule: required)',
          params: { field: 'redirect_url', reason: 'required' },
        });
      }
    });
}

export type ChargeBody = z.output<ReturnType<typeof createChargeSchema>>;

/** `POST .../charges/{id}/capture` body (spec, Charges): `amount` optional, at most the held amount -> cents. */
export const captureSchema = z.object({ amount: amountSchema().optional() });

/** `POST .../charges/{id}/refund` body (spec, Charges): `description` (max 250) and `amount` (-> cents), optional. */
export const refundSchema = z.object({ description: plainText('description', 250).optional(), amount: amountSchema().optional() });

/** `POST .../charges/{id}/cancel` body: none needed; any JSON object is accepted. */
export const cancelSchema = z.object({});
