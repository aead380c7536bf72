import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import type { Deps } from '../../env';
import { SandboxError } from '../../domain/errors';
import { DASHBOARD_CSS } from './assets';
import { localPath } from './format';
import { both, COMMON, tr } from './i18n';
import { PAGES } from './registry';
import { BASE, hereOf, page } from './render';
import { COOKIES, dashboardCookie, foreign, formOf, MAX_FORM_BYTES, securityHeaders, Throttle } from './security';
import { SESSION_DEFAULTS, Sessions, sameText, type SessionLimits } from './sessions';
import { signInPage, type SignInProblem } from './sign-in';
import type { Action, DashEnv, Flash, Form, Lang, PageModule } from './types';

/** Options of the dashboard (`createSandboxApp` option `dashboard`). */
export interface DashboardOptions {
  /** The merchant's private key: the only key that signs in. */
  privateKey: string;
  /** Bounds of the sessions; each defaults to {@link SESSION_DEFAULTS}. */
  sessions?: Partial<SessionLimits>;
  /** The real clock the sessions' lifetimes run on, epoch ms. @default Date.now */
  now?: () => number;
}

/** How long the sign-in form's nonce cookie lives, seconds. */
const SIGN_IN_SECONDS = 1800;

/** The language of a request: its cookie's, Spanish (Mexico) by default. */
const language: MiddlewareHandler<DashEnv> = async (c, next) => {
  c.set('lang', getCookie(c, COOKIES.lang) === 'en' ? 'en' : 'es');
  await next();
};

/** GET, HEAD and POST only: anything else (OPTIONS included: no CORS preflight is ever answered) is 405. */
const methods: MiddlewareHandler<DashEnv> = async (c, next) => {
  if (['GET', 'HEAD', 'POST'].includes(c.req.method)) return next();
  return c.text('Method not allowed', 405, { Allow: 'GET, HEAD, POST' });
};

/** Form bodies over {@link MAX_FORM_BYTES} are refused (413) before they are read further. */
const limit = bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.text('Form too large', 413, { Connection: 'close' }) });

/** A refused action's message: the API's Error object (code and description), as the API would answer it. */
async function attempt(run: () => Flash | Promise<Flash>): Promise<Flash> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    const text = `${e.error.error_code} (${e.error.http_code}): ${e.error.description}`;
    return { ok: false, text: both(text, text) };
  }
}

/** The 404 page of a signed-in request. */
const notFound = (c: Context<DashEnv>) => page(c, COMMON.notFound, tr(c.var.lang, COMMON.notFoundText), 404);

/** Sign-in (GET the form; POST the key), sign-out and the language switch: the routes before a session exists. */
function mountSignIn(r: Hono<DashEnv>, d: Deps, sessions: Sessions, opts: DashboardOptions): void {
  const throttle = new Throttle(10, 60_000, opts.now);
  const form = (c: Context<DashEnv>, back: string, problem: SignInProblem, status: 200 | 401 | 403 | 429 = 200) => {
    const nonce = sessions.nonce();
    dashboardCookie(c, d, COOKIES.signIn, nonce, SIGN_IN_SECONDS);
    return signInPage(c, { token: sessions.signInToken(nonce), back, problem }, status);
  };
  r.get('/lang/:lang', (c) => {
    const lang: Lang = c.req.param('lang') === 'en' ? 'en' : 'es';
    dashboardCookie(c, d, COOKIES.lang, lang, 365 * 86_400);
    return c.redirect(localPath(c.req.query('back')), 303);
  });
  r.get('/sign-in', (c) => {
    if (sessions.get(getCookie(c, COOKIES.session))) return c.redirect(BASE, 303);
    return form(c, localPath(c.req.query('back')), c.req.query('signed-out') === '1' ? 'signedOut' : null);
  });
  r.post('/sign-in', limit, async (c) => {
    const fields = foreign(c, d) ? null : await formOf(c);
    const nonce = getCookie(c, COOKIES.signIn);
    const back = localPath(fields?.back);
    if (!fields || !nonce || !sameText(fields.csrf ?? '', sessions.signInToken(nonce))) return form(c, back, 'expired', 403);
    const address = c.env?.incoming?.socket?.remoteAddress ?? '';
    if (throttle.blocked(address)) return form(c, back, 'tooMany', 429);
    if (!sameText((fields.key ?? '').trim(), opts.privateKey)) {
      throttle.fail(address);
      return form(c, back, 'wrong', 401);
    }
    const previous = getCookie(c, COOKIES.session);
    if (previous) sessions.delete(previous); // a new id at every sign-in, the old one ended (no fixation)
    const s = sessions.create();
    dashboardCookie(c, d, COOKIES.session, s.id, sessions.limits.maxAgeSeconds);
    dashboardCookie(c, d, COOKIES.signIn, '', 0);
    return c.redirect(back, 303);
  });
}

/**
 * Everything after sign-in needs a live session: a GET without one goes to the sign-in page (and back after), a POST
 * without one is refused. A POST must also come from the dashboard's origin and carry the session's token.
 */
function signedIn(d: Deps, sessions: Sessions): MiddlewareHandler<DashEnv> {
  const nav = PAGES.map((p) => ({ href: p.path ? `${BASE}/${p.path}` : BASE, title: p.title }));
  return async (c, next) => {
    const s = sessions.get(getCookie(c, COOKIES.session));
    if (!s) {
      if (c.req.method !== 'POST') return c.redirect(`${BASE}/sign-in?back=${encodeURIComponent(localPath(hereOf(c)))}`, 303);
      return c.text(tr(c.var.lang, both('Tu sesión terminó: vuelve a entrar.', 'Your session ended: sign in again.')), 403);
    }
    c.set('session', s);
    c.set('nav', nav);
    c.set('merchantLine', `${d.merchant.name} · ${d.merchant.id}`);
    if (c.req.method !== 'POST') return next();
    const fields = foreign(c, d) ? null : await formOf(c);
    if (!fields || !sameText(fields.csrf ?? '', s.csrf))
      return c.text(
        tr(c.var.lang, both('Formulario rechazado: no vino de este panel.', 'Form refused: it did not come from this dashboard.')),
        403,
      );
    c.set('form', fields);
    return next();
  };
}

/** Mounts a page module: its GET routes, and its buttons (sandbox mode only) at `{path}/do/{name}`. */
function mountPage(r: Hono<DashEnv>, d: Deps, m: PageModule): void {
  const at = m.path ? `/${m.path}` : '';
  r.route(at || '/', m.routes(d));
  const actions: Readonly<Record<string, Action>> = m.actions ?? {};
  r.post(`${at}/do/:name`, async (c) => {
    const run = Object.hasOwn(actions, c.req.param('name')) ? actions[c.req.param('name')] : undefined;
    if (d.mode !== 'sandbox' || !run) return notFound(c);
    const form: Form = c.var.form;
    c.var.session.flash = await attempt(() => run(d, form));
    return c.redirect(localPath(form.back, `${BASE}${at}`), 303);
  });
}

/**
 * The sandbox's dashboard, mounted at `/dashboard` (docs/sandbox.md, "Dashboard"): server-rendered pages (Hono JSX,
 * no script) of the merchant's transactions, customers, request log and clock, and the simulations as buttons,
 * behind a sign-in with the private key. Routes:
 * - `GET /assets/dashboard.css`, `GET /assets/favicon.ico` (none: 204); `GET /lang/{es|en}?back=` (the language cookie);
 * - `GET /sign-in`, `POST /sign-in` (form: `key`, `csrf`, `back`), `POST /sign-out`;
 * - each page module of ./registry.ts at `/{path}`, its buttons at `POST /{path}/do/{name}` (303 back with a message).
 * Security (./security.ts): CSP with no script, no CORS, no framing, `SameSite=Strict` session cookie, origin check
 * and synchronizer token on every POST.
 */
export function dashboardRouter(d: Deps, opts: DashboardOptions): Hono<DashEnv> {
  const sessions = new Sessions({ ...SESSION_DEFAULTS, ...opts.sessions }, opts.now);
  const r = new Hono<DashEnv>()
    .use('*', securityHeaders, methods, language)
    .get('/assets/dashboard.css', (c) => c.body(DASHBOARD_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
    .get('/assets/favicon.ico', (c) => c.body(null, 204));
  mountSignIn(r, d, sessions, opts);
  r.use('*', limit, signedIn(d, sessions));
  r.post('/sign-out', (c) => {
    sessions.delete(c.var.session.id);
    dashboardCookie(c, d, COOKIES.session, '', 0);
    return c.redirect(`${BASE}/sign-in?signed-out=1`, 303);
  });
  for (const m of PAGES) mountPage(r, d, m);
  r.all('*', notFound);
  return r;
}
