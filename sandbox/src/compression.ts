import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings the sandbox sends its static files in, best first (RFC 9110, section 8.4.1). */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110, section 12.5.3): the acceptable one (`q` above 0,
 * named or through `*`) with the highest `q`, Brotli before gzip at equal `q`; null when neither is acceptable
 * (the identity then).
 */
export function negotiateCoding(acceptEncoding: string | undefined): Coding | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const weightOf = (coding: Coding) => q.get(coding) ?? q.get('*') ?? 0;
  const best = [...CODINGS].sort((a, b) => weightOf(b) - weightOf(a))[0]!;
  return weightOf(best) > 0 ? best : null;
}

/** Compressed copies, by file content and coding: each file is compressed once (Brotli at quality 11, gzip at 9). */
const encoded = new Map<string, Buffer>();

/** `body` in `coding`, compressed once per content (at most 64 contents are kept). */
export function encode(body: Buffer, coding: Coding): Buffer {
  const key = `${coding}:${createHash('sha256').update(body).digest('base64')}`;
  let out = encoded.get(key);
  if (!out) {
    out =
      coding === 'br'
        ? brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipSync(body, { level: 9 });
    if (encoded.size >= 64) encoded.clear();
    encoded.set(key, out);
  }
  return out;
}

/**
 * A static file's response body in the coding the request accepts (see {@link negotiateCoding}), as a CDN sends it:
 * `Content-Encoding` when compressed, `Vary: Accept-Encoding` always (a cache keeps one copy per coding), and the
 * length. After decompression the bytes are the file's own.
 *
 * @param c the request's context (the other headers set already). @param body the file as it is.
 */
export function sendCompressed(c: Context, body: Buffer | string): Response {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const coding = negotiateCoding(c.req.header('accept-encoding'));
  const sent = coding ? encode(bytes, coding) : bytes;
  c.header('Vary', 'Accept-Encoding');
  if (coding) c.header('Content-Encoding', coding);
  c.header('Content-Length', String(sent.length));
  return c.body(new Uint8Array(sent));
}
