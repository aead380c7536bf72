/**
 * The demo merchant backend: serves the checkout pages (`/`: hosted fields, the card inputs in iframes from the API
 * origin, with the hosted script tag; `/direct`: the on-page form layer with the library's script-tag build; both
 * in Spanish or English: `?lang=en`; `?device_data=off` for a shopper without anti-fraud consent), the React SPA example under
 * `/spa/` (built from demo/spa by `npm run build`), and receives the payment: the classic form post
 * (`POST /charge`, answered with a receipt page) or the SPA's JSON (`POST /api/charge`). It gets only `token_id`
 * and `device_session_id` from the browser, and charges the token with its PRIVATE key, server to server (spec,
 * Endpoints > Charges: `POST /v1/{merchant_id}/charges`, `method: card`, `source_id`, `X-Forwarded-For`). It runs
 * on its own origin, distinct from the sandbox API's. Both checkout pages charge through `POST /api/charge` and
 * show a decline on their form (the library's message); the receipt (`GET /receipt/:id`) says what a shopper needs
 * (no status codes, no anti-fraud flags: `charges` keeps the API's answers for tests).
 *
 * It is no card-testing oracle and no CSRF target (README "Security model"):
 * - a decline shows the shopper the library's message for the shopper code of {@link shopperCode}: stolen, lost,
 *   fraudulent, restricted and held cards (3004, 3005, 3009, 3010, 3011) read as the generic decline 3001; the
 *   Error object itself (description, `fraud_rules`) goes to the merchant log (and `charges`, for tests) only;
 * - at most `maxAttemptsPerIp` charge attempts per client IP within `attemptWindowSeconds` (429 beyond);
 * - `POST /charge` needs a same-origin request (`Sec-Fetch-Site`, else `Origin` against `Host`) and the
 *   per-session CSRF token of the page (an HMAC of the session cookie: nothing stored); `POST /api/charge` needs
 *   a same-origin JSON request (`Content-Type: application/json`, so a cross-site `text/plain` post fails);
 * - only tokens are charged: `token_id` must have the id form, then the sandbox must know it as a token (a stored
 *   card id is refused);
 * - bodies over {@link MERCHANT_MAX_BODY_BYTES} are 413; `received` keeps the last {@link RECEIVED_MAX} bodies.
 * The checkout (through `/api/charge`, or `/charge` without JavaScript) also covers (README "3-D Secure", "Reward
 * points and months without interest"), every protection above applying to each step (the points step's form
 * carries the CSRF token; each post of a step is one attempt):
 * - 3-D Secure: a charge answered 3012 is retried with `use_3d_secure: true` and `redirect_url` =
 *   `{merchant}/3ds/return?lang=..`; the shopper is sent (303) to the bank page of `payment_method.url`, and
 *   `GET /3ds/return?id={transaction_id}` reads the charge and shows the receipt or why it did not complete (the
 *   SPA, whose 3-D Secure modal keeps it on its page, reads the same as JSON: `GET /api/charge/{transaction_id}`);
 * - points: when the token's card has `points_card` true (read with `GET /tokens/{id}`), a step asks how to pay
 *   (points only, points and card, card only) before charging with `use_card_points`; the receipt shows the
 *   points used and left;
 * - months without interest: from `installmentsFrom` up, the checkout has a `payment_plan` select (3, 6, 9, 12,
 *   18) sent with the charge.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { validateTokenId } from '../../src/card/ids';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { BRAND_NAMES } from '../../src/card/names';
import { formMessage } from '../../src/form/messages';
import { requestLog, type LoggedRequest } from '../sandbox/middleware/request-log';
import { langOf, LOCALE, TEXT, type Lang } from './i18n';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What the merchant needs: where the API is, and its credentials. */
export interface MerchantOptions {
  /** The sandbox's `{base_url}`, e.g. `http://127.0.0.1:4010`. */
  apiBaseUrl: string;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Port to listen on, 127.0.0.1; 0 picks a free one. Default 4020. */
  port?: number;
  /** Order amount in MXN, fixed server side (never taken from the browser). Default 349.00. */
  amount?: number;
  /** Charge attempts allowed per client IP within the window; more are 429. Default 20. */
  maxAttemptsPerIp?: number;
  /** That window, seconds. Default 600 (10 minutes). */
  attemptWindowSeconds?: number;
  /**
   * The merchant's log: one line per failed charge with the sandbox's whole Error object (JSON), and per refused
   * request. Default: none. `demo/run.ts` passes stderr.
   */
  log?: (line: string) => void;
  /** For tests: receives every request (method, URL, headers, body) before it is handled. Default: none. */
  requestLog?: (r: LoggedRequest) => void;
  /** Months without interest are offered for orders of at least this amount (MXN). Default 1000. */
  installmentsFrom?: number;
}

/** Largest body accepted on `POST /charge` and `POST /api/charge`, bytes; larger is 413. */
export const MERCHANT_MAX_BODY_BYTES = 4096;

/** How many posted bodies `received` keeps (the newest), and log lines `logged`. */
export const RECEIVED_MAX = 100;

/** Most client IPs whose attempts are remembered at once (the oldest forgotten first). */
const MAX_TRACKED_IPS = 10_000;

/** Decline codes a shopper sees as the generic decline 3001 (the library's policy, src/form/messages.ts). */
export const GENERIC_DECLINES: ReadonlySet<number> = new Set([3004, 3005, 3009, 3010, 3011]);

/** The code a shopper is shown for an API error code: 3001 for {@link GENERIC_DECLINES}, else the code. */
export const shopperCode = (code: number): number => (GENERIC_DECLINES.has(code) ? 3001 : code);

/** The default of {@link MerchantOptions.installmentsFrom}: months without interest from MXN 1,000.00 up. */
export const INSTALLMENTS_FROM = 1000;
/** The plans offered (spec, Resources > PaymentPlan). */
const PLANS = [3, 6, 9, 12, 18];
/** A resource id as the API writes them (spec: up to 45 characters). */
const ID = /^[A-Za-z0-9]{1,45}$/;


/**
 * A running merchant backend, with what tests check but the shopper never sees: `received` lists every body
 * posted to `/charge` and `/api/charge`; `charges` the API's answer to each charge (the Transaction, with its
 * `status` and `fraud_flags`, or the Error object, with `error_code` and `fraud_rules`), newest last;
 * `cspReports` the CSP violation reports browsers sent to `/csp-report` (the pages' `report-uri`), the first 100.
 */
export interface RunningMerchant {
  url: string;
  port: number;
  received: Record<string, string>[];
  cspReports: string[];
  charges: Record<string, unknown>[];
  /** The merchant log's newest {@link RECEIVED_MAX} lines. */
  logged: string[];
  close(): Promise<void>;
}

/** Receipts kept for `GET /receipt/:id` (the checkout page goes there after paying); the oldest go first. */
const MAX_RECEIPTS = 500;

/** The outcome of charging a token: the Transaction, or the spec Error object's code and words. */
type ChargeResult = { ok: true; tx: Record<string, unknown> } | { ok: false; code: number; tx: Record<string, unknown> };

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The brand keys the library knows (an icon in demo/web/brands/ each). */
const BRANDS = new Set(Object.keys(BRAND_NAMES));

/** A page of the shop in `lang` (a receipt, a refusal). */
const page = (lang: Lang, title: string, body: string) => `<!doctype html>
<html lang="${LOCALE[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${esc(TEXT[lang].shop)}</title><link rel="stylesheet" href="/style.css"></head>
<body><header class="topbar"><span class="logo">${esc(TEXT[lang].shop)}</span></header>
<main class="receipt">${body}</main></body></html>`;

/** Renders `{{name}}` and `{{t.key}}` placeholders (escaped), and `{{current.<lang>}}` (the language link marker). */
const render = (html: string, lang: Lang, values: Record<string, string>) =>
  html
    .replace(/\{\{current\.(\w+)\}\}/g, (_, l: string) => (l == lang ? 'aria-current="true"' : ''))
    .replace(/\{\{(t\.)?(\w+)\}\}/g, (_, t: string | undefined, k: string) =>
      esc(t ? (TEXT[lang] as unknown as Record<string, string>)[k] : values[k]),
    );

/**
 * Starts the merchant backend on 127.0.0.1.
 * @returns its URL, the posted bodies it received, and `close()`; rejects with the listen error (`EADDRINUSE`
 *   when the port is taken).
 */
export async function startMerchant(opts: MerchantOptions): Promise<RunningMerchant> {
  const amount = opts.amount ?? 349;
  const api = opts.apiBaseUrl.replace(/\/+$/, '');
  const received: Record<string, string>[] = [];
  const cspReports: string[] = [];
  const charges: Record<string, unknown>[] = [];
  const receipts = new Map<string, { lang: Lang; tx: Record<string, unknown> }>();
  const logged: string[] = [];
  const keep = <T>(list: T[], item: T) => {
    list.push(item);
    if (list.length > RECEIVED_MAX) list.splice(0, list.length - RECEIVED_MAX);
  };
  const log = (line: string) => {
    keep(logged, line);
    opts.log?.(line);
  };
  const maxAttempts = opts.maxAttemptsPerIp ?? 20;
  const windowMs = (opts.attemptWindowSeconds ?? 600) * 1000;
  /** Attempt times per client IP (Map order: least recently seen IP first). */
  const attempts = new Map<string, number[]>();
  /** Counts one attempt from `ip`; @returns false when it is over the limit. */
  const attempt = (ip: string): boolean => {
    const now = Date.now();
    const times = (attempts.get(ip) ?? []).filter((t) => t > now - windowMs);
    attempts.delete(ip);
    if (attempts.size >= MAX_TRACKED_IPS) attempts.delete(attempts.keys().next().value!);
    attempts.set(ip, times);
    if (times.length >= maxAttempts) return false;
    times.push(now);
    return true;
  };
  const secret = randomBytes(32);
  /** The CSRF token of a session id: HMAC-SHA256 under a per-process key, base64url. */
  const csrfOf = (sid: string) => createHmac('sha256', secret).update(sid).digest('base64url');
  const SID = 'sid';
  /** The session id of the request's cookie, or a new one set on the response (HttpOnly, SameSite=Strict). */
  const session = (c: Context): string => {
    const sid = getCookie(c, SID);
    if (sid && /^[\w-]{22,64}$/.test(sid)) return sid;
    const fresh = randomBytes(18).toString('base64url');
    setCookie(c, SID, fresh, { httpOnly: true, sameSite: 'Strict', path: '/' });
    return fresh;
  };
  /**
   * Whether a POST came from this site: `Sec-Fetch-Site: same-origin` when the browser sends that header (every
   * current engine does; the page's `Referrer-Policy: no-referrer` makes form posts carry `Origin: null`, so the
   * fetch metadata decides); otherwise an `Origin` header, when present, must be this host's.
   */
  const sameOrigin = (c: Context): boolean => {
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) return site === 'same-origin';
    const origin = c.req.header('origin');
    return origin === undefined || origin === `http://${c.req.header('host')}`;
  };
  const validCsrf = (c: Context, token: string | undefined): boolean => {
    const sid = getCookie(c, SID);
    if (!sid || !token) return false;
    const a = Buffer.from(csrfOf(sid));
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const limit = bodyLimit({ maxSize: MERCHANT_MAX_BODY_BYTES, onError: (c) => c.text('Payload Too Large', 413) });
  /** The client IP of a request (the socket's peer). */
  const ipOf = (c: Context) => getConnInfo(c).remote.address ?? '127.0.0.1';
  const app = new Hono();
  // connect-src: this backend ('self': every page posts the token to /api/charge) and, on the page whose
  // library calls the API itself (`/direct`), the API origin (tokens, device data). The hosted-fields page
  // (`/`) reaches the API only through its frames: frame-src the API origin, no connect-src to it.
  // The SPA (hosted fields, the 3-D Secure modal) reaches only its own backend too, and frames the API origin
  // (fields, bank page) and itself (the modal's return page).
  const csp = (page: 'hosted' | 'direct' | 'spa', returnPage = false) => [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    page == 'direct' ? `connect-src 'self' ${new URL(api).origin}` : "connect-src 'self'",
    // the library's device data compares the page with a Worker it starts from a blob: URL (src/fraud/consistency.ts)
    ...(page == 'direct' ? ['worker-src blob:'] : []),
    "img-src 'self'",
    // the API origin: a 3-D Secure charge answers the form post with a redirect to the bank page there
    `form-action 'self' ${new URL(api).origin}`,
    "base-uri 'none'",
    // the API origin: the hosted-field frames, and 3-D Secure in modal mode (the bank page, on the API origin
    // here, in a frame that comes back to this origin's /3ds/return; that page alone may be framed, by this
    // origin only)
    page == 'hosted' ? `frame-src ${new URL(api).origin}` : `frame-src 'self' ${new URL(api).origin}`,
    `frame-ancestors ${returnPage ? "'self'" : "'none'"}`,
    "require-trusted-types-for 'script'",
    // violations are reported to this backend (the page's own origin), so they are seen from the first byte
    'report-uri /csp-report',
  ].join('; ');
  app.use('*', requestLog(opts.requestLog));
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp(c.req.path == '/' ? 'hosted' : c.req.path.startsWith('/spa/') ? 'spa' : 'direct', c.req.path === '/3ds/return'));
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
  });

  const file = (path: string, type: string) => async () =>
    new Response(await readFile(`${ROOT}/${path}`), { headers: { 'Content-Type': type } });
  app.get('/style.css', file('demo/web/style.css', 'text/css; charset=utf-8'));
  app.get('/checkout.js', file('demo/web/checkout.js', 'text/javascript; charset=utf-8'));
  app.get('/hosted.js', file('demo/web/hosted.js', 'text/javascript; charset=utf-8'));
  app.get('/shop.js', file('demo/web/shop.js', 'text/javascript; charset=utf-8'));
  app.get('/paytoken.iife.js', file('dist/paytoken.iife.js', 'text/javascript; charset=utf-8'));
  app.get('/paytoken-checkout.iife.js', file('dist/paytoken-checkout.iife.js', 'text/javascript; charset=utf-8'));
  app.get('/paytoken-hosted.iife.js', file('dist/paytoken-hosted.iife.js', 'text/javascript; charset=utf-8'));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  // CSP violation reports (report-uri): kept for tests, the first 100 of at most 8 KiB each; always 204.
  app.post('/csp-report', async (c) => {
    const length = Number(c.req.header('content-length'));
    if (cspReports.length < 100 && length > 0 && length <= 8192) {
      cspReports.push((await c.req.text()).slice(0, 8192));
    }
    return c.body(null, 204);
  });
  app.get('/brands/:name', async (c) => {
    const name = c.req.param('name').replace(/\.svg$/, '');
    if (!BRANDS.has(name) && name != 'card') return c.notFound();
    return new Response(await readFile(`${ROOT}/demo/web/brands/${name}.svg`), { headers: { 'Content-Type': 'image/svg+xml' } });
  });
  const values = { merchantId: opts.merchantId, publicKey: opts.publicKey, baseUrl: api, amount: amount.toFixed(2) };
  // `/?device_data=off` renders the page for a shopper who refused consent: the library then collects and sends
  // no device data (only the device_session_id goes with the payment).
  // `/`: the checkout with hosted fields (card inputs in iframes from the API origin); `/direct`: the same checkout
  // with the on-page form layer (card inputs on this page).
  // Both are demo/web/layout.html (head, header, order summary, the "pay with points" step, footer) around the
  // page's own form (`form`), with its library script tag and page script (an ES module importing shop.js).
  const checkout = (page: { form: string; library: string; script: string; path: string; other: '/' | '/direct' }) => async (c: Context) => {
    const lang = langOf(c.req.query('lang'));
    const deviceData = c.req.query('device_data') === 'off' ? 'off' : 'on';
    const [layout, form] = await Promise.all([readFile(`${ROOT}/demo/web/layout.html`, 'utf8'), readFile(`${ROOT}/demo/web/${page.form}`, 'utf8')]);
    const otherName = page.other == '/' ? TEXT[lang].hosted : TEXT[lang].direct;
    return c.html(
      render(layout.replace('<!--checkout-->', () => form), lang, {
        ...values, lang, locale: LOCALE[lang], deviceData, networkError: formMessage(1004, LOCALE[lang]), csrf: csrfOf(session(c)),
        library: page.library, script: page.script, path: page.path, otherPath: page.other, otherName,
      }).replace('<!--installments-->', installments(lang)),
    );
  };
  app.get('/', checkout({ form: 'hosted.html', library: 'paytoken-hosted.iife.js', script: 'hosted.js', path: '/', other: '/direct' }));
  app.get('/direct', checkout({ form: 'index.html', library: 'paytoken-checkout.iife.js', script: 'checkout.js', path: '/direct', other: '/' }));

  // The SPA example (demo/spa, React), built into demo/spa/dist by `npm run build`.
  const spa = `${ROOT}/demo/spa/dist`;
  app.get('/spa', (c) => c.redirect('/spa/'));
  app.get('/spa/', async (c) => {
    try {
      return c.html(render(await readFile(`${spa}/index.html`, 'utf8'), 'es', { ...values, amount: amount.toFixed(2) }));
    } catch {
      return c.text('The SPA is not built: run `npm run build`.', 404);
    }
  });
  app.get('/spa/assets/:file', async (c) => {
    const name = c.req.param('file');
    const type = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' }[name.split('.').pop()!];
    if (!/^[\w.-]+$/.test(name) || !type) return c.notFound();
    try {
      return new Response(await readFile(`${spa}/assets/${name}`), { headers: { 'Content-Type': type } });
    } catch {
      return c.notFound();
    }
  });

  const authorization = `Basic ${Buffer.from(`${opts.privateKey}:`).toString('base64')}`;
  /** GET of an API resource with the private key: the parsed body, and whether it was a 2xx (false when unreachable). */
  const read = async (path: string): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> => {
    try {
      const res = await fetch(`${api}/v1/${opts.merchantId}${path}`, { headers: { Authorization: authorization } });
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      return { ok: res.ok, status: res.status, body };
    } catch {
      return { ok: false, status: 0, body: {} }; // the API unreachable: treated as not found
    }
  };
  /**
   * Months without interest (the checkout's select, from `installmentsFrom` up): none under the threshold,
   * else "pay at once" plus one option per plan with its monthly amount.
   */
  const installmentsFrom = opts.installmentsFrom ?? INSTALLMENTS_FROM;
  const installments = (lang: Lang) => {
    if (amount < installmentsFrom) return '';
    const t = TEXT[lang];
    const options = PLANS.map((n) => `<option value="${n}">${esc(t.plan(n, (amount / n).toFixed(2)))}</option>`).join('');
    return `<div class="field"><label for="payment-plan">${esc(t.installments)}</label><select id="payment-plan" name="payment_plan">` +
      `<option value="">${esc(t.atOnce)}</option>${options}</select></div>`;
  };

  /**
   * Charges a token with the private key (spec, Endpoints > Charges), with `extra` members (`payment_plan`,
   * `use_card_points`, `use_3d_secure`, `redirect_url`). Only {@link pay} calls it, once the token is checked.
   */
  const charge = async (body: Record<string, string>, ip: string, extra: Record<string, unknown> = {}): Promise<ChargeResult> => {

    const res = await fetch(`${api}/v1/${opts.merchantId}/charges`, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip,
      },
      body: JSON.stringify({
        method: 'card',
        source_id: body.token_id,
        amount,
        currency: 'MXN',
        description: 'Café de Chiapas, 1 kg',
        order_id: `ord${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
        device_session_id: body.device_session_id,
        customer: { name: 'Demo Shopper', email: 'shopper@example.com' },
        ...extra,
      }),
    });
    const tx = (await res.json()) as Record<string, unknown>;
    charges.push(tx);
    if (charges.length > MAX_RECEIPTS) charges.shift();
    if (!res.ok) log(`merchant charge failed: ${JSON.stringify(tx)}`);
    return res.ok ? { ok: true, tx } : { ok: false, code: Number(tx.error_code), tx };
  };
  /**
   * The receipt's rows, in the shopper's terms: transaction id, authorization, order, and the card as its brand
   * and last four digits (`Visa •••• 1111`). Status, amount (shown once, formatted, above) and the anti-fraud
   * flags are not for the shopper: tests read them from `charges`.
   */
  const rows = (tx: Record<string, unknown>) => {
    const card = (tx.card ?? {}) as Record<string, unknown>;
    const brand = String(card.brand ?? '');
    const points = tx.card_points as { used: number; remaining: number; amount: number } | undefined;
    const plan = tx.payment_plan as { payments: number } | undefined;
    return {
      id: tx.id,
      authorization: tx.authorization,
      order_id: tx.order_id,
      card: `${(BRAND_NAMES as Record<string, string>)[brand] ?? brand} •••• ${String(card.card_number ?? '').slice(-4)}`,
      ...(points ? { points_used: `${points.used} ($${Number(points.amount).toFixed(2)})`, points_remaining: points.remaining } : {}),
      ...(plan ? { payment_plan: plan.payments } : {}),
    };
  };
  /** The receipt page of a completed Transaction. */
  const receiptPage = (lang: Lang, tx: Record<string, unknown>) => {
    const t = TEXT[lang];
    const brand = String((tx.card as Record<string, unknown> | undefined)?.brand ?? '');
    const icon = BRANDS.has(brand) ? `<img src="/brands/${brand}.svg" alt="" width="48" height="32">` : '';
    return page(
      lang,
      t.done,
      `<h1 class="ok">${icon}${esc(t.done)}</h1><p id="result-message">${esc(t.thanks)}</p>` +
        `<p class="amount">$${esc(Number(tx.amount).toFixed(2))} MXN</p><dl id="transaction" aria-label="${esc(t.receipt)}">` +
        Object.entries(rows(tx))
          .map(([k, v]) => `<dt>${esc(t.fields[k as keyof typeof t.fields])}</dt><dd data-field="${esc(k)}">${esc(v)}</dd>`)
          .join('') +
        `</dl><p><a class="button" href="/?lang=${lang}">${esc(t.newPayment)}</a></p>`,
    );
  };
  /** Keeps a completed Transaction's receipt; returns its URL. */
  const keepReceipt = (lang: Lang, tx: Record<string, unknown>) => {
    const id = crypto.randomUUID();
    receipts.set(id, { lang, tx });
    if (receipts.size > MAX_RECEIPTS) receipts.delete(receipts.keys().next().value!);
    return `/receipt/${id}`;
  };
  app.get('/receipt/:id', (c) => {
    const r = receipts.get(c.req.param('id'));
    return r ? c.html(receiptPage(r.lang, r.tx)) : c.notFound();
  });
  const hasCard = (body: Record<string, unknown>) => 'card_number' in body || 'cvv2' in body;

  /** The link under a failure page: try again. */
  const again = (lang: Lang) => `<p><a class="button" href="/?lang=${lang}">${esc(TEXT[lang].again)}</a></p>`;

  /** The "pay with points" step without JavaScript: how to pay, with the card's balance; posts back to /charge
   * with the page's CSRF token `csrf`. */
  const pointsStep = (lang: Lang, body: Record<string, string>, balance: string, csrf: string) => {
    const t = TEXT[lang];
    const hidden = ['token_id', 'device_session_id', 'payment_plan']
      .filter((k) => body[k])
      .map((k) => `<input type="hidden" name="${k}" value="${esc(body[k])}">`)
      .join('') + `<input type="hidden" name="csrf" value="${esc(csrf)}">`;
    const choice = (value: string, label: string, checked = false) =>
      `<label class="choice"><input type="radio" name="use_card_points" value="${value}"${checked ? ' checked' : ''}> ${esc(label)}</label>`;
    return page(
      lang,
      t.pointsTitle,
      `<h1>${esc(t.pointsTitle)}</h1>` +
        (balance ? `<p id="points-balance">${esc(balance)}</p>` : '') +
        `<form method="post" action="/charge?lang=${lang}">${hidden}<fieldset><legend>${esc(t.pointsHow)}</legend>` +
        choice('ONLY_POINTS', t.onlyPoints) + choice('MIXED', t.mixed, true) + choice('NONE', t.cardOnly) +
        `</fieldset><button type="submit">${esc(t.pay)} $${esc(amount.toFixed(2))} MXN</button></form>`,
    );
  };

  /** What paying a token comes to, for both the JSON and the classic route. */
  type Outcome =
    | { kind: 'bad' } // a malformed request (1001)
    | { kind: 'points'; balance: string } // a points card, no choice yet: ask how to pay (the balance in words)
    | { kind: 'redirect'; url: string } // 3-D Secure: the shopper goes to the bank page
    | ({ kind: 'charged' } & ChargeResult);
  /**
   * Pays `body` ({token_id, device_session_id, payment_plan?, use_card_points?}): the months-without-interest
   * plan checked against the order, the "pay with points" step for a `points_card` token (read server side), and
   * a 3012 retried with `use_3d_secure: true` and `redirect_url` = this backend's `/3ds/return?lang=..`.
   */
  const pay = async (body: Record<string, string>, lang: Lang, ip: string): Promise<Outcome> => {
    if (typeof body.device_session_id != 'string') return { kind: 'bad' };
    // Tokens only: the id form, then the API must know it as a token (a stored card id is refused, no charge).
    const refuse = (why: string): Outcome => {
      log(`merchant refused token_id: ${why}`);
      return { kind: 'charged', ok: false, code: 1005, tx: {} };
    };
    if (!validateTokenId(body.token_id).valid) return refuse('not an id');
    const token = await read(`/tokens/${body.token_id}`);
    if (token.status !== 200) return refuse(`the API answered ${token.status} for GET /tokens/{id}`);
    const extra: Record<string, unknown> = {};
    if (body.payment_plan) {
      if (amount < installmentsFrom || !PLANS.includes(Number(body.payment_plan))) return { kind: 'bad' };
      extra.payment_plan = { payments: Number(body.payment_plan) };
    }
    if (body.use_card_points === undefined) {
      // "pay with points": only for a card with points, which the Token says (points_card)
      if ( (token.body.card as Record<string, unknown> | undefined)?.points_card === true) {
        const balance = await read(`/tokens/${body.token_id}/points`);
        const b = balance.ok && Array.isArray(balance.body) ? (balance.body[0] as Record<string, unknown> | undefined) : undefined;
        return { kind: 'points', balance: b?.remaining_points != null ? TEXT[lang].pointsBalance(String(b.remaining_points), String(b.remaining_mxn ?? '')) : '' };
      }
    } else if (['ONLY_POINTS', 'MIXED', 'NONE'].includes(body.use_card_points)) extra.use_card_points = body.use_card_points;
    else return { kind: 'bad' };

    let result = await charge(body, ip, extra);
    if (!result.ok && result.code === 3012) {
      // the bank wants the shopper authenticated: the same charge again with 3-D Secure
      result = await charge(body, ip, { ...extra, use_3d_secure: true, redirect_url: `${self}/3ds/return?lang=${lang}` });
    }
    const method = result.tx.payment_method as { type?: string; url?: string } | undefined;
    if (result.ok && result.tx.status === 'charge_pending' && method?.type === 'redirect' && /^https?:\/\//.test(method.url ?? '')) {
      const bank = new URL(method.url!);
      if (lang === 'en') bank.searchParams.set('lang', 'en');
      return { kind: 'redirect', url: bank.href };
    }
    return { kind: 'charged', ...result };
  };

  // Without JavaScript only (the checkout page charges through /api/charge and shows a decline on its form): the
  // classic form post, answered with a page (the points step, the bank page, the receipt or the library's message).
  app.post('/charge', limit, async (c) => {

    const lang = langOf(c.req.query('lang'));
    const t = TEXT[lang];
    const refused = (text: string, status: 400 | 403 | 429) =>
      c.html(page(lang, t.refused, `<h1 class="failed">${esc(t.refused)}</h1><p id="result-message">${esc(text)}</p>`), status);
    if (!sameOrigin(c)) {
      log(`merchant refused POST /charge: cross-site (Origin ${c.req.header('origin')}, Sec-Fetch-Site ${c.req.header('sec-fetch-site')})`);
      return refused(t.forbidden, 403);
    }
    const form = await c.req.parseBody();
    const { csrf, ...body } = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
    keep(received, body);
    if (!validCsrf(c, csrf)) {
      log('merchant refused POST /charge: missing or wrong CSRF token');
      return refused(t.forbidden, 403);
    }
    if (hasCard(body)) return refused(t.refusedText, 400);
    if (!attempt(ipOf(c))) return refused(t.tooMany, 429);
    // the library's message for the shopper code (generic decline for stolen, lost, fraudulent, restricted and
    // held cards), in the page's language, and the way back
    const failed = (code: number) =>
      page(lang, t.failed, `<h1 class="failed">${esc(t.failed)}</h1><p id="result-message">${esc(formMessage(shopperCode(code), LOCALE[lang]))}</p>${again(lang)}`);
    const r = await pay(body, lang, ipOf(c));
    if (r.kind === 'bad') return c.html(failed(1001), 400);
    if (r.kind === 'points') return c.html(pointsStep(lang, body, r.balance, csrf!));
    if (r.kind === 'redirect') return c.redirect(r.url, 303);
    return r.ok ? c.html(receiptPage(lang, r.tx)) : c.html(failed(r.code), 402);
  });

  // Where the bank page sends the shopper back (`redirect_url?id={transaction_id}`): the charge is read (never
  // trusted from the query) and its status decides the page.
  app.get('/3ds/return', async (c) => {
    const lang = langOf(c.req.query('lang'));
    const t = TEXT[lang];
    const id = c.req.query('id') ?? '';
    const tx = ID.test(id) ? await read(`/charges/${id}`) : { ok: false, status: 0, body: {} as Record<string, unknown> };
    const status = String(tx.body.status ?? '');
    if (tx.ok && (status === 'completed' || status === 'in_progress')) return c.html(receiptPage(lang, tx.body));
    const [title, message] =
      !tx.ok ? [t.failed, formMessage(1005, LOCALE[lang])] :
      status === 'failed' ? [t.failed, t.authFailed] :
      [t.notCompleted, t.notCompletedText];
    return c.html(
      page(
        lang,
        title,
        `<h1 class="failed">${esc(title)}</h1><p id="result-message">${esc(message)}</p>` +
          (tx.ok ? `<dl><dt>${esc(t.fields.id)}</dt><dd>${esc(tx.body.id)}</dd><dt>${esc(t.fields.status)}</dt><dd id="tx-status">${esc(status)}</dd>` +
            (tx.body.error_message ? `<dt>error_message</dt><dd id="error-message">${esc(tx.body.error_message)}</dd>` : '') + '</dl>' : '') +
          again(lang),

      ),
      tx.ok ? 200 : 404,
    );
  });

  // A charge after the bank, for the SPA (whose 3-D Secure modal resolves with the transaction id): the charge is
  // read server side (never trusted from the browser) and answered in the shopper's terms, as `/3ds/return` shows
  // it: {status, transaction} once completed (or in progress), else {status, message} (`failed`: the
  // bank did not confirm the shopper; `charge_pending`: the authentication was not finished), or 404
  // {error_code: 1005, message} for an unknown or malformed id.
  app.get('/api/charge/:id', async (c) => {
    const lang = langOf(c.req.query('lang'));
    const t = TEXT[lang];
    const id = c.req.param('id');
    const tx = ID.test(id) ? await read(`/charges/${id}`) : undefined;
    if (!tx?.ok) return c.json({ error_code: 1005, message: formMessage(1005, LOCALE[lang]) }, 404);
    const status = String(tx.body.status ?? '');
    if (status === 'completed' || status === 'in_progress') return c.json({ status, transaction: rows(tx.body) });
    return c.json({ status, message: status === 'failed' ? t.authFailed : t.notCompletedText });
  });

  // The pages' charge (checkout page and SPA): JSON in ({token_id, device_session_id, payment_plan?,
  // use_card_points?}), JSON out: {transaction, receipt} (the receipt page's URL); {points: {balance}} (a points
  // card: ask how to pay, then post again with use_card_points); {redirect} (3-D Secure: the bank page's URL, for
  // PayToken.authenticate); or {error_code, message} (the library's words for it, in `?lang`).
  // Same-origin JSON only: a cross-site page can send neither this content type nor this Origin; the error code
  // is the shopper code (generic decline for stolen, lost, fraudulent, restricted and held cards).
  app.post('/api/charge', limit, async (c) => {
    const lang = langOf(c.req.query('lang'));
    if (!sameOrigin(c) || !/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
      log(`merchant refused POST /api/charge: cross-site or not JSON (Origin ${c.req.header('origin')}, Content-Type ${c.req.header('content-type')})`);
      return c.json({ error_code: 1010 }, 403);
    }
    const raw = (await c.req.json().catch(() => ({}))) as unknown;
    const json = (raw && typeof raw == 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    // strings only (a number payment_plan is read as its digits); anything else is a bad request
    const body = Object.fromEntries(
      Object.entries(json).filter(([, v]) => typeof v == 'string' || typeof v == 'number').map(([k, v]) => [k, String(v)]),
    );
    keep(received, body);
    const bad = () => c.json({ error_code: 1001, message: formMessage(1001, LOCALE[lang]) }, 400);
    if (hasCard(json) || typeof json.token_id != 'string' || typeof json.device_session_id != 'string') return bad();
    if (!attempt(ipOf(c))) return c.json({ error_code: 429, message: TEXT[lang].tooMany }, 429);
    const r = await pay(body, lang, ipOf(c));
    if (r.kind === 'bad') return bad();
    if (r.kind === 'points') return c.json({ points: { balance: r.balance } });
    if (r.kind === 'redirect') return c.json({ redirect: r.url });
    const code = r.ok ? 0 : shopperCode(r.code);
    return r.ok
      ? c.json({ transaction: rows(r.tx), receipt: keepReceipt(lang, r.tx) })
      : c.json({ error_code: code, message: formMessage(code, LOCALE[lang]) }, 402);

  });

  /** This backend's own URL (for `redirect_url`), known once it listens. */
  let self = '';
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.port ?? 4020, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      self = `http://127.0.0.1:${info.port}`;
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        received,
        cspReports,
        charges,
        logged,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once('error', reject); // e.g. EADDRINUSE: the caller says which port and flag
  });
}
