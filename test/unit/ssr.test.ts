// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Own global names, to compare before and after an import. */
const globalNames = () => new Set([...Object.getOwnPropertyNames(globalThis), ...Object.getOwnPropertySymbols(globalThis).map(String)]);

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('server-side rendering: no window, no document', () => {
  it('runs without a DOM', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect('window' in globalThis).toBe(false);
  });

  it.each([
    { entry: 'src/index.ts', load: () => import('../../src/index') },
    { entry: 'src/browser.ts', load: () => import('../../src/browser') },
    { entry: 'src/checkout.ts', load: () => import('../../src/checkout') },
  ])('importing $entry does not throw, defines no global and does nothing at load time', async ({ load }) => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const before = globalNames();
    const mod = await load();
    const after = globalNames();
    expect([...after].filter((n) => !before.has(n))).toStrictEqual([]);
    expect('PayToken' in globalThis).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
    expect(mod).toBeTypeOf('object');
  });

  it('the ESM entry works in Node: validators, errors, client creation', async () => {
    const m = await import('../../src/index');
    expect(m.validatePan('4111 1111 1111 1111').valid).toBe(true);
    expect(m.validateCard({ card_number: '4111111111111111', holder_name: 'A', expiration_month: 1, expiration_year: 2099 }).valid).toBe(
      false,
    );
    expect(m.cardBrand('378282246310005')).toBe('amex');
    expect(() => m.createClient({ merchantId: 'm1', publicKey: 'pk_1', baseUrl: 'https://api.example.com' })).not.toThrow();
    expect(m.createClient({ merchantId: 'm1', publicKey: 'pk_1', baseUrl: 'https://api.example.com' }).deviceData.sessionId()).toMatch(
      /^[A-Za-z0-9]{32}$/,
    );
    expect(m.errorCodeFor({ field: 'card_number', reason: 'luhn' })).toStrictEqual([2004, 422]);
  });

  it('the ESM entry exports the public API: functions and constants (the README list is checked in test/tooling/docs.test.ts)', async () => {
    const m = await import('../../src/index');
    for (const name of [
      'createClient',
      'tokenize',
      'errorCodeFor',
      'PayTokenError',
      'ValidationError',
      'ApiError',
      'NetworkError',
      'TimeoutError',
      'ConfigurationError',
      'normalizePan',
      'luhn',
      'cardBrand',
      'validatePan',
      'validateExpiry',
      'validateCvv2',
      'validateHolderName',
      'validateAddress',
      'validateCard',
      'formatValue',
      'formMessage',
      'readCard',
    ]) {
      expect(typeof (m as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(m.DEFAULT_TIMEOUT_MS).toBe(20_000);
    expect(m.DEVICE_SESSION_ID_LENGTH).toBe(32);
    expect(m.MAX_EXPIRY_YEARS).toBe(20);
    expect(m.HOLDER_NAME_MAX).toBe(80);
    expect(m.PAN_LENGTHS).toStrictEqual([16, 19]);
    // internals stay inside: configuration checks, the session writer, the expiry parsers
    for (const name of [
      'resolveConfig',
      'deviceSessionId',
      'newDeviceSessionId',
      'writeDeviceSessionInput',
      'parseMonth',
      'parseYear',
      'expiryEnd',
      'cvv2Length',
      'cardBody',
      'request',
    ]) {
      expect(m, name).not.toHaveProperty(name);
    }
  });

  it('device data is not collected without a browser: the session id comes, the data is null, nothing is sent', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { createClient } = await import('../../src/index');
    const { deviceSessionId, data } = createClient({
      merchantId: 'm1',
      publicKey: 'pk_1',
      baseUrl: 'https://api.example.com',
    }).deviceData.collect();
    expect(deviceSessionId).toMatch(/^[A-Za-z0-9]{32}$/);
    await expect(data).resolves.toBeNull();
    const PayToken = (await import('../../src/browser')).default;
    PayToken.setId('m1');
    PayToken.setApiKey('pk_1');
    PayToken.setBaseUrl('https://api.example.com');
    expect(PayToken.deviceData.setup()).toBe(deviceSessionId);
    await expect(PayToken.deviceData.collected()).resolves.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('the classic object works in Node where it can, and fails cleanly where it needs a DOM', async () => {
    const PayToken = (await import('../../src/browser')).default;
    expect(PayToken.card.cardType('4111')).toBe('Visa');
    expect(PayToken.card.validateCardNumber('4111111111111111')).toBe(true);
    expect(PayToken.deviceData.setup()).toMatch(/^[A-Za-z0-9]{32}$/);
    const { form } = (await import('../../src/checkout')).default;
    expect(() => form.mount('checkout')).toThrow(expect.objectContaining({ name: 'ConfigurationError', option: 'form' }));
    // a form id that names no element (here: no DOM at all) writes nothing and returns the id, as the classic script
    expect(PayToken.deviceData.setup('checkout')).toMatch(/^[A-Za-z0-9]{32}$/);

    PayToken.setId('m1');
    PayToken.setApiKey('pk_test_1');
    PayToken.setBaseUrl('https://api.example.com');
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const failure = await new Promise<unknown>((resolve) => PayToken.token.extractFormAndCreate('checkout', undefined, resolve));
    expect(failure).toMatchObject({ status: 0, data: { error_code: 1002 } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
