import { cardBrand, cvv2Length } from './brands';
import { normalizePan } from './pan';
import { fail, pass, presence } from './result';
import type { FieldResult } from './types';

/**
 * Validates a CVV2 (spec, Limits: "cvv2 in a charge: 3 or 4 digits"; Errors: 2006 when not provided, 2009
 * when invalid).
 *
 * Rules: `required` (missing or blank), `type` (not a string or integer), `format` (not 3 or 4 ASCII digits),
 * `length` (wrong length for the brand of `pan`: 4 for amex, 3 for the others; see `cvv2Length`).
 *
 * @param cvv2 the security code as typed (string, or a number for lenient callers).
 * @param pan optional card number (any formatting) used to pick the brand's length.
 * @returns a {@link FieldResult} for `cvv2`. Never throws.
 */
export function validateCvv2(cvv2: unknown, pan?: unknown): FieldResult {
  const missing = presence('cvv2', cvv2, true);
  if (missing) return missing;
  const s = String(cvv2).trim();
  const want = cvv2Length(cardBrand(normalizePan(pan)));
  if (!/^\d{3,4}$/.test(s)) return fail('cvv2', 'format', /^\d{1,2}$/.test(s));
  if (want && s.length !== want) return fail('cvv2', 'length', s.length < want);
  return pass('cvv2');
}
