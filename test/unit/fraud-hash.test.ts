// @vitest-environment node
/**
 * The visitor id's hash and canonical encoding (src/fraud/hash.ts). FNV-1a 128 vectors: the empty string is the
 * offset basis and "a" is the draft-eastlake-fnv test vector; the others were computed with an independent Python
 * implementation (`h = ((h ^ byte) * prime) % 2**128` over the UTF-8 bytes).
 */
import { describe, expect, it } from 'vitest';
import { canonical, fnv1a128, visitorId } from '../../src/fraud/hash';

describe('fnv1a128', () => {
  it.each([
    ['', '6c62272e07bb014262b821756295c58d'],
    ['a', 'd228cb696f1a8caf78912b704e4a8964'],
    ['foobar', '343e1662793c64bf6f0d3597ba446f18'],
    ['Pérez', '3ed10e94d53c64bf6eda27239839b9ec'],
    ['\u{1F600}', '6633bd7871757277b806e877951e7228'],
    ['{"a":1,"b":[true,null]}', 'db35cae0647bc5fd977cdca63a6bd2d2'],
  ])('%j -> %s', (text, hash) => {
    expect(fnv1a128(text)).toBe(hash);
  });

  it('is always 32 lowercase hex characters, leading zeros kept', () => {
    for (let i = 0; i < 2000; i++) expect(fnv1a128(String(i))).toMatch(/^[0-9a-f]{32}$/);
  });

  it('hashes UTF-8 bytes, so a precomposed and a decomposed é differ', () => {
    expect(fnv1a128('\u00e9')).not.toBe(fnv1a128('e\u0301'));
  });
});

describe('canonical', () => {
  it('sorts members by key (UTF-16 code units) and writes no whitespace', () => {
    expect(canonical({ b: 1, a: [1, 'x', null], Z: true, é: 0, _: false })).toBe('{"Z":true,"_":false,"a":[1,"x",null],"b":1,"é":0}');
  });

  it('is independent of insertion order', () => {
    expect(canonical({ screen: [1, 2, 24], audio: 124.04, fonts: ['Arial'] })).toBe(canonical({ fonts: ['Arial'], audio: 124.04, screen: [1, 2, 24] }));
  });

  it('writes numbers as ECMAScript does (RFC 8785): -0 as 0, exponents, shortest round trip', () => {
    expect(canonical({ a: -0, b: 1e21, c: 1e-7, d: 0.1 + 0.2, e: 124.04347527516074 })).toBe('{"a":0,"b":1e+21,"c":1e-7,"d":0.30000000000000004,"e":124.04347527516074}');
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
  it('is FNV-1a 128 of the canonical encoding', () => {
    expect(visitorId({ b: 2, a: 1 })).toBe(fnv1a128('{"a":1,"b":2}'));
  });

  it('changes when any value changes, and not when only the order does', () => {
    const base = { screen: [1920, 1080, 24], timezone: ['America/Mexico_City', 'es-MX'], math: [1.718281828459045] };
    const id = visitorId(base);
    expect(visitorId({ math: base.math, timezone: base.timezone, screen: base.screen })).toBe(id);
    expect(visitorId({ ...base, screen: [1920, 1080, 30] })).not.toBe(id);
    expect(visitorId({ ...base, timezone: ['America/Mexico_City', 'es-ES'] })).not.toBe(id);
    expect(visitorId({ ...base, extra: false })).not.toBe(id);
  });
});
