import type { MiddlewareHandler } from 'hono';
import { UNSAFE_TEXT } from 'paytoken/rules';

/** Longest path written to the log, in UTF-16 units; a longer one is cut and ends with `...`. */
export const LOG_PATH_MAX = 512;

const UNSAFE_ALL = new RegExp(UNSAFE_TEXT.source, 'gu');

/**
 * `s` safe for a one-line log: every control or bidirectional-control character (`UNSAFE_TEXT` of the card
 * rules: NUL, ESC, CR, LF, U+202E, ...) and the backslash written as escapes (`\x0a`, `\x1b`, `\u202e`, `\\`), so
 * a decoded `%0A` cannot forge a log line and ANSI escapes cannot reach a terminal; cut to `max` units.
 */
export function escapeForLog(s: string, max = LOG_PATH_MAX): string {
  const cut = s.length > max ? `${s.slice(0, max)}...` : s;
  return cut.replace(/\\/g, '\\\\').replace(UNSAFE_ALL, (ch) => {
    const n = ch.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Logs one line per request: `METHOD path status ms` (path without the query string, escaped by
 * {@link escapeForLog}; status `reset` when fault mode reset the connection). Nothing else, so no card number,
 * CVV2, key or body can reach the log.
 *
 * @param log where lines go (the CLI passes stderr); no logging when absent.
 */
export const accessLog =
  (log?: (line: string) => void): MiddlewareHandler =>
  async (c, next) => {
    if (!log) return next();
    const start = performance.now();
    await next();
    const status = c.res.headers.has('x-hono-already-sent') ? 'reset' : c.res.status;
    log(`${escapeForLog(c.req.method, 20)} ${escapeForLog(c.req.path)} ${status} ${Math.round(performance.now() - start)}ms`);
  };
