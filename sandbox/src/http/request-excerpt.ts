/**
 * What the request log (./api-log.ts) and every other log may keep of a request: its path and a short excerpt of its
 * body, masked before anything is stored. Card numbers keep their BIN (first six digits) and last four; CVV2 values
 * and secrets (passwords, a webhook's user, keys, Authorization) are dropped; the result is cut to a bound. Pure functions: the same rules for every route, so a new resource's
 * requests are masked without knowing its fields.
 */

/** Longest body excerpt kept, in UTF-16 units (a longer one is cut and ends with `…`). */
export const EXCERPT_MAX = 600;

/** Longest path (with its query string) kept. */
export const PATH_MAX = 300;

/** What replaces a CVV2 value. */
export const REMOVED = '[removed]';

/** A member name reduced to its letters and digits, lower case: `Card-CVV`, `card_cvv` and `cardCvv` read alike. */
const bare = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Member names (bare) whose value is a security code: dropped whatever it holds (`cvv2`, `card_cvv`, `Security-Code` ...). */
const CVV_KEY = /^(card)?(cvv2?|cvc2?|cid|csc|securitycode)$/;

/** Member names (bare) whose value is a secret: dropped (a webhook's `user` and `password`, `Authorization`, any key). */
const SECRET_KEY = /^(user|username|login)$|pass(word|wd|phrase)?$|pwd|secret|key$|authorization|credential/;

/** Member names whose value is a card number: masked whatever its length. */
const PAN_KEY = /^(card_?number|pan|account_?number)$/i;

/**
 * A run of 13 to 19 digits, up to four separators of any kind (spaces, dashes, dots, slashes ...) between any two:
 * a card number however it is written (or a CLABE, masked alike).
 */
const DIGIT_RUN = /\d(?:[^\p{L}\p{N}]{0,4}\d){12,18}/gu;

/** A name of a security code or a secret in text that is not JSON (`"cvv2": "123"`, `cvv2=123`), then the value to drop. */
const NAMED_IN_TEXT =
  /((?:card[\W_]*)?(?:cvv[\W_]*2?|cvc[\W_]*2?|cid|csc|security[\W_]*code)|pass(?:word|wd)?|secret|[\w-]*key|authorization|user(?:name)?)(["']?\s*[:=]\s*)("[^"]*|'[^']*|[^"',}&\s]*)/gi;

/** JSON's `\uXXXX` escapes of printable ASCII but the quote and backslash, decoded: an escaped digit or name is seen. */
const decodeAsciiEscapes = (s: string) =>
  s.replace(/\\u00([2-7][0-9a-fA-F])/g, (all, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return ch === '"' || ch === '\\' || ch === '\x7f' ? all : ch;
  });

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

/**
 * A UUID (a request id, an invoice's fiscal UUID) or a run of digits: a UUID whose groups happen to be all digits
 * (`12345678-1234-4123-8123-...`) would otherwise read as a 13-digit run and lose the id a log line is for.
 */
const UUID_TEXT = '[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}';
const UUID_OR_DIGIT_RUN = new RegExp(`\\b${UUID_TEXT}\\b|${DIGIT_RUN.source}`, 'giu');
const UUID = new RegExp(`^${UUID_TEXT}$`, 'i');

/** `s` with every run of 13-19 digits masked by {@link maskDigits}; UUIDs are kept whole. */
export const maskNumbers = (s: string): string => s.replace(UUID_OR_DIGIT_RUN, (run) => (UUID.test(run) ? run : maskDigits(run)));

/** `s` cut to `max` units, ending with `…` when cut. */
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A request's path and query string as the log keeps it: numbers masked, cut to {@link PATH_MAX}. */
export const maskPath = (pathAndQuery: string): string => cut(maskText(pathAndQuery), PATH_MAX);

/** A JSON value with card numbers masked, security codes and secrets dropped, at any depth (bounded: deeper is elided). */
function maskValue(v: unknown, key: string, depth: number): unknown {
  if (CVV_KEY.test(bare(key)) || SECRET_KEY.test(bare(key))) return REMOVED;
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
 * Text for any log (a body that is not JSON, a log line): JSON escapes of ASCII decoded first (so `\u0034` is a
 * digit and `cvv\u0032` a name), then every run of 13-19 digits masked ({@link maskNumbers}) and the value after a
 * security code's or a secret's name dropped. The one masking rule of the request log and of every other log.
 */
export const maskText = (text: string): string =>
  maskNumbers(decodeAsciiEscapes(text)).replace(NAMED_IN_TEXT, (_, name: string, sep: string, value: string) => {
    const quote = /^["']/.test(value) ? value[0] : '';
    return `${name}${sep}${quote}${REMOVED}`;
  });

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
  return cut(maskText(text.slice(0, EXCERPT_MAX * 4)), EXCERPT_MAX);
}
