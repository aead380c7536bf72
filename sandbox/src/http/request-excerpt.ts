/**
 * What the request log (./api-log.ts) may keep of a request: its path and a short excerpt of its body, masked
 * before anything is stored. Card numbers keep their BIN (first six digits) and last four; CVV2 values are
 * dropped; the result is cut to a bound. Pure functions: the same rules for every route, so a new resource's
 * requests are masked without knowing its fields.
 */

/** Longest body excerpt kept, in UTF-16 units (a longer one is cut and ends with `…`). */
export const EXCERPT_MAX = 600;

/** Longest path (with its query string) kept. */
export const PATH_MAX = 300;

/** What replaces a CVV2 value. */
export const REMOVED = '[removed]';

/** Member names whose value is a security code: dropped whatever it holds. */
const CVV_KEY = /^(cvv2?|cvc2?|cid|csc|card_?security_?code|security_?code)$/i;

/** Member names whose value is a card number: masked whatever its length. */
const PAN_KEY = /^(card_?number|pan|account_?number)$/i;

/** A run of 13 to 19 digits, single spaces or dashes allowed between them: a card number (or a CLABE, masked alike). */
const DIGIT_RUN = /\d(?:[ -]?\d){12,18}/g;

/** The same names in text that is not JSON (`"cvv2": "123"`, `cvv2=123`): the name, then the value to drop. */
const CVV_IN_TEXT = /((?:cvv2?|cvc2?|cid|csc|security_?code)["']?\s*[:=]\s*["']?)([^"',}&\s]*)/gi;

/**
 * The digits of a card number masked to its BIN and last four (`4111111111111111` -> `411111******1111`); a number
 * too short to keep both keeps at most its last four.
 */
export function maskDigits(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (d.length >= 13) return `${d.slice(0, 6)}${'*'.repeat(d.length - 10)}${d.slice(-4)}`;
  if (d.length > 4) return `${'*'.repeat(d.length - 4)}${d.slice(-4)}`;
  return '*'.repeat(d.length);
}

/** `s` with every run of 13-19 digits masked by {@link maskDigits}. */
export const maskNumbers = (s: string): string => s.replace(DIGIT_RUN, (run) => maskDigits(run));

/** `s` cut to `max` units, ending with `…` when cut. */
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A request's path and query string as the log keeps it: numbers masked, cut to {@link PATH_MAX}. */
export const maskPath = (pathAndQuery: string): string => cut(maskNumbers(pathAndQuery), PATH_MAX);

/** A JSON value with card numbers masked and security codes dropped, at any depth (bounded: deeper is elided). */
function maskValue(v: unknown, key: string, depth: number): unknown {
  if (CVV_KEY.test(key)) return REMOVED;
  if (depth > 32) return '…';
  if (typeof v === 'string') return PAN_KEY.test(key) ? maskDigits(v) : maskNumbers(v);
  if (typeof v === 'number') return PAN_KEY.test(key) || /\d{13}/.test(String(v)) ? maskDigits(String(v)) : v;
  if (Array.isArray(v)) return v.map((x) => maskValue(x, key, depth + 1));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[maskNumbers(k)] = maskValue(x, k, depth + 1);
    return out;
  }
  return v;
}

/**
 * The excerpt of a request body the log keeps.
 * @param parsed the parsed JSON body, when it parsed (undefined otherwise).
 * @param text the body's text as received, when it was read (a JSON body that did not parse included).
 * @returns the masked JSON (or, for text that is not JSON, the text with numbers masked and security-code values
 *   dropped), cut to {@link EXCERPT_MAX}; null when there is no body.
 */
export function bodyExcerpt(parsed: unknown, text: string | undefined): string | null {
  if (parsed !== undefined) return cut(JSON.stringify(maskValue(parsed, '', 0)), EXCERPT_MAX);
  if (!text) return null;
  // a security code is dropped before the cut, so no cut can leave half a name and a whole code
  return cut(maskNumbers(text.slice(0, EXCERPT_MAX * 4)).replace(CVV_IN_TEXT, `$1${REMOVED}`), EXCERPT_MAX);
}
