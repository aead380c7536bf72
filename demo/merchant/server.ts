/**
 * The demo merchant backend: serves the checkout pages (`/`: hosted fields, the card inputs in iframes from the API
 * origin, with the hosted script tag; `/direct`: the on-page form layer with the library's script-tag build; both
 * in Spanish or English: `?lang=en`; `?device_data=off` for a shopper without anti-fraud consent), the React SPA
 * example under `/spa/`, and receives the payment: the classic form post (`POST /charge`, answered with a page) or
 * the pages' JSON (`POST /api/charge`). It gets only `token_id`, `device_session_id` and the browser's
 * `http_context` from the browser, and charges the token with its PRIVATE key, server to server (spec, Endpoints >
 * Charges: `POST /v1/{merchant_id}/charges`, `method: card`, `source_id`, `order_id`, `X-Forwarded-For` the
 * shopper's address). It runs on its own origin, distinct from the sandbox API's. Layout:
 * - middleware/: the session cookie and CSRF token (session.ts, csrf.ts), attempt limits per session and per
 *   client address (rate-limit.ts), the pages' CSP and other headers (security-headers.ts);
 * - routes/: static files (assets.ts), the checkout pages (checkout.ts), the payment (charge.ts), the result pages
 *   bound to the session (results.ts); views/: the receipt, the steps, the result pages;
 * - pay.ts: paying a token (tokens only, points and plans, 3-D Secure, one charge per order: shoppers.ts).
 *
 * It is no card-testing oracle, no CSRF target and no lockout (docs/sandbox.md, "The demo merchant"):
 * - a decline shows the shopper the library's message for the shopper code (stolen, lost, fraudulent, restricted
 *   and held cards read as the generic decline 3001); the Error object goes to the merchant log only;
 * - at most `maxAttempts` charge attempts per shopper session and `maxAttemptsPerAddress` per client address
 *   within `attemptWindowSeconds` (429 beyond); the client address is the socket peer, or `X-Forwarded-For` from
 *   the `trustProxy` address only;
 * - `POST /charge` needs a same-origin request and the session's CSRF token; `POST /api/charge` same-origin JSON;
 * - only tokens are charged; bodies over {@link MERCHANT_MAX_BODY_BYTES} are 413; result pages answer only for
 *   the session's own charges and receipts (404 otherwise, as for an unknown id).
 */
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestLog } from 'paytoken-sandbox';
import { apiClient } from './api';
import { clientAddressOf } from './client-address';
import type { MerchantDeps, MerchantEnv } from './env';
import { csrfTokens, session } from './middleware/session';
import { AttemptLimits } from './middleware/rate-limit';
import { securityHeaders } from './middleware/security-headers';
import { keepNewest, settingsOf, type MerchantOptions } from './options';
import { assetsRouter } from './routes/assets';
import { chargeRouter } from './routes/charge';
import { checkoutRouter } from './routes/checkout';
import { resultsRouter } from './routes/results';
import { shopperStore } from './shoppers';
import { orderBook } from './orders';
import { ensurePlans } from './plans';
import { ordersRouter } from './routes/orders';
import { subscribeRouter } from './routes/subscribe';
import { receiveEvents, WEBHOOK_PATH, type NodeHandler } from './webhooks';
import { langOf } from './i18n';
import { notFoundPage } from './views/results';

export { MERCHANT_MAX_BODY_BYTES, RECEIVED_MAX, INSTALLMENTS_FROM, DEFAULT_MAX_ATTEMPTS, type MerchantOptions } from './options';
export { GENERIC_DECLINES, shopperCode } from './views/results';

/**
 * A running merchant backend, with what tests check but the shopper never sees: `received` lists every body
 * posted to `/charge` and `/api/charge`; `charges` the API's answer to each charge (the Transaction, with its
 * `status` and `fraud_flags`, or the Error object, with `error_code` and `fraud_rules`), newest last;
 * `cspReports` the CSP violation reports browsers sent to `/csp-report`, the first 100.
 */
export interface RunningMerchant {
  url: string;
  port: number;
  received: Record<string, string>[];
  cspReports: string[];
  charges: Record<string, unknown>[];
  /** The merchant log's newest lines (`RECEIVED_MAX`). */
  logged: string[];
  close(): Promise<void>;
}

/** The app and what its routes share; `listening(url)` tells it its own URL. */
function merchantApp(opts: MerchantOptions) {
  const logged: string[] = [];
  const charges: Record<string, unknown>[] = [];
  const settings = settingsOf(opts, logged);
  let selfUrl = '';
  const deps: MerchantDeps = {
    settings,
    api: apiClient(settings, (tx, ok) => {
      keepNewest(charges, tx);
      if (!ok) settings.log(`merchant charge failed: ${JSON.stringify(tx)}`);
    }),
    shoppers: shopperStore(),
    orders: orderBook(),
    plans: [],
    limits: new AttemptLimits(settings.maxAttempts, settings.maxAttemptsPerAddress, settings.attemptWindowSeconds),
    csrfOf: csrfTokens(),
    received: [],
    cspReports: [],
    selfUrl: () => selfUrl,
  };
  const app = new Hono<MerchantEnv>()
    .use('*', requestLog(opts.requestLog))
    .use('*', securityHeaders(settings.apiBaseUrl))
    .use('*', session())
    .use('*', clientAddressOf(settings.trustProxy));
  app.route('/', assetsRouter(deps));
  app.route('/', checkoutRouter(deps));
  app.route('/', chargeRouter(deps));
  app.route('/', resultsRouter(deps));
  app.route('/', ordersRouter(deps));
  app.route('/', subscribeRouter(deps));
  app.notFound((c) => c.html(notFoundPage(langOf(c.req.query('lang'))), 404));
  return { app, deps, logged, charges, listening: (url: string) => void (selfUrl = url) };
}

/**
 * Starts the merchant backend on 127.0.0.1, then readies what it sells with: its subscription plans (made when
 * absent: ./plans.ts) and its webhook (registered on the sandbox, its deliveries received at `/webhooks` by the
 * receiver of docs/webhooks.md: ./webhooks.ts; answered 503 until then, so the sandbox tries again).
 * @returns its URL, what tests read (see {@link RunningMerchant}) and `close()`; rejects with the listen error
 *   (`EADDRINUSE` when the port is taken), or the API's Error object when the plans or the webhook are refused.
 */
export async function startMerchant(opts: MerchantOptions): Promise<RunningMerchant> {
  const { app, deps, logged, charges, listening } = merchantApp(opts);
  const pages = getRequestListener(app.fetch);
  let receive: NodeHandler | undefined;
  const server = createServer((req, res) => {
    if (req.url !== WEBHOOK_PATH) return void pages(req, res);
    if (receive) return void receive(req, res);
    res.writeHead(503, { 'Content-Type': 'text/plain' }).end('starting');
  });
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  const url = await new Promise<string>((resolve, reject) => {
    server.once('error', reject); // e.g. EADDRINUSE: the caller says which port and flag
    server.listen(deps.settings.port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
  listening(url);
  const { settings } = deps;
  const connection = { url: settings.apiBaseUrl, merchantId: settings.merchantId, privateKey: settings.privateKey };
  try {
    deps.plans.push(...(await ensurePlans(deps.api)));
    receive = await receiveEvents({ api: deps.api, connection, selfUrl: url, orders: deps.orders, log: settings.log });
  } catch (e) {
    await close();
    throw e;
  }
  return { url, port: Number(new URL(url).port), received: deps.received, cspReports: deps.cspReports, charges, logged, close };
}
