import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSandboxApp, type SandboxOptions } from './app';
import { SANDBOX_DEFAULTS } from './defaults';

/** Options of {@link startSandbox}: the app's, plus where to listen. */
export interface StartOptions extends SandboxOptions {
  /** TCP port; 0 picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind: loopback only. */
  host?: '127.0.0.1';
}

/** A running sandbox. */
export interface RunningSandbox {
  /** The spec's `{base_url}`, e.g. `http://127.0.0.1:4010` (no trailing slash, no `/v1`). */
  baseUrl: string;
  port: number;
  /** The in-memory state, for tests. */
  store: ReturnType<typeof createSandboxApp>['store'];
  /** How many requests it saw (`total`, `count(method, path)`), for tests. */
  counter: ReturnType<typeof createSandboxApp>['counter'];
  /** Its fault mode: `enabled`, and `set(fault | null)` for the fault of requests without the header. */
  faults: ReturnType<typeof createSandboxApp>['faults'];
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Starts the sandbox API on 127.0.0.1.
 * @returns once it listens: its base URL, port, store and `close()`.
 * @throws (rejects) when the port cannot be bound (in use, no permission).
 */
export function startSandbox(opts: StartOptions): Promise<RunningSandbox> {
  const { app, store, counter, faults } = createSandboxApp(opts);
  const host = opts.host ?? SANDBOX_DEFAULTS.host;
  const server = createAdaptorServer({ fetch: app.fetch, hostname: host });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? SANDBOX_DEFAULTS.port, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://${host}:${port}`,
        port,
        store,
        counter,
        faults,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
  });
}
