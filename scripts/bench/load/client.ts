/**
 * What the load runs send: the sandbox's default credentials, a test card, and small typed calls over fetch that
 * time themselves.
 */
import { SANDBOX_DEFAULTS } from '../../../sandbox/src/defaults';

const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
/** The `Authorization` header of an API key (HTTP Basic, the key as user name, an empty password). */
export const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** The approved Visa test card, expiring in three years. */
export const CARD = {
  card_number: '4111111111111111',
  holder_name: 'Load Test',
  expiration_month: '12',
  expiration_year: String((new Date().getFullYear() + 3) % 100),
  cvv2: '123',
};

/** One timed answer. */
export interface Timed {
  status: number;
  body: any;
  ms: number;
}

/** The `Content-Type` and the bytes of a request body: a form (`URLSearchParams`), a string as is, else JSON. */
function encoded(body: unknown): { type: string; text: string } {
  if (body instanceof URLSearchParams) return { type: 'application/x-www-form-urlencoded', text: body.toString() };
  return { type: 'application/json', text: typeof body === 'string' ? body : JSON.stringify(body) };
}

/**
 * A client of one sandbox: `call(method, path, body, key)` under `/v1/{merchant_id}` (or `prefix`: `''` for a page
 * such as the redirect charge's `/pay/{key}`), timed. `body`: JSON, or a form as `URLSearchParams`. Redirects are not
 * followed (a page's 303 is the answer); a body that is not JSON comes back as its text.
 */
export function clientOf(base: string) {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    key: 'public' | 'private' = 'private',
    prefix = `/v1/${merchantId}`,
  ): Promise<Timed> => {
    const t0 = performance.now();
    const sent = body === undefined ? undefined : encoded(body);
    const res = await fetch(`${base}${prefix}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        Authorization: basic(key === 'public' ? publicKey : privateKey),
        'X-Forwarded-For': '203.0.113.7',
        ...(sent && { 'Content-Type': sent.type }),
      },
      body: sent?.text,
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: text ? (json ? JSON.parse(text) : text) : null, ms: performance.now() - t0 };
  };
  /** The simulation API's prefix, for `call(..., 'private', call.simulationPrefix)`. */
  return Object.assign(call, { simulationPrefix: `/sandbox/v1/${merchantId}` });
}

export type Client = ReturnType<typeof clientOf>;

/** A card charge body for `source_id` (or an inline `card`), its own order id. */
export const chargeBody = (source: { source_id: string } | { card: typeof CARD }, orderId: string, amount = 100) => ({
  method: 'card',
  ...source,
  amount,
  description: 'load',
  order_id: orderId,
  device_session_id: 'loadtest0000000000000000000000ab',
  customer: { name: 'Load', email: 'load@example.com' },
});

/** The median and the 99th percentile of some durations, milliseconds (rounded to 0.1). */
export function percentiles(ms: readonly number[]): { p50: number; p99: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN);
  return { p50: Math.round(at(0.5) * 10) / 10, p99: Math.round(at(0.99) * 10) / 10 };
}
