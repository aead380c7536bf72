import { z } from 'zod';
import { validateCvv2 } from 'paytoken/rules';
import { parseMonth, parseYear, validateExpiry } from 'paytoken/rules';
import { validateHolderName } from 'paytoken/rules';
import { addRuleIssue } from '../../schemas/issues';
import type { Clock } from '../../schemas/card';

/**
 * `PUT /cards/{card_id}` body (spec, Endpoints > Cards: "all optional: holder_name, cvv2 (used in the next
 * transaction with the card), expiration_month, expiration_year, merchant_id"), checked by the card rules:
 * holder name (max 80, no invisible or control characters), CVV2 (3 or 4 digits; its length for the card's brand
 * is checked once the card is known), and the expiry when either part is sent (both then needed, not in the past).
 * `merchant_id` (merchant groups) is accepted and must be this merchant's (checked by the route's auth).
 */
/** Two digits, as `validateCard` writes months and years. */
const pad2 = (n: number) => String(n % 100).padStart(2, '0');

export function createCardUpdateSchema(now: Clock) {
  return z
    .object({
      holder_name: z.unknown().optional(),
      cvv2: z.unknown().optional(),
      expiration_month: z.unknown().optional(),
      expiration_year: z.unknown().optional(),
      merchant_id: z.string().max(45).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.holder_name !== undefined) addRuleIssue(ctx, validateHolderName(v.holder_name));
      if (v.cvv2 !== undefined) addRuleIssue(ctx, validateCvv2(v.cvv2));
      if (v.expiration_month !== undefined || v.expiration_year !== undefined)
        addRuleIssue(ctx, validateExpiry(v.expiration_month, v.expiration_year, now()));
    })
    .transform((v) => ({
      ...(v.holder_name !== undefined && { holder_name: String(v.holder_name).trim() }),
      ...(v.cvv2 !== undefined && { cvv2: String(v.cvv2).trim() }),
      ...(v.expiration_month !== undefined && { expiration_month: pad2(parseMonth(v.expiration_month)) }),
      ...(v.expiration_year !== undefined && { expiration_year: pad2(parseYear(v.expiration_year)) }),
    }));
}

export type CardUpdateBody = z.output<ReturnType<typeof createCardUpdateSchema>>;
