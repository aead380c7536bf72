import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import { apiError } from '../domain/errors';
import { duplicateMember, MAX_JSON_DEPTH, nestedDeeperThan, topLevelNumberText } from '../json/text';

/**
 * Reads the JSON body of POST and PUT requests into `c.var.body`, and its text into `c.var.rawBody` (set before it is
 * parsed, so the request log can show what did not parse) (spec, What the service does: bodies are JSON with
 * `Content-type: application/json`; Errors 1001, 1009). Other methods pass through untouched.
 *
 * - 1009 (413): a `Content-Length` over `maxBytes`, checked before reading, or more than `maxBytes` bytes
 *   actually received (chunked bodies, or a wrong Content-Length), checked while reading; reading stops there.
 * - 1001 (400): a content type other than `application/json` (parameters such as charset allowed), an empty
 *   body, bytes that are not UTF-8, text that is not JSON, a member name written twice in one object anywhere in
 *   the body (the description names it, e.g. `amount` or `customer.name`: `JSON.parse` would keep the last one
 *   silently while a check of the text may read the first), a top-level `amount` written with an exponent (`1e2`)
 *   or with more than two decimals in its text (`1.000`, `1.0000000000000001`, even when it parses to a round number),
 *   objects and arrays nested more than `MAX_JSON_DEPTH` (20) deep: checked in one linear pass before the body is
 *   parsed or scanned, so no body can make the server's work grow faster than its length.
 *
 * @param maxBytes largest accepted body, in bytes.
 * @param emptyAllowed paths whose empty JSON body is read as no body, with an `X-Sandbox-Warning` (`--lenient`: a
 *   capture sent with the JSON content type and no body, as the processor's SDKs send it). Default: none.
 */
export const jsonBody =
  (maxBytes: number, emptyAllowed?: RegExp): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PUT') return next();
    const tooLarge = () => apiError(1009, `Request body is larger than ${maxBytes} bytes`);
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
    const type = c.req.header('content-type');
    const json = /^application\/json\s*(;|$)/i.test(type ?? '');
    if (type !== undefined && !json) throw apiError(1001, 'Content-Type must be application/json');
    const bytes = declared !== undefined ? new Uint8Array(await c.req.raw.arrayBuffer()) : await readAtMost(c.req.raw.body, maxBytes);
    // over HTTP the parser holds a body to its Content-Length; a Request handed to the app in-process is held here
    if (bytes === null || bytes.byteLength > maxBytes) throw tooLarge();
    if (!json) {
      if (bytes.byteLength) throw apiError(1001, 'Content-Type must be application/json');
      return next(); // no body at all
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw apiError(1001, 'Request body is not UTF-8 text');
    }
    c.set('rawBody', text);
    if (!text.trim() && emptyAllowed?.test(c.req.path)) {
      c.set('warnings', [...(c.var.warnings ?? []), 'lenient: an empty body read as no body']);
      return next();
    }
    if (!text.trim()) throw apiError(1001, 'Request body is empty: send a JSON object');
    if (nestedDeeperThan(text))
      throw apiError(1001, `Request body nests objects and arrays more than ${MAX_JSON_DEPTH} deep (rule: format)`);
    try {
      c.set('body', JSON.parse(text));
    } catch {
      throw apiError(1001, 'Request body is not valid JSON');
    }
    const amountText = topLevelNumberText(text, 'amount') ?? '';
    if (/[eE]/.test(amountText)) {
      throw apiError(1001, 'amount must be written in plain decimal notation, without an exponent (rule: format)');
    }
    if (/\.\d{3}/.test(amountText)) {
      throw apiError(1001, 'amount must be written with at most two decimals (rule: format)');
    }
    const duplicate = duplicateMember(text);
    if (duplicate !== undefined) {
      throw apiError(
        1001,
        `${duplicate} appears more than once in the JSON body; each member name may appear once per object (rule: format)`,
      );
    }
    await next();
  };

/**
 * Reads a body stream to the end, or stops as soon as it exceeds `max` bytes: a body without a `Content-Length`
 * (chunked). One with it is read whole, which the Node adaptor does without building a web stream (its size is
 * checked after: Node's parser delivers exactly the declared bytes, already checked against the limit, but a
 * Request handed to the app in-process may carry more).
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
