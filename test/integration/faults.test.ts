/**
 * The client (src/client.ts, src/http) against the sandbox's fault mode over real HTTP: for every fault, the one typed error
 * it ends in (or the success its one retry buys), how many requests the sandbox saw, what the sandbox created,
 * and that it failed within the configured time. After each fault the same client works again, and no
 * promise rejection went unhandled.
 *
 * Each test starts its own sandbox in fault mode on a free 127.0.0.1 port (so `times=N` counters and the
 * store start empty) and sets the fault as its run-time default (`sandbox.faults.set`): the client and the
 * script tag keep the `fetch` of their set-up, so a wrapper of fetch installed later could not add the
 * `X-Sandbox-Fault` header (the header itself is tested below, with a client created after the wrapper).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_DELAY_MS } from '../../src/http/request';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { ApiError, createClient, NetworkError, PayTokenError, TimeoutError, type Client } from '../../src/index';
import type { ClassicFailure } from '../../src/browser';
import { CARD, CREDS, NOW } from '../../sandbox/test/contract/helpers';

const realFetch = globalThis.fetch;
let sandbox: RunningSandbox;
let unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeEach(async () => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
  sandbox = await startSandbox({ ...CREDS, now: () => NOW, faults: true, faultsPublicKey: true, port: 0 });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await sandbox.close();
  // let any stray rejection surface before checking
  await new Promise((r) => setTimeout(r, 20));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

/** Applies `fault` to every following request (the sandbox's run-time default fault; `null` clears it). */
function withFault(fault: string | null): void {
  sandbox.faults.set(fault);
}

/** Sends every request of clients created from now on with `X-Sandbox-Fault: fault` (a wrapper of fetch). */
function withFaultHeader(fault: string): void {
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) =>
    realFetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Sandbox-Fault': fault } }),
  );
}

const client = (timeoutMs = 3000): Client =>
  createClient({ merchantId: CREDS.merchantId, publicKey: CREDS.publicKey, baseUrl: sandbox.baseUrl, timeoutMs });

const path = (p: string) => `/v1/${CREDS.merchantId}${p}`;
const OPS = {
  tokens: { run: (c: Client): Promise<unknown> => c.tokens.create(CARD), path: path('/tokens'), stored: () => sandbox.store.tokens.size },
  cards: { run: (c: Client): Promise<unknown> => c.cards.create(CARD), path: path('/cards'), stored: () => sandbox.store.cards.size },
} as const;

/** Starts `start()` and returns how it ended and how long it took, in ms (the clock starts before the call). */
async function timed(start: () => Promise<unknown>): Promise<{ value?: unknown; error?: unknown; ms: number }> {
  const t0 = performance.now();
  try {
    const value = await start();
    return { value, ms: performance.now() - t0 };
  } catch (error) {
    return { error, ms: performance.now() - t0 };
  }
}

/** After a fault: the same client, without the fault, tokenizes again (nothing stuck). */
async function worksAgain(c: Client): Promise<void> {
  withFault(null);
  const token = await c.tokens.create(CARD);
  expect(token.id).toMatch(/^tok/);
}

type Row = {
  fault: string;
  op: keyof typeof OPS;
  timeoutMs?: number;
  error?: typeof ApiError | typeof NetworkError | typeof TimeoutError;
  code?: number;
  status?: number;
  requests: number;
  stored: number;
  /** Bounds of the time to settle, ms. */
  within: [number, number];
};

// Bounds are generous (2 shared cores): the lower bound is what the policy guarantees (waits, timeouts),
// the upper one what it must never exceed (timeoutMs, plus slack for a loaded machine).
const R = RETRY_DELAY_MS;
const ROWS: Row[] = [
  { fault: 'latency=300', op: 'tokens', requests: 1, stored: 1, within: [290, 2500] },
  { fault: 'latency=5000', op: 'tokens', timeoutMs: 800, error: TimeoutError, requests: 1, stored: 0, within: [790, 1800] },
  { fault: 'latency=5000', op: 'cards', timeoutMs: 800, error: TimeoutError, requests: 1, stored: 0, within: [790, 1800] },
  { fault: 'status=500', op: 'tokens', error: ApiError, code: 1000, status: 500, requests: 1, stored: 0, within: [0, 1500] },
  { fault: 'status=500', op: 'cards', error: ApiError, code: 1000, status: 500, requests: 1, stored: 0, within: [0, 1500] },
  { fault: 'status=503', op: 'tokens', error: ApiError, code: 1004, status: 503, requests: 2, stored: 0, within: [R, 2 * R + 1500] },
  { fault: 'status=503', op: 'cards', error: ApiError, code: 1004, status: 503, requests: 2, stored: 0, within: [R, 2 * R + 1500] },
  { fault: 'status=503;times=1', op: 'tokens', requests: 2, stored: 1, within: [R, 2 * R + 1500] },
  { fault: 'status=503;times=1', op: 'cards', requests: 2, stored: 1, within: [R, 2 * R + 1500] },
  { fault: 'reset=before', op: 'tokens', error: NetworkError, requests: 2, stored: 0, within: [R, 2 * R + 1500] },
  { fault: 'reset=before;times=1', op: 'tokens', requests: 2, stored: 1, within: [R, 2 * R + 1500] },
  { fault: 'reset=before', op: 'cards', error: NetworkError, requests: 1, stored: 0, within: [0, 1500] },
  // the lost-response case: tokenizing again leaves one unused token; a card is never stored twice
  { fault: 'reset=after', op: 'tokens', error: NetworkError, requests: 2, stored: 2, within: [R, 2 * R + 1500] },
  { fault: 'reset=after', op: 'cards', error: NetworkError, requests: 1, stored: 1, within: [0, 1500] },
  { fault: 'body=malformed', op: 'tokens', error: NetworkError, requests: 1, stored: 1, within: [0, 1500] },
  { fault: 'body=truncated', op: 'tokens', error: NetworkError, requests: 1, stored: 1, within: [0, 1500] },
  { fault: 'body=truncated', op: 'cards', error: NetworkError, requests: 1, stored: 1, within: [0, 1500] },
  { fault: 'status=500;body=truncated', op: 'tokens', error: ApiError, code: 1000, status: 500, requests: 1, stored: 0, within: [0, 1500] },
  {
    fault: 'status=503;body=malformed',
    op: 'tokens',
    error: ApiError,
    code: 1000,
    status: 503,
    requests: 2,
    stored: 0,
    within: [R, 2 * R + 1500],
  },
  { fault: 'body=hang', op: 'tokens', timeoutMs: 800, error: TimeoutError, requests: 1, stored: 1, within: [790, 1800] },
  { fault: 'body=hang', op: 'cards', timeoutMs: 800, error: TimeoutError, requests: 1, stored: 1, within: [790, 1800] },
];

const CASES = ROWS.map((r) => ({ ...r, outcome: r.error ? `${r.error.name}${r.code ? ` ${r.code}` : ''}` : 'success' }));

describe('client under each fault (real HTTP, default fault)', () => {
  it.each(CASES)('$op with $fault -> $outcome; $requests request(s), $stored stored', async (row) => {
    const c = client(row.timeoutMs);
    const op = OPS[row.op];
    withFault(row.fault);
    const r = await timed(() => op.run(c));
    if (row.error) {
      expect(r.error).toBeInstanceOf(row.error);
      expect(r.error).toBeInstanceOf(PayTokenError);
      if (row.error === TimeoutError) expect((r.error as TimeoutError).timeoutMs).toBe(row.timeoutMs);
      if (row.code) {
        const a = r.error as ApiError;
        expect([a.error_code, a.status, a.error.http_code]).toStrictEqual([row.code, row.status, row.status]);
        // the sandbox's own Error objects carry its request id; a body that was not JSON has none
        if (!row.fault.includes('body=')) expect(a.request_id).toMatch(/^[\w-]{8,}$/);
      }
    } else {
      expect(r.error).toBeUndefined();
      expect((r.value as { id: string }).id).toMatch(/^(tok|k)/);
    }
    expect(sandbox.counter.count('POST', op.path)).toBe(row.requests);
    expect(op.stored()).toBe(row.stored);
    expect(r.ms).toBeGreaterThanOrEqual(row.within[0]);
    expect(r.ms).toBeLessThanOrEqual(row.within[1]);
    await worksAgain(c);
  });

  it('a body that never ends ends in TimeoutError at timeoutMs (1000 ms), not later', async () => {
    const c = client(1000);
    withFault('body=hang');
    const r = await timed(() => c.tokens.create(CARD));
    expect(r.error).toBeInstanceOf(TimeoutError);
    expect(r.ms).toBeGreaterThanOrEqual(990);
    expect(r.ms).toBeLessThan(2500);
  });

  it('every failing call rejects exactly once (one typed error, no second settle)', async () => {
    const c = client(600);
    for (const fault of ['status=500', 'status=503', 'reset=before', 'reset=after', 'body=truncated', 'body=hang']) {
      withFault(fault);
      const settled = vi.fn();
      await c.tokens.create(CARD).then(settled, settled);
      await new Promise((r) => setTimeout(r, 50));
      expect(settled, fault).toHaveBeenCalledTimes(1);
      expect(settled.mock.calls[0]![0], fault).toBeInstanceOf(PayTokenError);
    }
  });
});

describe('classic script-tag API under faults (the failure callback, then the form works again)', () => {
  it.each([
    { fault: 'reset=before', status: 0, code: 1004, requests: 2 },
    { fault: 'status=503', status: 503, code: 1004, requests: 2 },
    { fault: 'status=500', status: 500, code: 1000, requests: 1 },
  ])(
    '$fault -> failure callback status $status, error_code $code, after $requests request(s)',
    async ({ fault, status, code, requests }) => {
      // a fresh script tag per test: once a card was sent, its base URL is pinned (and each test has its own sandbox)
      vi.resetModules();
      const PayToken = (await import('../../src/browser')).default;
      const classic = () =>
        new Promise<{ ok?: unknown; fail?: ClassicFailure }>((resolve) =>
          PayToken.token.create(
            CARD,
            (ok) => resolve({ ok }),
            (fail) => resolve({ fail }),
          ),
        );
      PayToken.setId(CREDS.merchantId);
      PayToken.setApiKey(CREDS.publicKey);
      PayToken.setBaseUrl(sandbox.baseUrl);
      withFault(fault);
      const r = await classic();
      expect(r.fail?.status).toBe(status);
      expect(r.fail?.data.error_code).toBe(code);
      expect(sandbox.counter.count('POST', path('/tokens'))).toBe(requests);
      withFault(null);
      expect((await classic()).ok).toMatchObject({ status: 200 });
    },
  );
});

describe('fault mode itself', () => {
  it('the CORS preflight does not allow the fault header: no web page can ask for a fault', async () => {
    const res = await realFetch(`${sandbox.baseUrl}${path('/tokens')}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-sandbox-fault',
      },
    });
    expect(res.status).toBe(204);
    const allowed = res.headers
      .get('access-control-allow-headers')
      ?.toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toContain('authorization');
    expect(allowed).not.toContain('x-sandbox-fault');
  });

  it('a fault that does not parse is error 1001 naming the header', async () => {
    withFaultHeader('status=404');
    const r = await timed(() => client().tokens.create(CARD));
    const a = r.error as ApiError;
    expect(a).toBeInstanceOf(ApiError);
    expect(a.error).toStrictEqual({
      category: 'request',
      error_code: 1001,
      http_code: 400,
      description: expect.stringContaining('X-Sandbox-Fault'),
      request_id: expect.any(String),
    });
  });

  it('a default fault set at run time applies to requests without the header, and can be cleared', async () => {
    sandbox.faults.set('status=503');
    const r = await timed(() => client().tokens.create(CARD));
    expect((r.error as ApiError).error_code).toBe(1004);
    sandbox.faults.set(null);
    expect((await client().tokens.create(CARD)).id).toMatch(/^tok/);
    expect(sandbox.counter.count('POST', path('/tokens'))).toBe(3);
  });
});

describe('a sandbox without fault mode cannot be tricked', () => {
  it.each(['status=500', 'reset=before', 'body=hang', 'latency=5000', 'nonsense'])('ignores X-Sandbox-Fault: %s', async (fault) => {
    const plain = await startSandbox({ ...CREDS, now: () => NOW, port: 0 });
    try {
      withFaultHeader(fault);
      const c = createClient({ merchantId: CREDS.merchantId, publicKey: CREDS.publicKey, baseUrl: plain.baseUrl, timeoutMs: 3000 });
      const r = await timed(() => c.tokens.create(CARD));
      expect(r.error).toBeUndefined();
      expect(r.ms).toBeLessThan(2000);
      expect(plain.counter.count('POST', path('/tokens'))).toBe(1);
      expect(() => plain.faults.set('status=500')).toThrow(/fault mode is off/);
    } finally {
      await plain.close();
    }
  });
});
