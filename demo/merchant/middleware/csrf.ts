import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE } from './session';

/**
 * Whether a POST came from this site: `Sec-Fetch-Site: same-origin` when the browser sends that header (every
 * current engine does; the page's `Referrer-Policy: no-referrer` makes form posts carry `Origin: null`, so the
 * fetch metadata decides); otherwise an `Origin` header, when present, must be this host's.
 */
export function sameOrigin(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = c.req.header('origin');
  return origin === undefined || origin === `http://${c.req.header('host')}`;
}

/** Whether `token` is the CSRF token of the session cookie the request carried (none: false). */
export function validCsrf(c: Context, token: string | undefined, csrfOf: (sid: string) => string): boolean {
  const sid = getCookie(c, SESSION_COOKIE);
  if (!sid || !token) return false;
  const expected = Buffer.from(csrfOf(sid));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a request says it carries JSON (`application/json`, parameters allowed). */
export const isJson = (c: Context): boolean => /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '');
