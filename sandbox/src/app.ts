import { Hono, type MiddlewareHandler } from 'hono';
import { createSchemas } from './schemas/index';
import { SANDBOX_DEFAULT_BASE_URL, SANDBOX_DEFAULTS } from './defaults';
import type { Deps, MerchantSettings, SandboxEnv } from './env';
import type { FraudOptions } from './fraud/fraud-rules';
import { apiError, loggableError, SandboxError } from './domain/errors';
import { isMethodName, RESERVED_METHODS } from './domain/methods/kinds';
import type { SandboxMode } from './domain/card/mode';
import { RequestCounter } from './http/counter';
import { FaultMode, faults } from './http/faults';
import { accessLog } from './http/access-log';
import { internalErrorLog } from './http/error-log';
import { apiLog } from './http/api-log';
import { auth, type Credentials } from './http/auth';
import { apiCors } from './http/cors';
import { jsonBody } from './http/body';
import { moneyDecimals } from './http/money-json';
import { listLimitWarning } from './http/list-limit';
import { dueJobs } from './http/due-jobs';
import { WARNING_HEADER } from './http/lenient';
import { renderError } from './http/render';
import { maskText } from './http/request-excerpt';
import { requestId } from './http/request-id';
import { requestLog, type LoggedRequest } from './http/request-log';
import { SplitRouter } from './http/router';
import { registerJobs } from './jobs';
import { bankRouter } from './pages/three-ds-page';
import { dashboardRouter, type DashboardOptions } from './pages/dashboard/index';
import { docsRouter } from './pages/docs';
import { fieldsRouter } from './pages/fields';
import { bankAccountsRouter } from './resources/bank-accounts/routes';
import { paymentPagesRouter } from './pages/payments';
import { storesRouter } from './resources/stores/routes';
import { scriptsRouter } from './pages/scripts';
import { cardsRouter } from './resources/cards/routes';
import { chargesRouter } from './resources/charges/routes';
import { customersRouter } from './resources/customers/routes';
import { deviceDataRouter } from './resources/device-data/routes';
import { feesRouter } from './resources/fees/routes';
import { merchantRouter } from './resources/merchant/routes';
import { payoutsRouter } from './resources/payouts/routes';
import { plansRouter } from './resources/plans/routes';
import { subscriptionsRouter } from './resources/subscriptions/routes';
import { tokensRouter } from './resources/tokens/routes';
import { transfersRouter } from './resources/transfers/routes';
import { simulateRouter } from './simulate/routes';
import { Store, type StoreLimits } from './store/index';
import { Clock } from './time/clock';
import { Deliveries, type DeliveryOptions } from './events/dispatcher';
import { deliveryLogRouter, webhooksRouter } from './resources/webhooks/routes';
import { invoicesRouter } from './resources/invoices/routes';
import { invoiceFilesRouter } from './pages/invoices';
import { Scheduler } from './time/scheduler';
import { randomBytes } from 'node:crypto';
import { dispatcher } from './merchants/dispatch';
import { Merchants, type MerchantInstance, type MerchantKeys } from './merchants/registry';
import { merchantsRouter } from './merchants/routes';
import { asMerchant, sharedState, type MerchantState } from './merchants/shared';
import { Snapshots } from './simulate/snapshots';
import { openDb } from './store/db';
import { snapshotDb } from './store/snapshot';
import { stateRouter } from './simulate/state-routes';

/** One line to stderr: where error 1000 is logged when no `log` is given. */
const toStderr = (line: string) => void process.stderr.write(`${line}\n`);

/** Options of {@link createSandboxApp}. */
export interface SandboxOptions extends Credentials {
  /** The real clock the sandbox clock runs on (plus its stored offset). @default () => new Date() */
  now?: () => Date;
  /** Where the data is kept: a SQLite file, or `:memory:` for nothing kept (./store/db.ts). @default ':memory:' */
  db?: string;
  /** Delete the data file first. @default false */
  reset?: boolean;
  /** Run due jobs on their own in real time (./time/scheduler.ts); off, they run only when the clock is advanced. @default true */
  scheduler?: boolean;
  /** Accept the omissions the spec forbids, each recorded as a warning (./http/lenient.ts). @default false */
  lenient?: boolean;
  /** The merchant's record; each member defaults to `SANDBOX_DEFAULTS.merchant`. */
  merchant?: Partial<Omit<MerchantSettings, 'id'>>;
  /** Largest request body in bytes; larger is error 1009 (413). @default 65536 */
  maxBodyBytes?: number;
  /**
   * Receives one access-log line per request (`METHOD path status ms`), one line per anti-fraud decision that
   * matched a rule (`fraud ...`), one per failed job, and one per request that ended in error 1000 (`error 1000
   * request_id=... METHOD path: cause`, never card data). Default: the error 1000 lines to stderr, nothing else.
   */
  log?: (line: string) => void;
  /** For tests: receives every request (method, URL, headers, body) before it is handled. Default: none. */
  requestLog?: (r: LoggedRequest) => void;
  /** Anti-fraud rule settings; each defaults to `SANDBOX_DEFAULTS.fraud` (see {@link FraudOptions}). */
  fraud?: Partial<FraudOptions>;
  /** `production` refuses the test cards with 2007 and serves no simulation API. @default 'sandbox' */
  mode?: SandboxMode;
  /**
   * Fault mode (./http/faults.ts): `true` honours the `X-Sandbox-Fault` request header on requests authenticated
   * with the private key; a fault text (e.g. `'latency=300'`) also applies that fault to every authenticated
   * request without the header. Default off: the header is ignored.
   */
  faults?: boolean | string;
  /** In fault mode, also honour the header on public-key requests (for testing a browser client from Node). @default false */
  faultsPublicKey?: boolean;
  /** Bounds of the store; each defaults to `SANDBOX_DEFAULTS.limits` (see {@link StoreLimits}). */
  limits?: Partial<StoreLimits>;
  /**
   * Origins the public-key routes answer with credentialed CORS (echoed, `Access-Control-Allow-Credentials:
   * true`), e.g. `['https://shop.example']`. Default: any well-formed http(s) origin (./http/cors.ts).
   */
  corsOrigins?: readonly string[];
  /**
   * Merchant origins allowed to embed the hosted-field frames (`/fields/v1/frame.html`: its CSP `frame-ancestors`,
   * and the list the frame checks its parent against): exact origins, or `http://host:*`. Default: any port of
   * 127.0.0.1 and localhost, for local use (./pages/fields.ts).
   */
  fieldsAncestors?: readonly string[];
  /**
   * The sandbox's public base URL (`--public-url`), e.g. `https://sandbox.example`: the base of every link it
   * builds, never taken from the request's `Host` header. An absolute http(s) URL; a trailing slash is dropped.
   * Default: the address it listens on (`startSandbox`), or `http://127.0.0.1:4010` for an app that is not served.
   */
  publicUrl?: string;
  /** `<alt>` of the store fields (`--store-network`): see `SANDBOX_DEFAULTS.methods`. @default 'cashnet' */
  storeNetwork?: string;
  /** `<wallet>`, the wallet charge's `method` (`--wallet-method`): see `SANDBOX_DEFAULTS.methods`. @default 'wallet' */
  walletMethod?: string;
  /**
   * Webhook delivery (events/dispatcher.ts): `allowHosts` (`--webhook-allow-hosts`: hosts beyond loopback that webhook
   * URLs may name), and for tests the resolver, the HTTP sender, the time-out (15 s) and the bound in flight (8).
   */
  webhooks?: Partial<DeliveryOptions>;
  /** The dashboard's session bounds and clock (./pages/dashboard/index.ts); it signs in with `privateKey`. */
  dashboard?: Omit<DashboardOptions, 'privateKey' | 'signInKey'>;
  /**
   * Most merchants created on demand at once (`--max-merchants`; `POST {base}/sandbox/v1/merchants`, 1003 past it),
   * each a sandbox of its own in memory. @default SANDBOX_DEFAULTS.maxMerchants (100)
   */
  maxMerchants?: number;
}

/** What one merchant's app gets beside the options: the dashboards' shared sign-in key, the registry (primary only). */
interface MerchantParts {
  signInKey: Buffer;
  merchants?: Merchants;
  /** A created merchant's database to start from: a copy of a migrated empty one (no migrations to run). */
  image?: Buffer;
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

/**
 * The problem with the store network and wallet method names (`storeNetwork`, `walletMethod`), or '': each 1-20
 * lowercase letters, digits or underscores from a letter; the wallet method none of the other methods.
 */
export function methodNamesProblem(o: { storeNetwork?: string | undefined; walletMethod?: string | undefined }): string {
  if (o.storeNetwork !== undefined && !isMethodName(o.storeNetwork)) return 'storeNetwork must be 1-20 of a-z, 0-9, _ from a letter';
  if (o.walletMethod !== undefined && !isMethodName(o.walletMethod)) return 'walletMethod must be 1-20 of a-z, 0-9, _ from a letter';
  return o.walletMethod !== undefined && RESERVED_METHODS.includes(o.walletMethod) ? `walletMethod may not be ${o.walletMethod}` : '';
}

/**
 * Every response, errors and preflights included, says `Cache-Control: no-store`: nothing of it may be stored. The
 * hosted-field frame files (`/fields/`), the script tags (`/js/`) and the API reference's assets say it themselves.
 */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!/^\/(fields|js|docs)\//.test(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * What `--lenient` let through on this request, as `X-Sandbox-Warning` headers (./http/lenient.ts); `c.var.lenient`
 * tells the routes' body pre-pass (./http/openapi.ts `describe`) that the sandbox is lenient.
 */
const warnings =
  (lenient: boolean): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    if (lenient) c.set('lenient', true);
    await next();
    for (const w of c.var.warnings ?? []) c.res.headers.append(WARNING_HEADER, w);
  };

/** The paths whose empty JSON body `--lenient` reads as no body: a charge's capture. */
const LENIENT_EMPTY_BODY = /\/charges\/[^/]+\/capture$/;

/** After each request, the events it wrote go out to the webhooks (events/dispatcher.ts). */
const deliveryKick =
  (d: Deps): MiddlewareHandler =>
  async (_c, next) => {
    await next();
    d.deliveries.kick();
  };

/** The sandbox's parts: its dependencies (store, clock, scheduler, settings) before any route. */
function createDeps(opts: SandboxOptions, publicUrl: () => string, image?: Buffer): Deps {
  const real = opts.now ? () => opts.now!().getTime() : Date.now;
  const limits = { ...SANDBOX_DEFAULTS.limits, ...opts.limits };
  // the store reads the clock (expiry) and the clock reads its offset from the store: the store is made first
  const later: { clock?: Clock } = {};
  const store = new Store(image ?? opts.db ?? ':memory:', limits, () => later.clock!.nowMs(), { reset: !!opts.reset });
  const clock = (later.clock = new Clock(real, Number(store.meta('clock_offset') ?? 0), (offset) =>
    store.setMeta('clock_offset', String(offset)),
  ));
  const scheduler = new Scheduler(store, clock, opts.log);
  const deliveries = new Deliveries(store, clock, scheduler, opts.webhooks, opts.log);
  return {
    store,
    clock,
    scheduler,
    schemas: createSchemas(() => clock.now()),
    mode: opts.mode ?? 'sandbox',
    fraud: { ...SANDBOX_DEFAULTS.fraud, ...opts.fraud },
    merchant: { ...SANDBOX_DEFAULTS.merchant, ...opts.merchant, id: opts.merchantId },
    lenient: !!opts.lenient,
    log: opts.log,
    publicUrl,
    methods: {
      storeNetwork: opts.storeNetwork ?? SANDBOX_DEFAULTS.methods.storeNetwork,
      walletMethod: opts.walletMethod ?? SANDBOX_DEFAULTS.methods.walletMethod,
      publicKey: opts.publicKey,
    },
    deliveries,
  };
}

/**
 * Builds the local sandbox of the payments API (`payments-api.md`) as a Hono app over its SQLite store.
 *
 * Pipeline, in order: request counter -> request log (tests) -> request id (X-Request-Id on every response) ->
 * access log -> `Cache-Control: no-store` -> lenient warnings -> CORS (./http/cors.ts; preflights answered here,
 * before authentication) -> due jobs run (./http/due-jobs.ts) -> under `/v1/{merchant_id}` and `/sandbox/v1/{merchant_id}`: authentication (1002,
 * 1010; ./http/access.ts says which key may call which route) -> fault mode (`/v1` only, when enabled) -> JSON
 * body (1009, 1001) -> money written with two decimals in every JSON response (./http/money-json.ts) -> one router
 * per resource. Outside `/v1`: the hosted-field frames (`/fields/v1`), the script
 * tags (`/js/v1`), the bank's
 * 3-D Secure page (`/3ds`), the OpenAPI document (`/openapi.json`) and its reference (`/docs`). Every error is a
 * thrown `SandboxError` rendered once (./http/render.ts) as the spec Error object; anything else thrown is 1000;
 * an unknown route is 1005.
 *
 * @returns the app, its parts (store, clock, scheduler, request counter, fault mode), `listeningAt(baseUrl)` (the
 *   server calls it once it listens: the default public URL), and `close()` (stops the scheduler, closes the store).
 * @throws TypeError for a malformed `publicUrl`; Error when the data file cannot be opened.
 */
export function createSandboxApp(options: SandboxOptions) {
  const log = options.log;
  // one masking rule for every log line (card numbers, security codes, secrets), as for the request log
  const opts: SandboxOptions = log ? { ...options, log: (line) => log(maskText(line)) } : options;
  if (opts.publicUrl !== undefined && publicUrlProblem(opts.publicUrl))
    throw new TypeError(`publicUrl ${publicUrlProblem(opts.publicUrl)}`);
  const names = methodNamesProblem(opts);
  if (names) throw new TypeError(names);
  const signInKey = randomBytes(32);
  let shared: ReturnType<typeof sharedMerchantApp> | undefined; // built at the first creation
  const merchants = new Merchants((keys) => {
    const created = createdMerchantOptions(opts, keys, primary.deps.publicUrl());
    shared ??= sharedMerchantApp(created, { signInKey, image: emptyImage() });
    return shared.instance(keys, created);
  }, opts.maxMerchants ?? SANDBOX_DEFAULTS.maxMerchants);
  const primary = createMerchantApp(opts, { signInKey, merchants });
  const keys = { id: opts.merchantId, public_key: opts.publicKey, private_key: opts.privateKey };
  merchants.primary = merchantInstance(keys, primary);
  const close = () => {
    merchants.closeCreated();
    primary.close();
  };
  return { ...primary, fetch: dispatcher(merchants), merchants, close };
}

/** A migrated empty database, serialized. */
function emptyImage(): Buffer {
  const db = openDb(':memory:');
  try {
    return snapshotDb(db);
  } finally {
    db.close();
  }
}

/** A created merchant's options: the sandbox's, with its own credentials, a store in memory and the current public URL. */
function createdMerchantOptions(opts: SandboxOptions, keys: MerchantKeys, publicUrl: string): SandboxOptions {
  const { merchantId: _, db: _db, reset: _reset, ...shared } = opts;
  return {
    ...shared,
    merchantId: keys.id,
    publicKey: keys.public_key,
    privateKey: keys.private_key,
    publicUrl,
    merchant: { ...opts.merchant, status: 'active' },
  };
}

/** A merchant's app as the registry keeps it. */
function merchantInstance(keys: MerchantKeys, m: ReturnType<typeof createMerchantApp>): MerchantInstance {
  return { keys, deps: m.deps, fetch: (req, env) => m.app.fetch(req, env as SandboxEnv['Bindings']), close: m.close };
}

/**
 * One merchant's own parts (its store, clock, scheduler, deliveries, request counter, fault mode, snapshots), its
 * jobs registered and its scheduler and deliveries started; `close()` stops them and closes its store.
 */
function merchantState(opts: SandboxOptions, publicUrl: () => string, image?: Buffer) {
  const deps = createDeps(opts, publicUrl, image);
  registerJobs(deps);
  const state: MerchantState = {
    deps,
    creds: { merchantId: opts.merchantId, publicKey: opts.publicKey, privateKey: opts.privateKey },
    counter: new RequestCounter(),
    faults: new FaultMode(!!opts.faults, typeof opts.faults === 'string' ? opts.faults : null, !!opts.faultsPublicKey),
    snapshots: new Snapshots(deps),
  };
  if (opts.scheduler !== false) deps.scheduler.start();
  deps.deliveries.start();
  const close = () => {
    deps.deliveries.close();
    deps.scheduler.stop();
    deps.store.close();
  };
  return { state, close };
}

/** One merchant's app (see {@link createSandboxApp}) over its own parts ({@link merchantState}). */
function createMerchantApp(opts: SandboxOptions, parts: MerchantParts) {
  let publicUrl = (opts.publicUrl ?? SANDBOX_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const { state, close } = merchantState(opts, () => publicUrl, parts.image);
  const app = buildApp(state, opts, parts, true);
  const listeningAt = (baseUrl: string) => {
    if (opts.publicUrl === undefined) publicUrl = baseUrl;
  };
  const { deps } = state;
  return {
    app,
    deps,
    store: deps.store,
    clock: deps.clock,
    scheduler: deps.scheduler,
    counter: state.counter,
    faults: state.faults,
    listeningAt,
    close,
  };
}

/**
 * The app every created merchant shares, built once (from the first one's options: they differ only in credentials):
 * its routes read the parts of the merchant whose request it handles (./merchants/shared.ts), so a new merchant
 * costs its own parts alone. `instance(keys, opts)` makes a merchant's parts over a copy of a migrated empty
 * database; its dashboard (sessions of its own) is an app of its own, built at its first dashboard request.
 */
function sharedMerchantApp(first: SandboxOptions, parts: MerchantParts & { image: Buffer }) {
  const publicUrl = () => first.publicUrl!;
  const settings: Partial<Deps> = {
    mode: first.mode ?? 'sandbox',
    lenient: !!first.lenient,
    log: first.log,
    publicUrl,
    fraud: { ...SANDBOX_DEFAULTS.fraud, ...first.fraud },
    // what routes describe their bodies with (the API reference); a request parses with its merchant's, on its clock
    schemas: createSchemas(),
    methods: {
      storeNetwork: first.storeNetwork ?? SANDBOX_DEFAULTS.methods.storeNetwork,
      walletMethod: first.walletMethod ?? SANDBOX_DEFAULTS.methods.walletMethod,
      get publicKey(): string {
        throw new Error("the payment page's public key is one merchant's own: read it while handling a request");
      },
    },
  };
  const app = buildApp(sharedState(settings), first, parts, false);
  const instance = (keys: MerchantKeys, opts: SandboxOptions): MerchantInstance => {
    const { state, close } = merchantState(opts, publicUrl, parts.image);
    let dashboard: Hono<SandboxEnv> | undefined;
    const fetch = (req: Request, env?: unknown) => {
      const bindings = env as SandboxEnv['Bindings'];
      if (!DASHBOARD.test(new URL(req.url).pathname)) return asMerchant(state, () => app.fetch(req, bindings));
      dashboard ??= buildApp(state, opts, parts, true);
      return dashboard.fetch(req, bindings);
    };
    return { keys, deps: state.deps, fetch, close };
  };
  return { instance };
}

/** The dashboard's paths. */
const DASHBOARD = /^\/dashboard(\/|$)/;

/**
 * A merchant's Hono app (see {@link createSandboxApp}) over `state`: one merchant's own parts, or the views of the
 * shared app ({@link sharedMerchantApp}); `withDashboard` mounts the dashboard (its sessions are the app's own).
 */
function buildApp(state: MerchantState, opts: SandboxOptions, parts: MerchantParts, withDashboard: boolean): Hono<SandboxEnv> {
  const { deps } = state;
  const maxBody = opts.maxBodyBytes ?? SANDBOX_DEFAULTS.maxBodyBytes;
  const v1 = '/v1/:merchant_id';
  const counting: MiddlewareHandler = async (c, next) => {
    state.counter.record(c.req.method, c.req.path);
    await next();
  };
  const app = new Hono<SandboxEnv>({ router: new SplitRouter() })
    .use(
      '*',
      counting,
      requestLog(opts.requestLog, maxBody),
      requestId(),
      internalErrorLog(opts.log ?? toStderr),
      accessLog(opts.log),
      apiLog(deps),
      noStore,
      warnings(deps.lenient),
    )
    .use('*', apiCors(opts.corsOrigins), dueJobs(deps), deliveryKick(deps))
    .use(v1, auth(state.creds))
    .use(`${v1}/*`, auth(state.creds), faults(state.faults, renderError), jsonBody(maxBody, opts.lenient ? LENIENT_EMPTY_BODY : undefined))
    .use('*', moneyDecimals, listLimitWarning);
  mountResources(app, deps, v1);
  if (deps.mode === 'sandbox') mountSimulation(app, state, parts, maxBody);
  app.route('/fields/v1', fieldsRouter(opts.fieldsAncestors));
  app.route('/js/v1', scriptsRouter());
  app.route('/3ds', bankRouter(deps));
  app.use('/stores', auth(state.creds)).route('/stores', storesRouter(deps));
  app.route('/', paymentPagesRouter(deps));
  app.route('/cfdi', invoiceFilesRouter(deps));
  app.route('/', docsRouter(app, deps.publicUrl));
  if (withDashboard)
    app.route('/dashboard', dashboardRouter(deps, { ...opts.dashboard, privateKey: opts.privateKey, signInKey: parts.signInKey }));
  app.notFound((c) => renderError(c, apiError(1005, `No route ${c.req.method} ${c.req.path}`)));
  app.onError((err, c) => {
    if (!(err instanceof SandboxError))
      deps.log?.(`${c.req.method} ${c.req.path} request ${c.var.requestId ?? ''} failed: ${loggableError(err)}`);
    return renderError(c, err);
  });
  return app;
}

/**
 * The simulation API (sandbox mode only) at `/sandbox/v1/{merchant_id}`: time, payments away from the page, the
 * event log, snapshots and fixtures; on the primary merchant also `/sandbox/v1/merchants` (mounted first: its own
 * authentication, the primary's private key).
 */
function mountSimulation(app: Hono<SandboxEnv>, state: MerchantState, parts: MerchantParts, maxBody: number): void {
  const sim = '/sandbox/v1/:merchant_id';
  const { deps } = state;
  if (parts.merchants) app.route('/sandbox/v1/merchants', merchantsRouter(parts.merchants));
  app.use(`${sim}/*`, auth(state.creds), jsonBody(maxBody)).route(sim, simulateRouter(deps)).route(sim, deliveryLogRouter(deps));
  app.route(sim, stateRouter(deps, state.snapshots));
}

/** Mounts one router per resource under `/v1/{merchant_id}`, customer-level ones under `/customers/{customer_id}`. */
function mountResources(app: Hono<SandboxEnv>, d: Deps, v1: string): void {
  const customer = `${v1}/customers/:customer_id`;
  app.route(`${v1}/tokens`, tokensRouter(d));
  app.route(`${v1}/cards`, cardsRouter(d));
  app.route(`${customer}/cards`, cardsRouter(d));
  app.route(`${customer}/charges`, chargesRouter(d));
  app.route(`${customer}/subscriptions`, subscriptionsRouter(d));
  app.route(`${v1}/plans`, plansRouter(d));
  app.route(`${v1}/customers`, customersRouter(d));
  app.route(`${v1}/charges`, chargesRouter(d));
  app.route(`${v1}/device-data`, deviceDataRouter(d));
  mountMoney(app, d, v1, customer);
  app.route(`${v1}/webhooks`, webhooksRouter(d));
  app.route(`${v1}/invoices/v40`, invoicesRouter(d));
  app.route(v1, merchantRouter(d));
}

/** The money-moving resources: customers' bank accounts, payouts (both levels), transfers (customer level), fees. */
function mountMoney(app: Hono<SandboxEnv>, d: Deps, v1: string, customer: string): void {
  app.route(`${customer}/bankaccounts`, bankAccountsRouter(d));
  app.route(`${customer}/payouts`, payoutsRouter(d));
  app.route(`${customer}/transfers`, transfersRouter(d));
  app.route(`${v1}/payouts`, payoutsRouter(d));
  app.route(`${v1}/fees`, feesRouter(d));
}
