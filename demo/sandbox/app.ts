import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createSchemas } from './schemas/index';
import { SANDBOX_DEFAULT_BASE_URL, SANDBOX_DEFAULTS } from './defaults';
import type { Deps, SandboxEnv } from './env';
import type { FraudOptions } from './fraud';
import { RequestCounter } from './counter';
import { apiError, toErrorObject } from './errors';
import { FaultMode, faults } from './faults';
import { accessLog } from './middleware/access-log';
import { auth, type Credentials } from './middleware/auth';
import { apiCors } from './middleware/cors';
import { jsonBody } from './middleware/body';
import { requestId } from './middleware/request-id';
import { requestLog, type LoggedRequest } from './middleware/request-log';
import { bankRouter } from './routes/bank';
import { cardsRouter } from './routes/cards';
import { chargesRouter } from './routes/charges';
import { customersRouter } from './routes/customers';
import { deviceDataRouter } from './routes/device-data';
import { fieldsRouter } from './routes/fields';
import { scriptsRouter } from './routes/scripts';
import { tokensRouter } from './routes/tokens';
import type { SandboxMode } from './mode';
import { Store, type StoreLimits } from './store';

/** Options of {@link createSandboxApp}. */
export interface SandboxOptions extends Credentials {
  /** The clock: expiry checks and creation dates. Default: the real clock. */
  now?: () => Date;
  /** Largest request body in bytes; larger is error 1009 (413). Default 65536 (64 KiB). */
  maxBodyBytes?: number;
  /**
   * Receives one access-log line per request (`METHOD path status ms`) and one line per anti-fraud decision that
   * matched a rule (`fraud ...`, see demo/sandbox/fraud.ts). Default: no logging.
   */
  log?: (line: string) => void;
  /** For tests: receives every request (method, URL, headers, body) before it is handled. Default: none. */
  requestLog?: (r: LoggedRequest) => void;
  /** Anti-fraud rule settings; each defaults to `SANDBOX_DEFAULTS.fraud` (see {@link FraudOptions}). */
  fraud?: Partial<FraudOptions>;
  /** `production` refuses the test cards with 2007 (see ./mode.ts). Default `sandbox`. */
  mode?: SandboxMode;
  /**
   * Fault mode (see ./faults.ts): `true` honours the `X-Sandbox-Fault` request header on requests authenticated
   * with the private key; a fault text (e.g. `'latency=300'`) also applies that fault to every authenticated
   * request without the header. Default off: the header is ignored.
   */
  faults?: boolean | string;
  /**
   * In fault mode, also honour the `X-Sandbox-Fault` header on public-key requests (for testing a browser client
   * from Node; browsers still cannot send it: CORS does not allow it). Default false.
   */
  faultsPublicKey?: boolean;
  /** Bounds of the in-memory store; each defaults to `SANDBOX_DEFAULTS.limits` (see {@link StoreLimits}). */
  limits?: Partial<StoreLimits>;
  /**
   * Origins the public-key routes answer with credentialed CORS (echoed, `Access-Control-Allow-Credentials:
   * true`), e.g. `['https://shop.example']`. Default: any well-formed http(s) origin (see ./middleware/cors.ts).
   */
  corsOrigins?: readonly string[];
  /**
   * Merchant origins allowed to embed the hosted-field frames (`/fields/v1/frame.html`: its CSP
   * `frame-ancestors`, and the list the frame checks its parent against): exact origins, or `http://host:*`.
   * Default: any port of 127.0.0.1 and localhost, for local use (routes/fields.ts).
   */
  fieldsAncestors?: readonly string[];
  /**
   * The sandbox's public base URL (`--public-url`), e.g. `https://sandbox.example`: the base of every link it
   * builds (the bank page's URL in `payment_method.url`), never taken from the request's `Host` header. An
   * absolute http(s) URL; a trailing slash is dropped. Default: the address it listens on (`startSandbox`), or
   * `http://127.0.0.1:4010` for an app that is not served.
   */
  publicUrl?: string;
}

/**
 * The problem with a public URL (see {@link SandboxOptions.publicUrl}), or '' when it is an absolute http(s) URL
 * without credentials, query or fragment.
 */
export function publicUrlProblem(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http: or https: URL';
    if (u.username || u.password || u.search || u.hash) return 'must have no credentials, query or fragment';
    return '';
  } catch {
    return 'must be an absolute URL, e.g. https://sandbox.example';
  }
}

/** The one place errors become responses: the spec Error object, status `http_code`. */
function renderError(c: Context<SandboxEnv>, err: unknown): Response {
  const body = toErrorObject(err, c.var.requestId ?? '');
  return c.json(body, body.http_code as ContentfulStatusCode);
}

/**
 * Every response, errors and preflights included, says `Cache-Control: no-store`: nothing of it may be stored. The
 * hosted-field frame files (`/fields/`) and the script tags (`/js/`) say it themselves, except for their versioned
 * public files (routes/fields.ts, routes/scripts.ts).
 */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!/^\/(fields|js)\//.test(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * Builds the local sandbox of the payments API (`payments-api.md`) as a Hono app over an in-memory store.
 *
 * Pipeline: request counter -> request id (X-Request-Id on every response) -> access log ->
 * `Cache-Control: no-store` on every response -> CORS (./middleware/cors.ts: credentialed, origin echoed, on the
 * public-key routes; any origin without credentials elsewhere; preflights answered here without authentication,
 * cached 7200 s; the fault header is not allowed) -> under `/v1/{merchant_id}`: authentication (1002, 1010) ->
 * fault mode (only when enabled; after authentication, so no unauthenticated request is ever faulted) -> JSON
 * body reading (1009, 1001) -> one router per resource: tokens, cards (merchant and customer level),
 * customers, charges (merchant and customer level), device data (this project's extension); and, outside
 * `/v1`, the bank's 3-D Secure page at `/3ds/{challenge_id}` (routes/bank.ts), the hosted-field frames at
 * `/fields/v1/` (routes/fields.ts) and the script tags at `/js/v1/` (routes/scripts.ts). Charges and card
 * creation are scored by the anti-fraud rules of `opts.fraud` (demo/sandbox/fraud.ts). Every error is a thrown `SandboxError` rendered by
 * `onError` as the spec Error object with the request id; anything else thrown is 1000 (500); an unknown route
 * is 1005 (404).
 *
 * @returns the app (serve it with `startSandbox`, or call `app.request()` in tests; connection resets of fault
 *   mode need the Node server), its store, its request counter, its fault mode, and `listeningAt(baseUrl)`, which
 *   the server calls once it listens (the default public URL).
 * @throws TypeError for a malformed `publicUrl`.
 */
export function createSandboxApp(opts: SandboxOptions) {
  const now = opts.now ?? (() => new Date());
  const store = new Store(now, opts.limits);
  if (opts.publicUrl !== undefined && publicUrlProblem(opts.publicUrl))
    throw new TypeError(`publicUrl ${publicUrlProblem(opts.publicUrl)}`);
  let publicUrl = (opts.publicUrl ?? SANDBOX_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const deps: Deps = {
    store,
    now,
    schemas: createSchemas(now),
    mode: opts.mode ?? 'sandbox',
    fraud: { ...SANDBOX_DEFAULTS.fraud, ...opts.fraud },
    log: opts.log,
    publicUrl: () => publicUrl,
  };
  const counter = new RequestCounter();
  const faultMode = new FaultMode(!!opts.faults, typeof opts.faults === 'string' ? opts.faults : null, !!opts.faultsPublicKey);
  const v1 = '/v1/:merchant_id';

  const app = new Hono<SandboxEnv>()
    .use('*', counter.middleware())
    .use('*', requestLog(opts.requestLog, opts.maxBodyBytes ?? SANDBOX_DEFAULTS.maxBodyBytes))
    .use('*', requestId())
    .use('*', accessLog(opts.log))
    .use('*', noStore)
    .use('*', apiCors(opts.corsOrigins))
    .use(`${v1}/*`, auth(opts))
    .use(`${v1}/*`, faults(faultMode, renderError))
    .use(`${v1}/*`, jsonBody(opts.maxBodyBytes ?? SANDBOX_DEFAULTS.maxBodyBytes));

  app.route('/fields/v1', fieldsRouter(opts.fieldsAncestors));
  app.route('/js/v1', scriptsRouter());
  app.route(`${v1}/tokens`, tokensRouter(deps));
  app.route(`${v1}/cards`, cardsRouter(deps));
  app.route(`${v1}/customers/:customer_id/cards`, cardsRouter(deps));
  app.route(`${v1}/customers/:customer_id/charges`, chargesRouter(deps));
  app.route(`${v1}/customers`, customersRouter(deps));
  app.route(`${v1}/charges`, chargesRouter(deps));
  app.route(`${v1}/device-data`, deviceDataRouter(deps));
  // The bank's 3-D Secure page (outside /v1: opened by the shopper's browser, no API key).
  app.route('/3ds', bankRouter(deps));

  app.notFound((c) => renderError(c, apiError(1005, `No route ${c.req.method} ${c.req.path}`)));
  app.onError((err, c) => renderError(c, err));
  /** Once served: the address it listens on becomes the public URL, unless `opts.publicUrl` set one. */
  const listeningAt = (baseUrl: string) => {
    if (opts.publicUrl === undefined) publicUrl = baseUrl;
  };
  return { app, store, counter, faults: faultMode, listeningAt };
}

export type SandboxApp = ReturnType<typeof createSandboxApp>['app'];
