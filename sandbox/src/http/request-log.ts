import type { MiddlewareHandler } from 'hono';

/** One request as a server received it: what a test needs to look for card data where it must not be. */
export interface LoggedRequest {
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** Every request header, names in lower case. */
  headers: Record<string, string>;
  /** The body as text (at most `maxBytes`; '' when none). */
  body: string;
}

/**
 * For tests only: hands every request (method, URL, headers, body text) to `log` before it is handled, so a
 * cross-browser test can check from the server side where card data went, the same way in every engine. The body
 * is read from a clone, at most `maxBytes` of it, so the handlers still read theirs (with their own limits).
 * Does nothing when `log` is absent (the default, and what the CLI and demo use).
 */
export const requestLog =
  (log?: (r: LoggedRequest) => void, maxBytes = 65_536): MiddlewareHandler =>
  async (c, next) => {
    if (!log) return next();
    let body = '';
    if (c.req.raw.body) {
      const reader = c.req.raw.clone().body!.getReader();
      const chunks: Uint8Array[] = [];
      for (let size = 0; size <= maxBytes;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        size += value.byteLength;
      }
      await reader.cancel().catch(() => {});
      body = new TextDecoder().decode(Buffer.concat(chunks)).slice(0, maxBytes);
    }
    log({ method: c.req.method, url: c.req.url, headers: Object.fromEntries(c.req.raw.headers), body });
    return next();
  };
