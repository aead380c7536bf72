import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withMoneyDecimals } from '../../src/json/money';

describe('withMoneyDecimals', () => {
  it('writes money members with two decimals at any depth, and nothing else', () => {
    const text = JSON.stringify({
      amount: 349,
      fee: { amount: 1.5, tax: 0.24, currency: 'MXN' },
      refund: { amount: 100, id: 'r1' },
      balance: -3,
      items: [{ max_amount: 2000 }, { amount: 'x', tax: null }],
      installments: 6,
      description: '"amount":5',
    });
    expect(withMoneyDecimals(text)).toBe(
      '{"amount":349.00,"fee":{"amount":1.50,"tax":0.24,"currency":"MXN"},"refund":{"amount":100.00,"id":"r1"},' +
        '"balance":-3.00,"items":[{"max_amount":2000.00},{"amount":"x","tax":null}],"installments":6,"description":"\\"amount\\":5"}',
    );
  });

  it('leaves a text without money as it is, and keeps every value of any object (property)', () => {
    expect(withMoneyDecimals('[1,2,{"a":3}]')).toBe('[1,2,{"a":3}]');
    const cents = fc.integer({ min: -1e12, max: 1e12 });
    // strings that read like money members, alone or inside other text: they stay as they are
    const lookalike = fc.constantFrom('"amount":5', ',"tax":1}', '{"balance":-2,', '"max_amount":0.5', '\\",\\"amount\\":7');
    const text = fc.oneof(
      fc.string(),
      lookalike,
      fc.tuple(fc.string(), lookalike, fc.string()).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ amount: cents, n: fc.integer(), s: text })), (rows) => {
        const value = rows.map((r) => ({ ...r, amount: r.amount / 100 }));
        const out = withMoneyDecimals(JSON.stringify(value));
        expect(JSON.parse(out)).toEqual(value);
        for (const m of out.matchAll(/"amount":(-?[\d.]+)/g)) expect(m[1]).toMatch(/^-?\d+\.\d{2}$/);
      }),
      { numRuns: 200 },
    );
  });
});
