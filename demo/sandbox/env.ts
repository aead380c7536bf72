import type { HttpBindings } from '@hono/node-server';
import type { Schemas } from './schemas/index';
import type { FraudOptions } from './fraud/fraud-rules';
import type { SandboxMode } from './domain/card/mode';
import type { Store } from './store/index';
import type { Clock } from './time/clock';
import type { Scheduler } from './time/scheduler';

/**
 * Hono environment of the sandbox. Variables, set by middleware:
 * - `requestId`: this request's id (X-Request-Id, and `request_id` of an Error object);
 * - `keyKind`: which key authenticated the request;
 * - `body`: the parsed JSON body of a POST or PUT (see http/body.ts), `rawBody` its text;
 * - `warnings`: what `--lenient` let through on this request (sent back in `X-Sandbox-Warning`, http/lenient.ts).
 * Bindings: the Node request and response (`incoming`, `outgoing`) under @hono/node-server; absent under
 * `app.request()`. Fault mode resets connections through `incoming.socket`.
 */
export type SandboxEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    keyKind: 'public' | 'private';
    body: unknown;
    rawBody: string;
    warnings: string[];
  };
};

/** The merchant the sandbox plays (spec, Resources > Merchant object), from its settings. */
export interface MerchantSettings {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** `deleted` refuses every transaction with 1008 (`--merchant-status deleted`). */
  status: 'active' | 'deleted';
  /** The merchant account's CLABE (18 digits, valid check digit). */
  clabe: string;
}

/**
 * What the routes hand to the services: the state, the clock and its scheduler, the schemas (whose expiry rule
 * reads the same clock), the mode (production refuses test cards), the anti-fraud settings, the merchant, whether
 * `--lenient` is on, the log (one line per anti-fraud decision and job failure; absent: no logging) and the
 * sandbox's public URL (the base of the links it builds, never the `Host` header). Routes pass it on; only
 * services and jobs read the store.
 */
export interface Deps {
  store: Store;
  clock: Clock;
  scheduler: Scheduler;
  mode: SandboxMode;
  schemas: Schemas;
  fraud: FraudOptions;
  merchant: MerchantSettings;
  /** Accept the omissions test suites written for a looser sandbox make, each recorded as a warning. */
  lenient: boolean;
  log?: (line: string) => void;
  /** The sandbox's public base URL, no trailing slash (`--public-url`, else its own address): `http://127.0.0.1:4010`. */
  publicUrl: () => string;
}
