/**
 * Helpers of the contract tests: each test file starts its own sandbox on a free port (`startSandbox({port:
 * 0})` in beforeAll, closed in afterAll) and talks to it over real HTTP with the global fetch.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../src/server';
import { conformance, type Received } from './openapi';
import { CARD_CHARGE_REQUEST, CARD_REQUEST, CUSTOMER_REQUEST, DEVICE_DATA_REQUEST, DEVICE_SIGNALS } from '../../src/http/example-requests';

/** Credentials of the contract-test merchant (sandbox only). */
export const CREDS = { merchantId: 'mcontract0test0001', publicKey: 'pk_contract_public', privateKey: 'sk_contract_private' };

/** 2026-03-10 12:00 in central time: the default clock of the contract sandboxes. */
export const NOW = new Date('2026-03-10T18:00:00Z');

/** A valid card body (visa approved test card, expiry far ahead): the OpenAPI document's example too. */
export const CARD = CARD_REQUEST;

/** The Basic header of a key (spec, Authentication: key as user name, empty password). */
export const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** Who calls: one of the sandbox's keys, no Authorization header at all, or a raw Authorization value. */
export type As = 'private' | 'public' | 'none' | { authorization: string };

export interface CallOptions {
  as?: As;
  /** JSON-serialised unless a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Path prefix instead of `/v1/{merchantId}` (e.g. `/v1/other`, or `''` for a path outside /v1). */
  prefix?: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when not JSON, or null when empty. */
  body: any;
  /** The body's text as sent (how its numbers are written). */
  text?: string;
}

/** A started sandbox plus a small HTTP client for it. */
export interface TestApi {
  readonly sandbox: RunningSandbox;
  readonly baseUrl: string;
  call(method: string, path: string, opts?: CallOptions): Promise<Reply>;
}

/** Registers beforeAll/afterAll that start and stop a sandbox; returns the client (usable inside tests). */
export function useSandbox(extra: Partial<StartOptions> = {}): TestApi {
  let sandbox: RunningSandbox | undefined;
  const received: Received[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ ...CREDS, now: () => NOW, ...extra, port: 0 });
  });
  afterAll(async () => {
    // every response this sandbox gave a test conforms to its OpenAPI document (./openapi.ts)
    const doc = sandbox && (await (await fetch(`${sandbox.baseUrl}/openapi.json`)).json());
    await sandbox?.close();
    if (doc) expect(conformance(doc, received)).toEqual([]);
  });
  const api: TestApi = {
    get sandbox() {
      if (!sandbox) throw new Error('sandbox not started');
      return sandbox;
    },
    get baseUrl() {
      return api.sandbox.baseUrl;
    },
    async call(method, path, { as = 'private', body, headers = {}, prefix = `/v1/${CREDS.merchantId}` } = {}) {
      const auth: Record<string, string> =
        as === 'none'
          ? {}
          : { Authorization: typeof as === 'object' ? as.authorization : basic(as === 'private' ? CREDS.privateKey : CREDS.publicKey) };
      const res = await fetch(`${api.baseUrl}${prefix}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...auth, ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = null;
      let json = false;
      if (text) {
        try {
          parsed = JSON.parse(text);
          json = true;
        } catch {
          parsed = text;
        }
      }
      received.push({ method, path: new URL(`${api.baseUrl}${prefix}${path}`).pathname, status: res.status, body: parsed, json });
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
  };
  return api;
}

/**
 * Asserts a spec Error object (spec, Errors): the code, the HTTP status (in the status line and `http_code`),
 * a description, and a `request_id` equal to the X-Request-Id header.
 * @param mentions strings the description must contain (e.g. the field name).
 */
export function expectError(r: Reply, code: number, http: number, ...mentions: string[]): void {
  expect({ status: r.status, error_code: r.body?.error_code, http_code: r.body?.http_code }).toEqual({
    status: http,
    error_code: code,
    http_code: http,
  });
  expect(r.body.category).toMatch(/^(request|internal|gateway)$/);
  expect(typeof r.body.description).toBe('string');
  expect(r.body.request_id).toMatch(/^[\w-]{8,}$/);
  expect(r.headers.get('x-request-id')).toBe(r.body.request_id);
  for (const m of mentions) expect(r.body.description).toContain(m);
}

/** Creates a token with the public key (as a browser would) and returns its id. */
export async function tokenize(api: TestApi, card: Record<string, unknown> = {}): Promise<string> {
  const r = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, ...card } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

let orderSeq = 0;
/** A fresh order id for this process. */
export const orderId = () => `ord-${process.pid}-${++orderSeq}-${Math.random().toString(36).slice(2, 8)}`;

/** A merchant-level card charge body for `source_id`, with a fresh order id. */
export const chargeBody = (source_id: string, extra: Record<string, unknown> = {}) => ({
  ...structuredClone(CARD_CHARGE_REQUEST),
  source_id,
  order_id: orderId(),
  ...extra,
});

/** The header the spec requires on charge creation. */
export const XFF = { 'X-Forwarded-For': '203.0.113.7' };

/** POSTs a charge with the private key and X-Forwarded-For; `path` defaults to the merchant level. */
export const charge = (api: TestApi, body: unknown, path = '/charges') => api.call('POST', path, { body, headers: XFF });

/** Creates a customer and returns its id. */
export async function createCustomer(api: TestApi, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await api.call('POST', '/customers', { body: { ...CUSTOMER_REQUEST, ...extra } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

/**
 * The first 128 bits (hex) of SHA-256 of the canonical JSON of `signals` (top-level keys sorted), written here
 * independently of src/fraud/hash.ts: what a conforming browser sends as `visitor_id`.
 */
export const visitorIdOf = (signals: Record<string, unknown>): string =>
  createHash('sha256')
    .update(JSON.stringify(signals, Object.keys(signals).sort()), 'utf8')
    .digest('hex')
    .slice(0, 32);

/** Signals of one made-up device (`n` varies the screen, so each `n` is another visitor). */
export const deviceSignals = (n = 0) => ({ ...structuredClone(DEVICE_SIGNALS), screen: [1920 + n, 1080, 24] });

/** A device-data body (what the browser library sends) for `device_session_id`, on device `n`. */
export function deviceBody(device_session_id: string, n = 0, extra: Record<string, unknown> = {}) {
  const signals = deviceSignals(n);
  return {
    device_session_id,
    visitor_id: visitorIdOf(signals),
    signals,
    ...structuredClone(DEVICE_DATA_REQUEST),
    ...extra,
  };
}

let sessionSeq = 0;
/** A fresh 32-character device_session_id. */
export const sessionId = () => `sess${process.pid}x${++sessionSeq}`.padEnd(32, 'Q');

/** Sends device data with the public key, as the browser library does; asserts 201; returns the session id. */
export async function postDevice(api: TestApi, n = 0, extra: Record<string, unknown> = {}): Promise<string> {
  const id = sessionId();
  const r = await api.call('POST', '/device-data', { as: 'public', body: deviceBody(id, n, extra) });
  expect(r.status).toBe(201);
  return id;
}
