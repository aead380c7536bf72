import { describe, expect, it } from 'vitest';
import { ConfigurationError, DEFAULT_TIMEOUT_MS, PayTokenError, type ClientConfig } from '../../../src/index';
import { resolveConfig } from '../../../src/http/config';

const GOOD: ClientConfig = { merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' };

/** Runs resolveConfig and returns the ConfigurationError it throws (fails the test when it does not throw one). */
function configError(c: unknown): ConfigurationError {
  try {
    resolveConfig(c as Partial<ClientConfig>);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    return e as ConfigurationError;
  }
  throw new Error(`resolveConfig accepted ${JSON.stringify(c)}`);
}

describe('resolveConfig', () => {
  it('returns the checked configuration with the default timeout', () => {
    expect(resolveConfig(GOOD)).toStrictEqual({ ...GOOD, timeoutMs: 20_000 });
    expect(DEFAULT_TIMEOUT_MS).toBe(20_000);
  });

  describe('publicKey', () => {
    it.each([{ key: 'sk_test_123' }, { key: 'sk_live_abcdef' }, { key: 'sk_' }])(
      'refuses the private key $key, saying it is a private key',
      ({ key }) => {
        const e = configError({ ...GOOD, publicKey: key });
        expect(e.option).toBe('publicKey');
        expect(e.type).toBe('configuration');
        expect(e.name).toBe('ConfigurationError');
        expect(e).toBeInstanceOf(PayTokenError);
        expect(e).toBeInstanceOf(Error);
        expect(e.message).toMatch(/private key/i);
        // the key itself is never echoed back
        expect(e.message).not.toContain(key.slice(3) || '\u0000');
      },
    );

    it.each<{ name: string; key: unknown }>([
      { name: 'missing', key: undefined },
      { name: 'empty', key: '' },
      { name: 'no prefix', key: 'test_123' },
      { name: 'prefix only', key: 'pk_' },
      { name: 'upper-case prefix', key: 'PK_test_123' },
      { name: 'inner space', key: 'pk_test 123' },
      { name: 'trailing newline', key: 'pk_test_123\n' },
      { name: 'colon (would break Basic auth)', key: 'pk_a:b' },
      { name: 'non-ASCII', key: 'pk_tést' },
      { name: 'too long', key: `pk_${'a'.repeat(101)}` },
      { name: 'number', key: 123 },
    ])('refuses a malformed key ($name), not as a private key', ({ key }) => {
      const e = configError({ ...GOOD, publicKey: key });
      expect(e.option).toBe('publicKey');
      expect(e.message).not.toMatch(/private key/i);
    });

    it.each([{ key: 'pk_a' }, { key: 'pk_test_123' }, { key: `pk_${'a'.repeat(100)}` }, { key: 'pk_ABCdef0123456789' }])(
      'accepts $key',
      ({ key }) => {
        expect(resolveConfig({ ...GOOD, publicKey: key }).publicKey).toBe(key);
      },
    );
  });

  describe('merchantId', () => {
    it.each<{ name: string; id: unknown }>([
      { name: 'missing', id: undefined },
      { name: 'empty', id: '' },
      { name: '46 characters', id: 'a'.repeat(46) },
      { name: 'slash (path injection)', id: 'm1/../x' },
      { name: 'dash', id: 'm1-2' },
      { name: 'underscore', id: 'm1_2' },
      { name: 'space', id: 'm1 2' },
      { name: 'query', id: 'm1?x=1' },
      { name: 'non-ASCII letter', id: 'mñ1' },
      { name: 'number', id: 12345 },
    ])('refuses a bad merchant id ($name)', ({ id }) => {
      expect(configError({ ...GOOD, merchantId: id }).option).toBe('merchantId');
    });

    it.each([{ id: 'a' }, { id: 'A1' }, { id: 'a'.repeat(45) }])('accepts $id', ({ id }) => {
      expect(resolveConfig({ ...GOOD, merchantId: id }).merchantId).toBe(id);
    });
  });

  describe('baseUrl', () => {
    it.each<{ url: string; expected: string }>([
      { url: 'https://api.example.com', expected: 'https://api.example.com' },
      { url: 'https://api.example.com/', expected: 'https://api.example.com' },
      { url: 'https://api.example.com//', expected: 'https://api.example.com' },
      { url: 'https://api.example.com/base/', expected: 'https://api.example.com/base' },
      { url: 'https://api.example.com:8443/base', expected: 'https://api.example.com:8443/base' },
      { url: 'HTTPS://API.EXAMPLE.COM/', expected: 'https://api.example.com' },
      { url: 'http://127.0.0.1:4010', expected: 'http://127.0.0.1:4010' },
      { url: 'http://127.0.0.1:4010/', expected: 'http://127.0.0.1:4010' },
      { url: 'http://127.1.2.3', expected: 'http://127.1.2.3' },
      { url: 'http://localhost:4010/', expected: 'http://localhost:4010' },
      { url: 'http://LOCALHOST:4010', expected: 'http://localhost:4010' },
      { url: 'http://[::1]:4010/', expected: 'http://[::1]:4010' },
    ])('accepts $url -> $expected', ({ url, expected }) => {
      expect(resolveConfig({ ...GOOD, baseUrl: url }).baseUrl).toBe(expected);
    });

    it.each<{ name: string; url: unknown }>([
      { name: 'http to a public host', url: 'http://api.example.com' },
      { name: 'http to a private address', url: 'http://192.168.1.10:4010' },
      { name: 'http to 0.0.0.0', url: 'http://0.0.0.0:4010' },
      { name: 'http to a look-alike of localhost', url: 'http://localhost.example.com' },
      { name: 'http to a look-alike of 127.0.0.1', url: 'http://127.0.0.1.example.com' },
      { name: 'ftp', url: 'ftp://api.example.com' },
      { name: 'javascript:', url: 'javascript:alert(1)' },
      { name: 'data:', url: 'data:text/plain,x' },
      { name: 'relative path', url: '/api' },
      { name: 'no scheme', url: 'api.example.com' },
      { name: 'empty', url: '' },
      { name: 'missing', url: undefined },
      { name: 'query', url: 'https://api.example.com/?x=1' },
      { name: 'fragment', url: 'https://api.example.com/#x' },
      { name: 'user name', url: 'https://user@api.example.com' },
      { name: 'user and password', url: 'https://user:pass@api.example.com' },
      // Credentials without a user name are credentials too; fetch() refuses URLs with credentials.
      { name: 'password only', url: 'https://:secret@api.example.com' },
      // A bare '?' or '#' would end up inside every request URL ({base}?/v1/...), sending the path as a query.
      { name: "bare '?'", url: 'https://api.example.com/?' },
      { name: "bare '#'", url: 'https://api.example.com/#' },
    ])('refuses $name', ({ url }) => {
      expect(configError({ ...GOOD, baseUrl: url }).option).toBe('baseUrl');
    });
  });

  describe('timeoutMs', () => {
    it.each([{ t: 1 }, { t: 50 }, { t: 20_000 }, { t: 120_000 }])('accepts $t', ({ t }) => {
      expect(resolveConfig({ ...GOOD, timeoutMs: t }).timeoutMs).toBe(t);
    });

    it.each<{ name: string; t: unknown }>([
      { name: '0', t: 0 },
      { name: 'negative', t: -1 },
      { name: 'over 120000', t: 120_001 },
      { name: 'NaN', t: NaN },
      { name: 'Infinity', t: Infinity },
      { name: 'string', t: '1000' },
      { name: 'null', t: null },
      // the documented range is "from 1 to 120000" milliseconds
      { name: 'under 1 ms', t: 0.5 },
    ])('refuses $name', ({ t }) => {
      expect(configError({ ...GOOD, timeoutMs: t }).option).toBe('timeoutMs');
    });
  });

  it('checks options in order: merchantId, publicKey, baseUrl, timeoutMs', () => {
    expect(configError({ merchantId: '', publicKey: 'sk_x', baseUrl: 'x', timeoutMs: -1 }).option).toBe('merchantId');
    expect(configError({ ...GOOD, publicKey: 'sk_x', baseUrl: 'x', timeoutMs: -1 }).option).toBe('publicKey');
    expect(configError({ ...GOOD, baseUrl: 'x', timeoutMs: -1 }).option).toBe('baseUrl');
  });

  it.each([{ c: null }, { c: undefined }, { c: {} }, { c: 'https://api.example.com' }])('refuses $c with a ConfigurationError', ({ c }) => {
    expect(configError(c).option).toBe('merchantId');
  });
});
