import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createHmac, randomBytes } from 'node:crypto';
import type { MerchantEnv } from '../env';

/** The session cookie's name. */
export const SESSION_COOKIE = 'sid';

/** A session id as this shop makes them (base64url, 22-64 characters). */
const SESSION_ID = /^[\w-]{22,64}$/;

/** The CSRF token of a session id: HMAC-SHA256 under a per-process key, base64url (nothing stored). */
export function csrfTokens(): (sid: string) => string {
  const secret = randomBytes(32);
  return (sid) => createHmac('sha256', secret).update(sid).digest('base64url');
}

/**
 * Sets `c.var.sid`: the session id of the request's cookie, or a new one set on the response (HttpOnly,
 * SameSite=Lax: the bank page sends the shopper back with a top-level GET, which must carry the session so that
 * the result page can be bound to it; every POST is guarded by the same-origin check and the CSRF token).
 */
export const session = (): MiddlewareHandler<MerchantEnv> => async (c, next) => {
  let sid = getCookie(c, SESSION_COOKIE);
  if (!sid || !SESSION_ID.test(sid)) {
    sid = randomBytes(18).toString('base64url');
    setCookie(c, SESSION_COOKIE, sid, { httpOnly: true, sameSite: 'Lax', path: '/' });
  }
  c.set('sid', sid);
  await next();
};
