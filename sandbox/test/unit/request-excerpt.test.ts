/**
 * What the request log keeps of a request (sandbox/src/http/request-excerpt.ts): card numbers to their BIN and last
 * four wherever they are, CVV2 values dropped, short excerpts. Table cases and a property (fast-check): whatever JSON
 * a card number is hidden in, and wherever the cut falls, the excerpt never holds it whole, nor a CVV2's value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyExcerpt, EXCERPT_MAX, maskDigits, maskNumbers, maskPath, PATH_MAX, REMOVED } from '../../src/http/request-excerpt';

describe('maskDigits', () => {
  it.each([
    ['4111111111111111', '411111******1111'],
    ['4111 1111 1111 1111', '411111******1111'],
    ['4111-1111-1111-1111', '411111******1111'],
    ['6011000990139424123', '601100*********4123'],
    ['4111111111111', '411111***1111'],
    ['411111111', '*****1111'],
    ['4111', '****'],
    ['', ''],
  ])('%s -> %s', (pan, masked) => expect(maskDigits(pan)).toBe(masked));
});

describe('maskNumbers and maskPath', () => {
  it('masks every run of 13 to 19 digits, spaces or dashes between, and leaves shorter numbers', () => {
    expect(maskNumbers('pay 5555 5555 5555 4444 and 4000-0000-0000-0002, order 123456789012, amount 349.50')).toBe(
      'pay 555555******4444 and 400000******0002, order 123456789012, amount 349.50',
    );
    expect(maskNumbers('646180157000000004')).toBe('646180********0004'); // an 18-digit CLABE is masked alike
  });

  it('a path keeps its shape, cut to its bound', () => {
    expect(maskPath('/v1/m/tokens/4111111111111111?x=1')).toBe('/v1/m/tokens/411111******1111?x=1');
    const long = maskPath(`/v1/${'a'.repeat(1000)}`);
    expect([long.length, long.endsWith('…')]).toEqual([PATH_MAX, true]);
  });
});

describe('bodyExcerpt', () => {
  it('JSON: card numbers by member name at any depth, or by shape anywhere; security codes dropped by name', () => {
    const body = {
      card_number: '4111111111111111',
      cvv2: '123',
      card: { number: 4242424242424242, cvc: 999, CVV: '12' },
      items: [{ note: 'card 5555555555554444 on file' }],
      pan: '4111',
      amount: 349.5,
    };
    expect(JSON.parse(bodyExcerpt(body, JSON.stringify(body))!)).toEqual({
      card_number: '411111******1111',
      cvv2: REMOVED,
      card: { number: '424242******4242', cvc: REMOVED, CVV: REMOVED },
      items: [{ note: 'card 555555******4444 on file' }],
      pan: '****',
      amount: 349.5,
    });
  });

  it('text that is not JSON: numbers masked, security-code values dropped', () => {
    expect(bodyExcerpt(undefined, '{"card_number":"4111111111111111","cvv2":"123",')).toBe(
      '{"card_number":"411111******1111","cvv2":"[removed]",',
    );
    expect(bodyExcerpt(undefined, 'cvv2=123&card=4111 1111 1111 1111')).toBe('cvv2=[removed]&card=411111******1111');
    expect(bodyExcerpt(undefined, "{'CVC': '1234'}")).toBe(`{'CVC': '${REMOVED}'}`);
  });

  it('no body is null; a long one is cut to EXCERPT_MAX', () => {
    expect(bodyExcerpt(undefined, undefined)).toBeNull();
    expect(bodyExcerpt(undefined, '')).toBeNull();
    const cut = bodyExcerpt({ text: 'x'.repeat(5000) }, undefined)!;
    expect([cut.length, cut.endsWith('…')]).toEqual([EXCERPT_MAX, true]);
    expect(bodyExcerpt(undefined, 'y'.repeat(5000))!.length).toBe(EXCERPT_MAX);
  });

  it('property: a card number hidden anywhere in a JSON body, a CVV2 under any of its names, never come out', () => {
    const pan = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 19 }).map((d) => d.join(''));
    const cvv = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 4 }).map((d) => `7${d.join('')}`);
    const key = fc.constantFrom('cvv2', 'cvv', 'cvc', 'CVV2', 'security_code');
    const filler = fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown);
    fc.assert(
      fc.property(pan, cvv, key, filler, fc.string({ maxLength: 30 }), (p, code, k, other, prefix) => {
        const body = { other, nested: { deeper: [{ description: `${prefix}${p}`, [k]: code }] }, card_number: p };
        for (const excerpt of [bodyExcerpt(body, JSON.stringify(body))!, bodyExcerpt(undefined, JSON.stringify(body).slice(0, -1))!]) {
          expect(excerpt).not.toContain(p);
          expect(excerpt).not.toContain(`"${code}"`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
