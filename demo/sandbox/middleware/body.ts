import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import { apiError } from '../errors';

/**
 * Reads the JSON body of POST requests into `c.var.body`, and its text into `c.var.rawBody` (spec, What the service does: bodies are JSON with
 * `Content-type: application/json`; Errors 1001, 1009). Other methods pass through untouched.
 *
 * - 1009 (413): a `Content-Length` over `maxBytes`, checked before reading, or more than `maxBytes` bytes
 *   actually received (chunked bodies, or a wrong Content-Length), checked while reading; reading stops there.
 * - 1001 (400): a content type other than `application/json` (parameters such as charset allowed), an empty
 *   body, bytes that are not UTF-8, text that is not JSON.
 *
 * @param maxBytes largest accepted body, in bytes.
 */
export const jsonBody = (maxBytes: number): MiddlewareHandler<SandboxEnv> => async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const tooLarge = () => apiError(1009, `Request body is larger than ${maxBytes} bytes`);
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    throw apiError(1001, 'Content-Type must be application/json');
  }
  const bytes = await readAtMost(c.req.raw.body, maxBytes);
  if (bytes === null) throw tooLarge();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw apiError(1001, 'Request body is not UTF-8 text');
  }
  if (!text.trim()) throw apiError(1001, 'Request body is empty: send a JSON object');
  try {
    c.set('body', JSON.parse(text));
    c.set('rawBody', text);
  } catch {
    throw apiError(1001, 'Request body is not valid JSON');
  }
  await next();
};

/**
 * Reads a body stream to the end, or stops as soon as it exceeds `max` bytes.
 * @returns the bytes, or null when there were more than `max`.
 */
async function readAtMost(stream: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}

/**
 * The source text of the number that is the value of the top-level member `key` of a JSON object text (already
 * known to be valid JSON), e.g. `1e2` for `{"amount":1e2}`; undefined when that member is absent or not a number.
 * Member names are compared after JSON unescaping (`"\u0061mount"` is `amount`); nested members never match.
 * Lets a route refuse number spellings that `JSON.parse` hides (the exponent form).
 */
export function topLevelNumberText(json: string, key: string): string | undefined {
  let depth = 0;
  let member: string | undefined;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < json.length && json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
      let k = j + 1;
      while (json[k] === ' ' || json[k] === '\t' || json[k] === '\n' || json[k] === '\r') k++;
      if (depth === 1 && json[k] === ':') member = JSON.parse(json.slice(i, j + 1)) as string;
      i = j;
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    else if (depth === 1 && member === key && /[-\d]/.test(ch)) {
      const number = /-?[\d.eE+-]+/y;
      number.lastIndex = i;
      return number.exec(json)![0];
    }
  }
  return undefined;
}
