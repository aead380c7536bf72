// @vitest-environment node
/**
 * The visitor id's hash and canonical encoding (src/fraud/hash.ts). SHA-256 vectors, first 128 bits: "" and "abc"
 * are the FIPS 180-2 examples; the others were computed with Python's hashlib over the UTF-8 bytes.
 */
import { describe, expect, it } from 'vitest';
import { canonical, hash128, visitorId } from '../../../src/fraud/hash';

describe('hash128', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb924'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223'],
    ['Pérez', '07559358e4962ee54bde5f9471d50950'],
    ['\u{1F600}', 'f0443a342c5ef54783a111b51ba56c93'],
    ['{"a":1,"b":[true,null]}', '1cc69c7fa23616ca2ec3ee70d24390a6'],
  ])('%j -> %s', async (text, hash) => {
    expect(await hash128(text)).toBe(hash);
  });

  it('is always 32 lowercase hex characters, leading zeros kept', async () => {
    const hashes = await Promise.all(Array.from({ length: 500 }, (_, i) => hash128(String(i))));
    for (const h of hashes) expect(h).toMatch(/^[0-9a-f]{32}$/);
    expect(hashes.some((h) => h.startsWith('0'))).toBe(true);
  });

  it('hashes UTF-8 bytes, so a precomposed and a decomposed é differ', async () => {
    expect(await hash128('\u00e9')).not.toBe(await hash128('e\u0301'));
  });
});

describe('canonical', () => {
  it('sorts members by key (UTF-16 code units) and writes no whitespace', () => {
    expect(canonical({ b: 1, a: [1, 'x', null], Z: true, é: 0, _: false })).toBe('{"Z":true,"_":false,"a":[1,"x",null],"b":1,"é":0}');
  });

  it('is independent of insertion order', () => {
    expect(canonical({ screen: [1, 2, 24], audio: 124.04, fonts: ['Arial'] })).toBe(
      canonical({ fonts: ['Arial'], audio: 124.04, screen: [1, 2, 24] }),
    );
  });

  it('writes numbers as ECMAScript does (RFC 8785): -0 as 0, exponents, shortest round trip', () => {
    expect(canonical({ a: -0, b: 1e21, c: 1e-7, d: 0.1 + 0.2, e: 124.04347527516074 })).toBe(
      '{"a":0,"b":1e+21,"c":1e-7,"d":0.30000000000000004,"e":124.04347527516074}',
    );
  });

  it('gives the same text after a JSON round trip (what the sandbox recomputes from)', () => {
    const signals = {
      webgl: ['WebKit', 'WebKit WebGL', 16384, 16384],
      platform: ['Linux x86_64', ['Linux', false, ['Chromium/156', 'Not.A/Brand/99']]],
      bad: [NaN, Infinity, undefined, -0],
      gone: undefined,
      text: 'quote " backslash \\ line\u2028 lone \ud800',
    };
    expect(canonical(JSON.parse(JSON.stringify(signals)))).toBe(canonical(signals));
    expect(canonical(signals)).toContain('"bad":[null,null,null,0]');
    expect(canonical(signals)).not.toContain('gone');
  });
});

describe('visitorId', () => {
  it('is hash128 of the canonical encoding', async () => {
    expect(await visitorId({ b: 2, a: 1 })).toBe(await hash128('{"a":1,"b":2}'));
  });

  it('changes when any value changes, and not when only the order does', async () => {
    const base = { screen: [1920, 1080, 24], timezone: ['America/Mexico_City', 'es-MX'], math: [1.718281828459045] };
    const id = await visitorId(base);
    expect(await visitorId({ math: base.math, timezone: base.timezone, screen: base.screen })).toBe(id);
    expect(await visitorId({ ...base, screen: [1920, 1080, 30] })).not.toBe(id);
    expect(await visitorId({ ...base, timezone: ['America/Mexico_City', 'es-ES'] })).not.toBe(id);
    expect(await visitorId({ ...base, extra: false })).not.toBe(id);
  });
});
