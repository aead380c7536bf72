import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiError } from './domain/errors';
import { connectionGate } from './http/connection-gate';
import { createSandboxApp, type SandboxOptions } from './app';
import { SANDBOX_DEFAULTS } from './defaults';
import type { MerchantKeys } from './merchants/registry';
import { startOptionsProblem } from './options';
import type { Credentials } from './http/auth';

/**
 * Options of {@link startSandbox}: the app's (see {@link SandboxOptions}), plus where to listen. Every member is
 * optional: `startSandbox()` plays the demo merchant (`SANDBOX_DEFAULTS`) on a free port, keeping nothing.
 */
export interface StartOptions extends Omit<SandboxOptions, keyof Credentials>, Partial<Credentials> {
  /** TCP port; 0 picks a free one (then read `port` or `url` of the handle). @default 0 */
  port?: number;
  /** Interface to bind: loopback only. */
  host?: '127.0.0.1';
  /** HTTP server bounds; each defaults to `SANDBOX_DEFAULTS.server` (timeouts in ms, connection cap). */
  server?: Partial<Record<keyof (typeof SANDBOX_DEFAULTS)['server'], number>>;
}

/** A running sandbox. */
export interface RunningSandbox {
  /** The spec's `{base_url}`, e.g. `http://127.0.0.1:4010` (no trailing slash, no `/v1`): what a client is pointed at. */
  url: string;
  /** The same as {@link RunningSandbox.url}. */
  baseUrl: string;
  /** The merchant id of the paths `/v1/{merchant_id}` (default `SANDBOX_DEFAULTS.merchantId`). */
  merchantId: string;
  /** The public key: creates tokens and cards only (default `SANDBOX_DEFAULTS.publicKey`). */
  publicKey: string;
  /** The private key: every operation, from a server only (default `SANDBOX_DEFAULTS.privateKey`). */
  privateKey: string;
  /** The TCP port it listens on (the free one it picked for port 0). */
  port: number;
  /** Its state (the SQLite store), for tests. */
  store: ReturnType<typeof createSandboxApp>['store'];
  /** Its clock and scheduler (the simulation API moves them; tests may too). */
  clock: ReturnType<typeof createSandboxApp>['clock'];
  scheduler: ReturnType<typeof createSandboxApp>['scheduler'];
  /** What the services get (store, clock, settings), for tests that call a service directly. */
  deps: ReturnType<typeof createSandboxApp>['deps'];
  /** How many requests it saw (`total`, `count(method, path)`), for tests. */
  counter: ReturnType<typeof createSandboxApp>['counter'];
  /** Its fault mode: `enabled`, and `set(fault | null)` for the fault of requests without the header. */
  faults: ReturnType<typeof createSandboxApp>['faults'];
  /**
   * Creates a merchant with its own data and clock, as `POST {base}/sandbox/v1/merchants` does (sandbox mode).
   * @returns its `{id, public_key, private_key}`, the API's answer.
   * @throws (rejects) SandboxError 1003 past `maxMerchants`; 1005 in production mode (no merchants on demand).
   */
  createMerchant(): Promise<MerchantKeys>;
  /** Deletes a created merchant and its data (`DELETE {base}/sandbox/v1/merchants/{id}`). @throws (rejects) 1005 unknown. */
  deleteMerchant(id: string): Promise<void>;
  /** Stops listening, closes open connections, stops the scheduler and closes the store (every merchant's). */
  close(): Promise<void>;
}

/**
 * Starts the sandbox API on 127.0.0.1, with the bounds of `SANDBOX_DEFAULTS.server` (or `opts.server`): the whole
 * request within `requestTimeoutMs` (30 s) and its headers within `headersTimeoutMs` (10 s), else Node answers
 * 408 and closes the socket; idle keep-alive connections closed after `keepAliveTimeoutMs` (5 s); at most
 * `maxConnections` (256) open connections, further ones closed on arrival; at most `maxConnectionsPerAddress` (32)
 * served at once per client address, as many more waiting unread (at most the headers timeout) and the rest closed
 * on arrival (./http/connection-gate.ts). The address it listens on becomes its public URL unless `opts.publicUrl` says
 * otherwise (the base of the bank page's links).
 *
 * Defaults: the demo merchant and keys (`SANDBOX_DEFAULTS.merchantId`, `publicKey`, `privateKey`), port 0 (a free
 * one), `db: ':memory:'` (nothing kept). A request that ends in error 1000 is logged with its request id and cause
 * to `opts.log`, or stderr.
 * @returns once it listens: its URL, merchant id and keys, port, store and `close()`.
 * @throws (rejects) a TypeError naming the option for an unknown option name or a refused value
 * (`port must be 0-65535`); an Error when the port cannot be bound (in use, no permission).
 */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const problem = startOptionsProblem(options);
  if (problem) throw new TypeError(`startSandbox: ${problem}`);
  const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
  const opts = { merchantId, publicKey, privateKey, port: 0, db: ':memory:', ...definedMembers(options) };
  const sandbox = createSandboxApp(opts);
  const { store, counter, faults, listeningAt, merchants } = sandbox;
  const host = opts.host ?? SANDBOX_DEFAULTS.host;
  const bounds = { ...SANDBOX_DEFAULTS.server, ...opts.server };
  // Node enforces the two request timeouts on a timer: check often enough for a short headers timeout to hold.
  const serverOptions = { connectionsCheckingInterval: Math.min(1000, bounds.headersTimeoutMs) };
  const server = createAdaptorServer({ fetch: sandbox.fetch, hostname: host, serverOptions }) as Server;
  server.requestTimeout = bounds.requestTimeoutMs;
  server.headersTimeout = bounds.headersTimeoutMs;
  server.keepAliveTimeout = bounds.keepAliveTimeoutMs;
  const gate = connectionGate(server, { ...bounds, maxWaitMs: bounds.headersTimeoutMs });
  return new Promise((resolve, reject) => {
    const failed = (e: Error) => {
      sandbox.close();
      reject(e);
    };
    gate.once('error', failed);
    gate.listen(opts.port, host, () => {
      gate.off('error', failed);
      // the HTTP server itself does not listen: this starts its timer of the headers and request timeouts
      server.emit('listening');
      const { port } = gate.address() as AddressInfo;
      listeningAt(`http://${host}:${port}`);
      resolve({
        url: `http://${host}:${port}`,
        baseUrl: `http://${host}:${port}`,
        merchantId: opts.merchantId,
        publicKey: opts.publicKey,
        privateKey: opts.privateKey,
        port,
        store,
        clock: sandbox.clock,
        scheduler: sandbox.scheduler,
        deps: sandbox.deps,
        counter,
        faults,
        createMerchant: async () => {
          if (sandbox.deps.mode !== 'sandbox') throw apiError(1005, 'No merchants on demand in production mode');
          return merchants.create();
        },
        deleteMerchant: async (id) => merchants.delete(id),
        close: () =>
          new Promise<void>((done, fail) => {
            gate.close((err) => {
              sandbox.close();
              if (err) fail(err);
              else done();
            });
            server.close(() => {}); // stops that timer (the server answers "not running": it never listened)
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** `o` without its members set to `undefined`, so `{port: undefined}` takes the default as `{}` does. */
function definedMembers<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
