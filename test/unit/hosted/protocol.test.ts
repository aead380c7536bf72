import { describe, expect, it } from 'vitest';
import {
  CHANNEL,
  PROTOCOL_VERSION,
  accept,
  channelId,
  envelope,
  frameUrl,
  originAllowed,
  parseConfig,
  parseFromFrame,
  parseToFrame,
} from '../../../src/hosted/protocol';

const ch = 'a'.repeat(32);
const state = { empty: false, focused: true, valid: false, potentiallyValid: true };
const config = { label: 'Card number', locale: 'en', merchantId: 'm1', publicKey: 'pk_x', timeoutMs: 20000 };

describe('parseFromFrame / parseToFrame', () => {
  it.each([
    ['ready', { t: 'ready', height: 40, session: 'abc' }],
    ['state', { t: 'state', e: 'change', state, brand: 'visa' }],
    [
      'state with an error',
      { t: 'state', e: 'blur', state: { ...state, error: { code: 'card_number.luhn', message: 'Invalid card number.' } }, brand: null },
    ],
    ['resize', { t: 'resize', height: 61 }],
    ['enter', { t: 'enter' }],
    ['token', { t: 'token', id: 1, token: { id: 'tok1', card: {} }, session: 's' }],
    ['fail', { t: 'fail', id: 1, fail: { type: 'api', message: '3001 declined', code: '3001', text: 'Card declined.' } }],
  ])('accepts a well-formed %s message on its channel and version', (_n, m) => {
    expect(parseFromFrame(envelope(ch, m), ch)).toEqual({ ...m, paytoken: PROTOCOL_VERSION, ch });
  });

  it.each([
    ['another channel', envelope('b'.repeat(32), { t: 'enter' })],
    ['an old version', { paytoken: 0, ch, t: 'enter' }],
    ['a newer version', { paytoken: 2, ch, t: 'enter' }],
    ['no version', { ch, t: 'enter' }],
    ['an unknown type', envelope(ch, { t: 'steal' })],
    ['an inherited type name', envelope(ch, { t: 'toString' })],
    ['a type of the other direction', envelope(ch, { t: 'focus' })],
    ['a state without its flags', envelope(ch, { t: 'state', e: 'change', state: { empty: true }, brand: null })],
    ['a state whose flag is a string', envelope(ch, { t: 'state', e: 'change', state: { ...state, valid: 'true' }, brand: null })],
    ['an unknown state event', envelope(ch, { t: 'state', e: 'submit', state, brand: null })],
    ['a negative height', envelope(ch, { t: 'resize', height: -1 })],
    ['a token without id', envelope(ch, { t: 'token', id: 1, token: {}, session: 's' })],
    ['null', null],
    ['a string', 'hello'],
    ['an array', [ch]],
  ])('ignores %s', (_n, data) => {
    expect(parseFromFrame(data, ch)).toBeNull();
  });

  it('never throws, whatever the data (a throwing getter, a revoked Proxy)', () => {
    const hostile = {
      paytoken: 1,
      ch,
      get t(): string {
        throw new Error('boom');
      },
    };
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(parseFromFrame(hostile, ch)).toBeNull();
    expect(parseToFrame(proxy, ch)).toBeNull();
  });

  it('accepts each merchant-page message in the frame, with its shape checked; no message configures a frame', () => {
    expect(parseToFrame(envelope(ch, { t: 'tokenize', id: 3, holder_name: 'Ana' }), ch)).not.toBeNull();
    expect(parseToFrame(envelope(ch, { t: 'focus' }), ch)).not.toBeNull();
    expect(parseToFrame(envelope(ch, { t: 'config', ...config }), ch)).toBeNull();
    expect(parseToFrame(envelope(ch, { t: 'tokenize', id: 'x' }), ch)).toBeNull();
    expect(parseToFrame(envelope(ch, { t: 'locale', locale: 'x'.repeat(100) }), ch)).toBeNull();
    expect(parseToFrame(envelope(ch, { t: 'ready', height: 1, session: 's' }), ch)).toBeNull();
  });
});

describe('accept', () => {
  const source = {};
  it('needs the exact origin and the very source window', () => {
    expect(accept({ origin: 'https://api.example', source } as unknown as MessageEvent, 'https://api.example', source)).toBe(true);
    expect(accept({ origin: 'https://api.example:443', source } as unknown as MessageEvent, 'https://api.example', source)).toBe(false);
    expect(accept({ origin: 'https://evil.example', source } as unknown as MessageEvent, 'https://api.example', source)).toBe(false);
    expect(accept({ origin: 'https://api.example', source: {} } as unknown as MessageEvent, 'https://api.example', source)).toBe(false);
    expect(accept({ origin: 'https://api.example', source: null } as unknown as MessageEvent, 'https://api.example', null)).toBe(false);
  });
});

describe('channelId, frameUrl, originAllowed', () => {
  it('makes 128-bit hex channel ids, different each time', () => {
    const ids = new Set(Array.from({ length: 100 }, channelId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(CHANNEL);
  });

  it('puts everything in the fragment of the frame URL, the configuration as JSON the frame reads back', () => {
    const withStyle = {
      ...config,
      placeholder: 'CVV',
      style: { base: { color: 'red' } },
      messages: { 'cvv2.length': 'Tres dígitos & más' },
    };
    const u = new URL(frameUrl('https://api.example/fields/v1', ch, 'cvv2', 'https://shop.example', withStyle));
    expect(u.origin + u.pathname).toBe('https://api.example/fields/v1/frame.html');
    expect(u.search).toBe('');
    const params = Object.fromEntries(new URLSearchParams(u.hash.slice(1)));
    expect(params).toEqual({ v: '1', ch, f: 'cvv2', o: 'https://shop.example', c: JSON.stringify(withStyle) });
    expect(parseConfig(params.c!)).toEqual(withStyle);
  });
});

describe('parseConfig', () => {
  it('reads a well-formed configuration', () => {
    expect(parseConfig(JSON.stringify(config))).toEqual(config);
    expect(parseConfig(JSON.stringify({ ...config, style: { base: { color: 'red' } }, deviceData: false }))).toMatchObject({
      deviceData: false,
    });
  });

  it.each([
    ['absent', null],
    ['not JSON', '{label:'],
    ['not an object', '"Card number"'],
    ['an array', '[]'],
    ['null', 'null'],
    ['a merchant id that is not a string', JSON.stringify({ ...config, merchantId: 5 })],
    ['no public key', JSON.stringify({ ...config, publicKey: undefined })],
    ['a too long locale', JSON.stringify({ ...config, locale: 'x'.repeat(100) })],
    ['a time-out that is not a number', JSON.stringify({ ...config, timeoutMs: '5' })],
    ['a message that is not a string', JSON.stringify({ ...config, messages: { x: {} } })],
    ['deviceData that is not a boolean', JSON.stringify({ ...config, deviceData: 'no' })],
  ])('refuses %s', (_n, json) => {
    expect(parseConfig(json)).toBeNull();
  });

  it.each([
    ['https://shop.example', ['https://shop.example'], true],
    ['https://shop.example', ['https://shop.example.evil'], false],
    ['https://shop.example.evil', ['https://shop.example'], false],
    ['http://127.0.0.1:4020', ['http://127.0.0.1:*'], true],
    ['http://127.0.0.1.evil.com:4020', ['http://127.0.0.1:*'], false],
    ['http://127.0.0.10:4020', ['http://127.0.0.1:*'], false],
    ['http://127.0.0.1', ['http://127.0.0.1:*'], false],
    ['https://127.0.0.1:4020', ['http://127.0.0.1:*'], false],
    ['', ['http://127.0.0.1:*'], false],
  ])('origin %s allowed by %j: %s', (origin, list, ok) => {
    expect(originAllowed(origin, list)).toBe(ok);
  });
});
