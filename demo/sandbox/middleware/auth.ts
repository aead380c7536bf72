import type { MiddlewareHandler } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import type { SandboxEnv } from '../env';
import { apiError } from '../errors';

/** The credentials one sandbox accepts. */
export interface Credentials {
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

/**
 * What the public key may do (spec, Authentication: "Public key: only create cards and create tokens"):
 * `POST /tokens`, `POST /cards`, `POST /customers/{customer_id}/cards`, and this project's extension
 * `POST /device-data` and `POST /device-data/entry` (the anti-fraud data the browser sends under its
 * `device_session_id`; docs/device-data.md). `path` is relative to `/v1/{merchant_id}`.
 */
export const publicKeyMayCall = (method: string, path: string): boolean =>
  method === 'POST' && /^\/(tokens|cards|customers\/[^/]+\/cards|device-data(\/entry)?)$/.test(path);

/** Constant-time string comparison (keys). */
const same = (a: string, b: string) => {
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
 * Authentication and authorisation of everything under `/v1/{merchant_id}` (spec, Authentication; Errors):
 * - 1002 (401): no or malformed Basic credentials, an unknown key, or a merchant id other than this
 *   sandbox's;
 * - 1010 (403): the public key on anything but creating tokens and cards; the private key on a request with an
 *   `Origin` header, i.e. sent by a browser ("private key used from client-side JavaScript").
 * Sets `c.var.keyKind`. Preflight requests never get here (the CORS middleware answers them first).
 */
export const auth =
  (creds: Credentials): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    const key = basicKey(c.req.header('authorization'));
    if (key === null)
      throw apiError(1002, 'Missing or malformed credentials: use HTTP Basic with the API key as user name and an empty password');
    const kind = same(key, creds.privateKey) ? 'private' : same(key, creds.publicKey) ? 'public' : null;
    if (!kind) throw apiError(1002, 'Unknown API key');
    if (c.req.param('merchant_id') !== creds.merchantId) throw apiError(1002, 'The API key does not belong to this merchant id');
    const path = c.req.path.slice(`/v1/${creds.merchantId}`.length);
    if (kind === 'public' && !publicKeyMayCall(c.req.method, path)) {
      throw apiError(1010, 'The public key may only create tokens and cards; use the private key from your server');
    }
    if (kind === 'private' && c.req.header('origin') !== undefined) {
      throw apiError(1010, 'The private key must not be used from a browser (request has an Origin header); use the public key');
    }
    c.set('keyKind', kind);
    await next();
  };
