import type { MiddlewareHandler } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import type { SandboxEnv } from '../env';
import { apiError } from '../domain/errors';
import { publicKeyMayCall } from './access';

/** The credentials one sandbox accepts. */
export interface Credentials {
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

/** Constant-time string comparison (keys). */
export const sameKey = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Reads the key of an `Authorization: Basic base64(key + ":")` header (spec, Authentication: the key is the
 * user name, the password is empty). @returns the key, or null when the header is missing or malformed
 * (another scheme, bad base64, no colon, a non-empty password, an empty key).
 */
export function basicKey(header: string | undefined): string | null {
  const m = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header?.trim() ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon !== decoded.length - 1) return null;
  return decoded.slice(0, colon);
}

/**
 * Authentication and authorisation of the API: everything under `/v1/{merchant_id}`, the store search and the
 * simulation API (spec, Authentication; Errors):
 * - 1002 (401): no or malformed Basic credentials, an unknown key, or a merchant id other than this
 *   sandbox's;
 * - 1010 (403): the public key on a route that ./access.ts does not list for it; the private key on a request with an
 *   `Origin` header, i.e. sent by a browser ("private key used from client-side JavaScript").
 * Sets `c.var.keyKind`. Preflight requests never get here (the CORS middleware answers them first).
 */
export const auth =
  (creds: Credentials): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    const key = basicKey(c.req.header('authorization'));
    if (key === null)
      throw apiError(1002, 'Missing or malformed credentials: use HTTP Basic with the API key as user name and an empty password');
    const kind = sameKey(key, creds.privateKey) ? 'private' : sameKey(key, creds.publicKey) ? 'public' : null;
    if (!kind) throw apiError(1002, 'Unknown API key');
    const merchantId = c.req.param('merchant_id');
    if (merchantId !== undefined && merchantId !== creds.merchantId)
      throw apiError(1002, 'The API key does not belong to this merchant id');
    if (kind === 'public' && !publicKeyMayCall(c.req.method, c.req.path)) {
      throw apiError(1010, 'The public key may only create tokens and cards; use the private key from your server');
    }
    if (kind === 'private' && c.req.header('origin') !== undefined) {
      throw apiError(1010, 'The private key must not be used from a browser (request has an Origin header); use the public key');
    }
    c.set('keyKind', kind);
    await next();
  };
