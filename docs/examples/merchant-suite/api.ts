/**
 * The merchant's own calls to the sandbox, server to server with its private key (HTTP Basic, the key as user
 * name), as a test reads what the shop did: the payments API (`/v1/{merchant_id}/...`) and the simulation API
 * (`/sandbox/v1/{merchant_id}/...`: the store's cashier, the bank's SPEI transfer, the clock).
 */
import type { TestMerchant } from '../testing/shop';

/** A JSON answer of the sandbox. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the spec's objects by member name
export type Json = any;

/** What the sandbox answered: its HTTP status and JSON body (the spec's Error object when refused). */
export interface Answer {
  status: number;
  body: Json;
}

/** The merchant's API client: `call` answers whatever the status; `get` and `simulate` throw unless 2xx. */
export function merchantApi(base: string, merchant: TestMerchant) {
  const auth = `Basic ${Buffer.from(`${merchant.private_key}:`).toString('base64')}`;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
  };
  const ok = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const answer = await call(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return {
    /** `GET /v1/{merchant_id}{path}`: e.g. `/charges?order_id=...`. */
    get: (path: string) => ok('GET', `/v1/${merchant.id}${path}`),
    /** `POST /sandbox/v1/{merchant_id}{path}` of the simulation API: e.g. `/clock/advance`, `{seconds}`. */
    simulate: (path: string, body?: unknown) => ok('POST', `/sandbox/v1/${merchant.id}${path}`, body),
    /** `GET /sandbox/v1/{merchant_id}{path}`: the event and delivery logs. */
    simulation: (path: string) => ok('GET', `/sandbox/v1/${merchant.id}${path}`),
    /** The same `POST` to the simulation API, answered whatever its status (to see a refusal). */
    trySimulate: (path: string, body?: unknown) => call('POST', `/sandbox/v1/${merchant.id}${path}`, body),
    /** The merchant's newest charge: the one the shop just made, the worker's tests running one at a time. */
    newestCharge: async (): Promise<Json> => (await ok('GET', `/v1/${merchant.id}/charges?limit=1`))[0],
  };
}

/** The client {@link merchantApi} makes. */
export type MerchantApi = ReturnType<typeof merchantApi>;
