import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import type { Deps } from '../../env';
import type { DashEnv, Form } from './types';

/**
 * The dashboard's security model (docs/sandbox.md, "Dashboard"): a page of another origin can neither read it nor
 * drive it.
 * - Reading: no CORS header is ever sent (a cross-origin `fetch` gets an opaque failure), `Cross-Origin-Resource-
 *   Policy: same-origin` (no embedding as an image, script or style), `frame-ancestors 'none'` and `X-Frame-Options:
 *   DENY` (no framing), `Cross-Origin-Opener-Policy: same-origin` (no handle on its window).
 * - Driving: the session cookie is `SameSite=Strict` (never sent on a request another site starts), every POST must
 *   come from the dashboard's own origin (`Sec-Fetch-Site`, `Origin`) and carry the session's synchronizer token.
 * - Injecting: a Content-Security-Policy with no script at all and styles from the sandbox's own file only.
 */

/** The Content-Security-Policy of every dashboard response: nothing inline, no script, its own stylesheet. */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
].join('; ');

/** The cookies: the session (its random id), the sign-in form's nonce, the language. */
export const COOKIES = { session: 'pt_dashboard', signIn: 'pt_dashboard_sign_in', lang: 'pt_dashboard_lang' } as const;

/** Largest form body the dashboard reads, bytes. */
export const MAX_FORM_BYTES = 16 * 1024;

/** Sets the security headers on every dashboard response. */
export const securityHeaders: MiddlewareHandler<DashEnv> = async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('Content-Security-Policy', DASHBOARD_CSP);
  h.set('X-Frame-Options', 'DENY');
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'same-origin');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Cross-Origin-Resource-Policy', 'same-origin');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  for (const name of [...h.keys()]) if (name.startsWith('access-control-')) h.delete(name);
};

/** Whether the dashboard's cookies get `Secure`: the request came over https, or the sandbox's public URL is https. */
const secure = (c: Context<DashEnv>, d: Deps) => new URL(c.req.url).protocol === 'https:' || d.publicUrl().startsWith('https:');

/**
 * Sets one of the dashboard's cookies: `HttpOnly`, `SameSite=Strict`, `Path=/dashboard`, `Secure` where https.
 * @param maxAge seconds; 0 deletes it.
 */
export function dashboardCookie(c: Context<DashEnv>, d: Deps, name: string, value: string, maxAge: number): void {
  setCookie(c, name, value, { path: '/dashboard', httpOnly: true, sameSite: 'Strict', secure: secure(c, d), maxAge });
}

/**
 * Whether a request was started by another site or origin: `Sec-Fetch-Site` other than `same-origin` (every
 * current browser sends it), or an `Origin` other than the dashboard's own (the request's, or the public URL's).
 */
export function foreign(c: Context<DashEnv>, d: Deps): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = c.req.header('origin');
  return origin !== undefined && origin !== new URL(c.req.url).origin && origin !== new URL(d.publicUrl()).origin;
}

/**
 * The fields of a form post (`application/x-www-form-urlencoded`, at most {@link MAX_FORM_BYTES} and 50 fields);
 * null for another content type, a bigger body or more fields.
 */
export async function formOf(c: Context<DashEnv>): Promise<Form | null> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '')) return null;
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_FORM_BYTES) return null;
  const text = await c.req.text();
  if (text.length > MAX_FORM_BYTES) return null;
  const params = new URLSearchParams(text);
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, value] of params) {
    if (++n > 50) return null;
    out[k] = value;
  }
  return out;
}

/** Most client addresses a {@link Throttle} remembers; the one whose last failure is oldest is forgotten first. */
const THROTTLE_ADDRESSES = 1000;

/**
 * A bound on failed sign-ins per client address: at most `max` in any `windowMs` (real time) from one address, then
 * that address's attempts are refused until the window has passed; other addresses sign in as before (a lockout
 * for all would let any local client keep the owner out). Against guessing the key; a cross-site page cannot even
 * try (its posts are refused first). It remembers at most {@link THROTTLE_ADDRESSES} addresses.
 */
export class Throttle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly max = 10,
    readonly windowMs = 60_000,
    readonly now: () => number = Date.now,
  ) {}

  /** Whether attempts from `address` are refused now. */
  blocked(address: string): boolean {
    const list = this.#failures.get(address);
    if (!list) return false;
    const from = this.now() - this.windowMs;
    while (list.length && list[0]! <= from) list.shift();
    if (!list.length) this.#failures.delete(address);
    return list.length >= this.max;
  }

  /** Records a failed attempt from `address`. */
  fail(address: string): void {
    const list = this.#failures.get(address) ?? [];
    this.#failures.delete(address); // re-inserted last: the map's order is the order of last failures
    list.push(this.now());
    this.#failures.set(address, list.slice(-this.max));
    if (this.#failures.size > THROTTLE_ADDRESSES) this.#failures.delete(this.#failures.keys().next().value!);
  }
}
