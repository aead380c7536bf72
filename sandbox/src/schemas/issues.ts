import type { z } from 'zod';
import type { FieldResult, Reason } from 'paytoken/rules';

/**
 * What a custom schema issue carries in `params`: the spec field name and the {@link Reason} of the rule that
 * failed, exactly as the card rules report them. `errorCodeFor(params)` (src/errors/codes.ts) gives the API error.
 */
export interface FieldIssueParams {
  field: string;
  reason: Reason;
}

/**
 * A failed rule located in a request body.
 * - `path`: where in the body, dotted (`card_number`, `customer.address.city`); `body` for the body itself.
 * - `field`: the spec field name the rule speaks of (`address.city` for a nested address too).
 * - `reason`: the rule.
 * - `message`: a developer message naming the location and rule; never contains the value.
 */
export interface FieldIssue extends FieldIssueParams {
  path: string;
  message: string;
}

/** Developer wording of each rule, completing "<field> ...". */
const REASON_TEXT: Record<Reason, string> = {
  required: 'is required',
  type: 'has the wrong type',
  format: 'is malformed',
  length: 'has the wrong length',
  luhn: 'fails the Luhn check digit',
  brand: 'is not of an accepted card brand',
  expired: 'is in the past: the card has expired',
  too_far: 'is too far in the future',
  too_long: 'is too long',
};

/** The message of a failed rule: `"<path> <wording> (rule: <reason>)"`, e.g. `"cvv2 is required (rule: required)"`. */
export const issueMessage = (path: string, reason: Reason): string => `${path} ${REASON_TEXT[reason]} (rule: ${reason})`;

/** A zod refinement context (the `ctx` of `superRefine`), reduced to what {@link addRuleIssue} needs. */
type Ctx = Pick<z.RefinementCtx, 'addIssue'>;

/**
 * Turns a failed {@link FieldResult} of a card rule into a custom zod issue carrying
 * `params: {field, reason}` (the card rule's own field name and reason). Passing results are ignored.
 *
 * @param at where the refinement runs, as a dotted field name: `''` (default) for an object-level refinement
 *   whose paths are the fields' own names; `'address'` for a refinement on an `address` member, so that the
 *   rule's `address.city` becomes the relative path `city` (zod prefixes the member's location itself).
 */
export function addRuleIssue(ctx: Ctx, r: Pick<FieldResult, 'field' | 'valid' | 'reason'>, at = ''): void {
  if (r.valid || !r.reason) return;
  const segments = r.field.split('.');
  const path = at && (r.field === at || r.field.startsWith(`${at}.`)) ? segments.slice(at.split('.').length) : segments;
  ctx.addIssue({
    code: 'custom',
    path,
    message: issueMessage(r.field, r.reason),
    params: { field: r.field, reason: r.reason } satisfies FieldIssueParams,
  });
}

/** Reads `path` from a parsed body, `undefined` when any step is missing. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** The rule a built-in zod issue stands for (see {@link toFieldIssue}). */
function builtinReason(issue: z.core.$ZodIssue, value: unknown): Reason {
  if (value == null && issue.path.length) return 'required';
  if (issue.code === 'invalid_type') return 'type';
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'required';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'too_long';
  return 'format';
}

/**
 * Reads a zod issue as a {@link FieldIssue}.
 *
 * Custom issues made by {@link addRuleIssue} (or any issue with `params.field` and `params.reason`) keep their
 * params; their message is rebuilt from the full path. Built-in zod issues are mapped: a missing value
 * (`undefined` or `null`, whatever the check) or an empty string (`too_small` on a string) is `required`;
 * `invalid_type` otherwise is `type`; `too_big` on a string is `too_long`; anything else (bad format, enum
 * value, number range, literal) is `format`. A range issue's message also says the bound ({@link boundDetail}). An
 * issue on the body itself means it is not a JSON object.
 *
 * @param input the body that was parsed, used to tell a missing value from a wrong one.
 */
export function toFieldIssue(issue: z.core.$ZodIssue, input: unknown): FieldIssue {
  const path = issue.path.length ? issue.path.map(String).join('.') : 'body';
  const params = (issue as { params?: Partial<FieldIssueParams> }).params;
  if (issue.code === 'custom' && params?.field && params.reason) {
    return { path, field: params.field, reason: params.reason, message: issueMessage(path, params.reason) };
  }
  const reason = builtinReason(issue, valueAt(input, issue.path));
  if (!issue.path.length) return { path, field: path, reason, message: `body must be a JSON object (rule: ${reason})` };
  return { path, field: path, reason, message: `${issueMessage(path, reason)}${boundDetail(issue)}` };
}

/**
 * The bound a range issue broke, for the message: `(max 80 characters)` on a string; `(must be greater than 1)`,
 * `(must be at least 0)`, `(must be at most 100)` on a number (a transfer of exactly one peso says why it is refused).
 */
function boundDetail(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') return ` (max ${issue.maximum} characters)`;
  if (issue.code === 'too_small' && issue.origin === 'number')
    return ` (must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum})`;
  if (issue.code === 'too_big' && issue.origin === 'number')
    return ` (must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum})`;
  return '';
}
