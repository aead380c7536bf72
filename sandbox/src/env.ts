import type { HttpBindings } from '@hono/node-server';
import type { Schemas } from './schemas/index';
import type { FraudOptions } from './fraud/fraud-rules';
import type { SandboxMode } from './domain/card/mode';
import type { Deliveries } from './events/dispatcher';
import type { Store } from './store/index';
import type { Clock } from './time/clock';
import type { Scheduler } from './time/scheduler';

/**
 * Hono environment of the sandbox. Variables, set by middleware:
 * - `requestId`: this request's id (X-Request-Id, and `request_id` of an Error object);
 * - `keyKind`: which key authenticated the request;
 * - `body`: the parsed JSON body of a POST or PUT (see http/body.ts), `rawBody` its text;
 * - `lenient`: whether the sandbox runs with `--lenient` (set on every request of a lenient sandbox);
 * - `warnings`: what `--lenient` let through on this request, and a capped list `limit` (sent back in `X-Sandbox-Warning`, http/lenient.ts);
 * - `errorCode`: the Error object's `error_code` when the answer is one (http/render.ts; the request log reads it);
 * - `errorCause`: what was thrown for that answer (http/error-log.ts logs it for error 1000).
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
    lenient: boolean;
    errorCode: number;
    errorCause: unknown;
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

/** Settings of the charges paid away from the merchant's page (docs/sandbox.md, "Charge kinds"). */
export interface MethodSettings {
  /** `<alt>` of the spec's store fields (`--store-network`; default `SANDBOX_DEFAULTS.methods.storeNetwork`). */
  storeNetwork: string;
  /** `<wallet>`, the wallet charge's `method` (`--wallet-method`; default `SANDBOX_DEFAULTS.methods.walletMethod`). */
  walletMethod: string;
  /** The public key the sandbox's own redirect payment page tokenizes with (the card element on its own API). */
  publicKey: string;
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
  /** Store network and wallet method names; the public key of the sandbox's payment page. */
  methods: MethodSettings;
  /** Webhook delivery: fan-out of the outbox, sending, retries (events/dispatcher.ts). */
  deliveries: Deliveries;
}
