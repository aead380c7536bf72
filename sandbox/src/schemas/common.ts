import { z } from 'zod';
import { UNSAFE_TEXT } from 'paytoken/rules';
import { RESOURCE_ID } from 'paytoken/rules';
import { toCents } from '../domain/money';
import { SANDBOX_DEFAULTS } from '../defaults';
import { issueMessage, type FieldIssueParams } from './issues';

/**
 * Schema building blocks every resource's request uses: amounts, free text, ids, URLs (spec, Limits).
 */

/** Largest amount, major units (the spec states none; `SANDBOX_DEFAULTS.maxAmount`, ten million). */
export const MAX_AMOUNT = SANDBOX_DEFAULTS.maxAmount;

/** Charge currencies (spec, Limits: "currency for charges: MXN or USD"). */
export const CURRENCIES = ['MXN', 'USD'] as const;

/**
 * Whether an amount has at most two decimals, judged on its shortest decimal representation (`12.5` and
 * `12.50` pass, `0.1 + 0.2` does not), and survives a round trip to cents (`Math.round(n * 100) / 100 === n`).
 * Numbers whose shortest representation is in exponent form (`1e-7`, `1e21`) fail. The exponent form in the
 * request text (`1e2`, which parses to 100) is refused by the body reader (http/body.ts), which sees the text.
 */
export const hasAtMostTwoDecimals = (n: number): boolean => /^\d+(\.\d{1,2})?$/.test(String(n)) && Math.round(n * 100) / 100 === n;

/**
 * An amount (spec, Limits: "greater than zero, at most two decimals"): a JSON number greater than `min` (major
 * units; default 0), at most {@link MAX_AMOUNT}, at most two decimals. Output: integer cents.
 */
export const amountSchema = (min = 0) =>
  z
    .number()
    .gt(min)
    .max(MAX_AMOUNT)
    .refine(hasAtMostTwoDecimals)
    .transform(toCents)
    .meta({ type: 'number', description: `Greater than ${min}, at most two decimals` });

/**
 * Any free-text member, one rule for all (the one `holder_name` follows, `UNSAFE_TEXT` of `paytoken/rules`): `format`
 * (1001, naming the field) when the text as sent holds a control, format, private-use, surrogate or other invisible
 * character (they forge log lines and hide or reverse text in receipts and back offices). No bound on its length.
 */
export const safeText = (field: string) =>
  z.string().superRefine((v, ctx) => {
    if (!UNSAFE_TEXT.test(v)) return;
    ctx.addIssue({
      code: 'custom',
      message: issueMessage(field, 'format'),
      params: { field, reason: 'format' } satisfies FieldIssueParams,
    });
  });

/** A free-text member (`description`, `order_id`, names) of 1 to `max` characters after trimming, {@link safeText}. */
export const plainText = (field: string, max: number) => safeText(field).trim().min(1).max(max);

/** A resource id in a body (spec: "resource id parameters: 45"): 1-45 letters or digits. */
export const resourceId = z.string().regex(RESOURCE_ID);

/** Whether `s` is an absolute `http:` or `https:` URL. */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL of at most 2048 characters. */
export const httpUrl = z.string().max(2048).refine(isHttpUrl);

/** Characters that end or split a source of a Content-Security-Policy: `;`, `,`, white space and quotes. */
const CSP_BREAKING = /[;,\s'"`]/;

/**
 * An {@link httpUrl} that can stand as a source in the Content-Security-Policy of the page that sends the shopper to
 * it (`form-action`): `format` (1001) when it holds a character of {@link CSP_BREAKING}.
 */
export const cspSafeUrl = (field: string) =>
  httpUrl.superRefine((v, ctx) => {
    if (!CSP_BREAKING.test(v)) return;
    ctx.addIssue({
      code: 'custom',
      message: `${field} holds a character that cannot stand in a URL of a Content-Security-Policy (; , white space or a quote) (rule: format)`,
      params: { field, reason: 'format' } satisfies FieldIssueParams,
    });
  });
