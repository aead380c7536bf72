import luhnJs from 'luhn-js';
import { describe, expect, it } from 'vitest';
import { luhn } from '../../../src/card/pan';

/** Deterministic PRNG (mulberry32), so a failure is reproducible. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('our Luhn agrees with the luhn-js package (the reference)', () => {
  it('on every digit string of 2 to 5 digits', () => {
    for (let len = 2; len <= 5; len++) {
      for (let n = 0; n < 10 ** len; n++) {
        const s = String(n).padStart(len, '0');
        if (luhn(s) !== luhnJs.isValid(s)) expect.fail(`disagree on ${s}`);
      }
    }
  });

  it('on 100,000 random digit strings of 6 to 25 digits', () => {
    const r = rng(7812);
    let valid = 0;
    for (let k = 0; k < 100_000; k++) {
      const len = 6 + Math.floor(r() * 20);
      let s = '';
      for (let i = 0; i < len; i++) s += Math.floor(r() * 10);
      const ours = luhn(s);
      if (ours !== luhnJs.isValid(s)) expect.fail(`disagree on ${s}`);
      if (ours) valid++;
    }
    expect(valid / 100_000).toBeGreaterThan(0.09); // about one in ten passes: the check is not trivially false
    expect(valid / 100_000).toBeLessThan(0.11);
  });

  it('accepts what luhn-js generates and refuses every single-digit change of it', () => {
    const r = rng(42);
    for (let k = 0; k < 2_000; k++) {
      let body = '';
      for (let i = 0; i < 15; i++) body += Math.floor(r() * 10);
      const pan = luhnJs.generate(body);
      expect(luhn(pan)).toBe(true);
      const at = Math.floor(r() * pan.length);
      const other = String((+pan[at]! + 1 + Math.floor(r() * 9)) % 10);
      expect(luhn(pan.slice(0, at) + other + pan.slice(at + 1))).toBe(false);
    }
  });
});
