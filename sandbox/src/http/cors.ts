import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { SandboxEnv } from '../env';
import { isPublicKeyPath } from './access';

/**
 * An origin the credentialed CORS may echo: `http(s)://host[:port]` (RFC 6454 serialisation), at most 255
 * characters. The opaque origin `null` (file: pages, sandboxed frames) is never echoed.
 */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.\-[\]:]{1,247}$/;

/** Headers and methods every preflight allows (both route groups). */
const COMMON = {
  /**
   * POST (tokens, cards, device data), GET, DELETE (private-key routes), and PUT: the classic script's
   * `card.update` sends PUT /cards/{card_id}, which then gets the spec's answer (1010 for the public key)
   * instead of a CORS failure. OPTIONS for the preflight itself.
   */
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  /** Not the fault header: no web page can ask a sandbox for a fault. */
  allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
  exposeHeaders: ['X-Request-Id'],
  /** Preflights cached for 7200 s (Chromium caps at 7200). */
  maxAge: 7200,
};

/** CORS of the private-key routes: any origin, no credentials (a browser gets 1010 there anyway). */
export const CORS = { ...COMMON, origin: '*', credentials: false };

/**
 * CORS of the API, chosen by path:
 * - public-key routes (./access.ts): credentialed CORS, as the processor's classic browser script
 *   needs (its XHR sets `withCredentials = true`; a browser discards a credentialed answer carrying
 *   `Access-Control-Allow-Origin: *`). The request's `Origin` is echoed when it is a well-formed http(s) origin
 *   and, if `origins` is given, one of them; `Access-Control-Allow-Credentials: true`; `Vary: Origin` on every
 *   answer, preflights included, so no cache hands one origin's answer to another. Without an allowed origin
 *   no `Access-Control-Allow-*` header is sent at all (a browser then refuses; a server ignores CORS).
 *   No cookie is ever set or read: credentials only let the classic script's requests through, the key still
 *   travels in `Authorization`.
 * - every other route: {@link CORS} (`*`, no credentials), but the dashboard's (`/dashboard`), which answer no CORS.
 * Preflights (OPTIONS with `Access-Control-Request-Method`) are answered here with 204, before authentication.
 *
 * @param origins the origins allowed on the public-key routes, e.g. `['https://shop.example']`; default: any
 *   well-formed http(s) origin (a sandbox serves any local checkout page).
 */
export function apiCors(origins?: readonly string[]): MiddlewareHandler<SandboxEnv> {
  const open = cors(CORS);
  const allowed = (o: string) => ORIGIN.test(o) && (!origins || origins.includes(o));
  const credentialed = cors({ ...COMMON, origin: (o) => (allowed(o) ? o : null) });
  const exposed = COMMON.exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.path === '/dashboard' || c.req.path.startsWith('/dashboard/')) return next(); // no CORS at all: pages/dashboard/security.ts
    const publicKeyPath = isPublicKeyPath(c.req.path);
    const origin = c.req.header('origin') ?? '';
    if (c.req.method === 'OPTIONS') {
      if (!publicKeyPath) return open(c, next);
      if (!allowed(origin)) return varyOnOrigin(c, next);
      const res = await credentialed(c, next);
      (res ?? c.res).headers.set('Access-Control-Allow-Credentials', 'true');
      return res;
    }
    // Other requests get the same headers as Hono's cors() gives them, set on the answer once it exists: set before
    // it (as cors() does), they make Hono rebuild the route's answer around its body stream.
    await next();
    const headers = c.res.headers;
    if (!publicKeyPath) {
      headers.set('Access-Control-Allow-Origin', CORS.origin);
      headers.set('Access-Control-Expose-Headers', exposed);
      return;
    }
    if (allowed(origin)) {
      headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Allow-Credentials', 'true');
      headers.set('Access-Control-Expose-Headers', exposed);
    }
    headers.append('Vary', 'Origin'); // always, so a cache never reuses one origin's answer for another
  };
}

/** A preflight without a CORS grant: answered by the routes (no `Access-Control-Allow-*`), with `Vary: Origin`. */
const varyOnOrigin: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  await next();
  c.header('Vary', 'Origin', { append: true });
};
