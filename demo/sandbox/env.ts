import type { HttpBindings } from '@hono/node-server';
import type { Schemas } from './schemas/index';
import type { FraudOptions } from './fraud-rules';
import type { SandboxMode } from './mode';
import type { CustomerRecord, Store } from './store';

/**
 * Hono environment of the sandbox. Variables, set by middleware:
 * - `requestId`: this request's id (X-Request-Id, and `request_id` of an Error object);
 * - `keyKind`: which key authenticated the request;
 * - `body`: the parsed JSON body of a POST (see middleware/body.ts), `rawBody` its text;
 * - `customer`: the customer of a `/customers/{customer_id}/...` route (see routes/scope.ts), unset at
 *   merchant level.
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
    customer: CustomerRecord | undefined;
  };
};

/**
 * What the routers need: the state, the clock, the schemas (whose expiry rule reads the same clock), the
 * mode (production refuses test cards), the anti-fraud settings, the log (one line per anti-fraud decision;
 * absent: no logging) and the sandbox's public URL (the base of the links it builds, never the `Host` header).
 */
export interface Deps {
  store: Store;
  mode: SandboxMode;
  now: () => Date;
  schemas: Schemas;
  fraud: FraudOptions;
  log?: (line: string) => void;
  /** The sandbox's public base URL, no trailing slash (`--public-url`, else its own address): `http://127.0.0.1:4010`. */
  publicUrl: () => string;
}
