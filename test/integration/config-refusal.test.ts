/**
 * A private key (`sk_...`) or a plain-http base URL to anything but loopback is refused by the library BEFORE
 * any request: proven against a running sandbox whose request counter stays at zero, while the same sandbox is
 * shown to be reachable at that very address, so "no request" is not "request failed".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createClient } from '../../src/index';
import PayToken, { type ClassicFailure } from '../../src/browser';
import { CARD, CREDS, useSandbox } from '../../sandbox/test/contract/helpers';

const api = useSandbox();
const realFetch = globalThis.fetch;
let fetchCalls = 0;

afterEach(() => {
  vi.unstubAllGlobals();
  fetchCalls = 0;
  api.sandbox.counter.reset();
});

/** Counts fetch calls made by the library, passing them through. */
function countFetch(): void {
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
    fetchCalls++;
    return realFetch(...args);
  });
}

/** Runs `f` and returns the ConfigurationError it throws synchronously. */
function configError(f: () => unknown): ConfigurationError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    return e as ConfigurationError;
  }
  throw new Error('no ConfigurationError thrown');
}

describe('createClient', () => {
  it('refuses the private key at once: no request reaches the API, and the key is not in the message', () => {
    countFetch();
    const e = configError(() => createClient({ merchantId: CREDS.merchantId, publicKey: CREDS.privateKey, baseUrl: api.baseUrl }));
    expect(e.option).toBe('publicKey');
    expect(e.message).not.toContain(CREDS.privateKey);
    expect(fetchCalls).toBe(0);
    expect(api.sandbox.counter.total).toBe(0);
  });

  it('refuses http to a non-loopback address that does reach the sandbox (0.0.0.0): no request', async () => {
    const port = new URL(api.baseUrl).port;
    countFetch();
    const e = configError(() =>
      createClient({ merchantId: CREDS.merchantId, publicKey: CREDS.publicKey, baseUrl: `http://0.0.0.0:${port}` }),
    );
    expect(e.option).toBe('baseUrl');
    expect(fetchCalls).toBe(0);
    expect(api.sandbox.counter.total).toBe(0);
    // the address is live: a plain fetch there does arrive
    await realFetch(`http://0.0.0.0:${port}/v1/${CREDS.merchantId}/tokens`);
    expect(api.sandbox.counter.total).toBe(1);
  });

  it.each(['http://api.example.com', 'http://192.168.0.10:4010', 'ftp://127.0.0.1', 'http://127.0.0.1.example.com'])(
    'refuses %s: no request',
    (baseUrl) => {
      countFetch();
      expect(configError(() => createClient({ merchantId: CREDS.merchantId, publicKey: CREDS.publicKey, baseUrl })).option).toBe('baseUrl');
      expect(fetchCalls).toBe(0);
    },
  );
});

describe('classic script-tag API', () => {
  it('setApiKey refuses the private key and keeps none; a later token.create fails locally with no request', async () => {
    countFetch();
    PayToken.setId(CREDS.merchantId);
    PayToken.setBaseUrl(api.baseUrl);
    const before = PayToken.getApiKey();
    expect(configError(() => PayToken.setApiKey(CREDS.privateKey)).option).toBe('publicKey');
    expect(before).toBe(''); // no test of this file sets a key
    expect(PayToken.getApiKey()).toBe('');
    const fail = await new Promise<ClassicFailure>((resolve) => PayToken.token.create(CARD, () => {}, resolve));
    expect([fail.status, fail.data.error_code]).toEqual([0, 1002]);
    expect(fetchCalls).toBe(0);
    expect(api.sandbox.counter.total).toBe(0);
  });

  it('setBaseUrl refuses http to 0.0.0.0 and keeps the previous URL', () => {
    countFetch();
    PayToken.setBaseUrl(api.baseUrl);
    const port = new URL(api.baseUrl).port;
    expect(configError(() => PayToken.setBaseUrl(`http://0.0.0.0:${port}`)).option).toBe('baseUrl');
    expect(PayToken.getBaseUrl()).toBe(api.baseUrl);
    expect(fetchCalls).toBe(0);
    expect(api.sandbox.counter.total).toBe(0);
  });
});
