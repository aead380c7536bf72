/**
 * The demo merchant backend: serves the checkout page (with the library's script-tag build, in Spanish or
 * English: `?lang=en`; `?device_data=off` for a shopper without anti-fraud consent), the React SPA example under
 * `/spa/` (built from demo/spa by `npm run build`), and receives the payment: the classic form post
 * (`POST /charge`, answered with a receipt page) or the SPA's JSON (`POST /api/charge`). It gets only `token_id`
 * and `device_session_id` from the browser, and charges the token with its PRIVATE key, server to server (spec,
 * Endpoints > Charges: `POST /v1/{merchant_id}/charges`, `method: card`, `source_id`, `X-Forwarded-For`). It runs
 * on its own origin, distinct from the sandbox API's. The receipt shows the Transaction's `fraud_flags`, a failure
 * page the Error object's `fraud_rules`.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { BRAND_NAMES } from '../../src/card/names';
import { formMessage } from '../../src/form/messages';
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
}

/** A running merchant backend. `received` lists every body posted to `/charge` and `/api/charge`, for tests. */
export interface RunningMerchant {
  url: string;
  port: number;
  received: Record<string, string>[];
  close(): Promise<void>;
}

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
 * @returns its URL, the posted bodies it received, and `close()`.
 */
export async function startMerchant(opts: MerchantOptions): Promise<RunningMerchant> {
  const amount = opts.amount ?? 349;
  const api = opts.apiBaseUrl.replace(/\/+$/, '');
  const received: Record<string, string>[] = [];
  const app = new Hono();
  // connect-src: the API origin only; the SPA example also posts the token to this backend ('self').
  // The hosted-fields page (`/`) needs no connect-src at all: only its frames, from the API origin, talk to the API.
  const csp = (page: 'hosted' | 'direct' | 'spa') => [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    page == 'hosted' ? `frame-src ${new URL(api).origin}` : `connect-src ${page == 'spa' ? "'self' " : ''}${new URL(api).origin}`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
  ].join('; ');
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp(c.req.path.startsWith('/spa') ? 'spa' : c.req.path == '/' ? 'hosted' : 'direct'));
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
  });

  const file = (path: string, type: string) => async () =>
    new Response(await readFile(`${ROOT}/${path}`), { headers: { 'Content-Type': type } });
  app.get('/style.css', file('demo/web/style.css', 'text/css; charset=utf-8'));
  app.get('/checkout.js', file('demo/web/checkout.js', 'text/javascript; charset=utf-8'));
  app.get('/hosted.js', file('demo/web/hosted.js', 'text/javascript; charset=utf-8'));
  app.get('/paytoken.iife.js', file('dist/paytoken.iife.js', 'text/javascript; charset=utf-8'));
  app.get('/paytoken-hosted.iife.js', file('dist/paytoken-hosted.iife.js', 'text/javascript; charset=utf-8'));
  app.get('/favicon.ico', (c) => c.body(null, 204));
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
  const checkout = (file: string) => async (c: Context) => {
    const lang = langOf(c.req.query('lang'));
    const deviceData = c.req.query('device_data') === 'off' ? 'off' : 'on';
    const html = await readFile(`${ROOT}/demo/web/${file}`, 'utf8');
    return c.html(render(html, lang, { ...values, lang, locale: LOCALE[lang], deviceData }));
  };
  app.get('/', checkout('hosted.html'));
  app.get('/direct', checkout('index.html'));

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

  /** Charges a token with the private key (spec, Endpoints > Charges). */
  const charge = async (body: Record<string, string>, ip: string): Promise<ChargeResult> => {
    const res = await fetch(`${api}/v1/${opts.merchantId}/charges`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${opts.privateKey}:`).toString('base64')}`,
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
      }),
    });
    const tx = (await res.json()) as Record<string, unknown>;
    return res.ok ? { ok: true, tx } : { ok: false, code: Number(tx.error_code), tx };
  };
  /** The receipt's rows: transaction fields, card as "brand masked-number". */
  const rows = (tx: Record<string, unknown>) => {
    const card = (tx.card ?? {}) as Record<string, unknown>;
    return {
      id: tx.id,
      status: tx.status,
      authorization: tx.authorization,
      amount: tx.amount,
      order_id: tx.order_id,
      card: `${card.brand ?? ''} ${card.card_number ?? ''}`,
      // the anti-fraud rules that matched (this project's extension of the Transaction), or none
      fraud_flags: Array.isArray(tx.fraud_flags) && tx.fraud_flags.length ? tx.fraud_flags.join(', ') : '-',
    };
  };
  const hasCard = (body: Record<string, unknown>) => 'card_number' in body || 'cvv2' in body;

  app.post('/charge', async (c) => {
    const lang = langOf(c.req.query('lang'));
    const t = TEXT[lang];
    const form = await c.req.parseBody();
    const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
    received.push(body);
    if (hasCard(body)) return c.html(page(lang, t.refused, `<h1 class="failed">${t.refused}</h1><p>${t.refusedText}</p>`), 400);
    const result = await charge(body, getConnInfo(c).remote.address ?? '127.0.0.1');
    const again = `<p><a class="button" href="/?lang=${lang}">${esc(result.ok ? t.newPayment : t.again)}</a></p>`;
    if (!result.ok) {
      return c.html(
        page(
          lang,
          t.failed,
          `<h1 class="failed">${esc(t.failed)}</h1><p id="result-message">${esc(formMessage(result.code, LOCALE[lang]))}</p>` +
            `<dl><dt>error_code</dt><dd id="error-code">${esc(result.code)}</dd><dt>description</dt><dd>${esc(result.tx.description)}</dd>` +
            (Array.isArray(result.tx.fraud_rules) ? `<dt>fraud_rules</dt><dd id="fraud-rules">${esc(result.tx.fraud_rules.join(', '))}</dd>` : '') +
            `<dt>request_id</dt><dd>${esc(result.tx.request_id)}</dd></dl>${again}`,
        ),
        402,
      );
    }
    const r = rows(result.tx);
    const brand = String((result.tx.card as Record<string, unknown> | undefined)?.brand ?? '');
    const icon = BRANDS.has(brand) ? `<img src="/brands/${brand}.svg" alt="" width="48" height="32">` : '';
    return c.html(
      page(
        lang,
        t.done,
        `<h1 class="ok">${icon}${esc(t.done)}</h1><p id="result-message">${esc(t.thanks)}</p>` +
          `<p class="amount">$${esc(Number(r.amount).toFixed(2))} MXN</p><dl id="transaction" aria-label="${esc(t.receipt)}">` +
          Object.entries(r)
            .map(([k, v]) => `<dt>${esc(t.fields[k as keyof typeof t.fields])}</dt><dd data-field="${esc(k)}">${esc(v)}</dd>`)
            .join('') +
          `</dl>${again}`,
      ),
    );
  });

  // The SPA's charge: JSON in ({token_id, device_session_id}), JSON out ({transaction} or {error_code}).
  app.post('/api/charge', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, string>;
    received.push(body);
    if (hasCard(body) || typeof body.token_id != 'string' || typeof body.device_session_id != 'string') {
      return c.json({ error_code: 1001 }, 400);
    }
    const result = await charge(body, getConnInfo(c).remote.address ?? '127.0.0.1');
    return result.ok ? c.json({ transaction: rows(result.tx) }) : c.json({ error_code: result.code }, 402);
  });

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: opts.port ?? 4020, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        received,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
  });
}
