import type { z } from 'zod';
import { errorCodeFor } from 'paytoken/rules';
import type { FieldResult } from 'paytoken/rules';
import { issueMessage, toFieldIssue } from '../schemas/index';
import { apiError, type SandboxError } from '../domain/errors';

/**
 * The API error of a failed rule: `errorCodeFor` (the library's own mapping) picks the code (2004 Luhn,
 * 2005 expired, 2006 missing CVV2, 2009 CVV2 length for the brand, else 1001) and the description names the
 * location and the rule, never the value.
 *
 * @param path where the field is in the request (`card_number`, `customer.address.city`, `limit`).
 */
export function ruleError(
  r: { field: string; reason: NonNullable<FieldResult['reason']> },
  path = r.field,
  message?: string,
): SandboxError {
  // errorCodeFor tells fields apart only by `cvv2`; other names, card fields or not, fall to their reason.
  const [code] = errorCodeFor(r);
  return apiError(code, message ?? issueMessage(path, r.reason));
}

/**
 * Parses `input` with `schema`, or throws the error of its FIRST issue (the first failing field in the
 * schema's order, which for card bodies is `validateCard`'s: number, holder, expiry, CVV2, address).
 *
 * @throws SandboxError 1001 for malformed or missing fields, or the card-rule codes of {@link ruleError}.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = toFieldIssue(r.error.issues[0]!, input);
  throw ruleError(issue, issue.path, issue.message);
}
