/**
 * The demo merchant backend: serves the checkout page (with the library's script-tag build; `/?device_data=off`
 * for a shopper without anti-fraud consent) and receives the form post. The receipt shows the Transaction's
 * `fraud_flags`, a failure page the Error object's `fraud_rules`. It gets only `token_id` and `device_session_id` from the browser, and charges the token with its
 * PRIVATE key, server to server (spec, Endpoints > Charges: `POST /v1/{merchant_id}/charges`, `method: card`,
 * `source_id`, `X-Forwarded-For`). It runs on its own origin, distinct from the sandbox API's.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { errorWords } from './messages';

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

/** A running merchant backend. `received` lists every form body posted to `/charge`, for tests. */
export interface RunningMerchant {
  url: string;
  port: number;
  received: Record<string, string>[];
  close(): Promise<void>;
}

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · paytoken demo</title><link rel="stylesheet" href="/style.css"></head>
<body><main class="receipt">${body}<p><a class="button" href="/">New payment</a></p></main></body></html>`;

/**
 * Starts the merchant backend on 127.0.0.1.
 * @returns its URL, the posted bodies it received, and `close()`.
 */
export async function startMerchant(opts: MerchantOptions): Promise<RunningMerchant> {
  const amount = opts.amount ?? 349;
  const api = opts.apiBaseUrl.replace(/\/+$/, '');
  const received: Record<string, string>[] = [];
  const app = new Hono();
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src ${new URL(api).origin}`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
  ].join('; ');
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
  });

  const file = (path: string, type: string) => async () =>
    new Response(await readFile(`${ROOT}/${path}`), { headers: { 'Content-Type': type } });
  app.get('/style.css', file('demo/web/style.css', 'text/css; charset=utf-8'));
  app.get('/checkout.js', file('demo/web/checkout.js', 'text/javascript; charset=utf-8'));
  app.get('/paytoken.iife.js', file('dist/paytoken.iife.js', 'text/javascript; charset=utf-8'));
  // `/?device_data=off` renders the page for a shopper who refused consent: the library then collects and sends
  // no device data (only the device_session_id goes with the payment).
  app.get('/', async (c) => {
    const deviceData = c.req.query('device_data') === 'off' ? 'off' : 'on';
    const html = (await readFile(`${ROOT}/demo/web/index.html`, 'utf8')).replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
      esc({ merchantId: opts.merchantId, publicKey: opts.publicKey, baseUrl: api, amount: amount.toFixed(2), deviceData }[k]),
    );
    return c.html(html);
  });

  app.post('/charge', async (c) => {
    const form = await c.req.parseBody();
    const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
    received.push(body);
    if ('card_number' in body || 'cvv2' in body) {
      return c.html(page('Refused', '<h1 class="failed">Refused</h1><p>Card data must never be posted to the merchant.</p>'), 400);
    }
    const ip = getConnInfo(c).remote.address ?? '127.0.0.1';
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
        description: 'Coffee beans, 1 kg',
        order_id: `ord${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
        device_session_id: body.device_session_id,
        customer: { name: 'Demo Shopper', email: 'shopper@example.com' },
      }),
    });
    const tx = (await res.json()) as Record<string, unknown>;
    if (!res.ok) {
      const code = Number(tx.error_code);
      return c.html(
        page(
          'Payment failed',
          `<h1 class="failed">Payment failed</h1><p id="result-message">${esc(errorWords(code))}</p>` +
            `<dl><dt>error_code</dt><dd id="error-code">${esc(code)}</dd><dt>description</dt><dd>${esc(tx.description)}</dd>` +
            (Array.isArray(tx.fraud_rules) ? `<dt>fraud_rules</dt><dd id="fraud-rules">${esc(tx.fraud_rules.join(', '))}</dd>` : '') +
            `<dt>request_id</dt><dd>${esc(tx.request_id)}</dd></dl>`,
        ),
        402,
      );
    }
    const card = (tx.card ?? {}) as Record<string, unknown>;
    const flags = Array.isArray(tx.fraud_flags) ? tx.fraud_flags.join(', ') : '';
    const rows = { id: tx.id, status: tx.status, authorization: tx.authorization, amount: tx.amount, currency: tx.currency, order_id: tx.order_id, card: `${card.brand ?? ''} ${card.card_number ?? ''}`, fraud_flags: flags || 'none' };
    return c.html(
      page(
        'Payment complete',
        `<h1 class="ok">Payment complete</h1><p id="result-message">Thank you! Your payment was charged.</p><dl id="transaction">` +
          Object.entries(rows).map(([k, v]) => `<dt>${esc(k)}</dt><dd data-field="${esc(k)}">${esc(v)}</dd>`).join('') +
          '</dl>',
      ),
    );
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
