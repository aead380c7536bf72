/** The test-card catalogue of the sandbox (sandbox/src/domain/card/test-cards.ts). */
import { generate } from 'luhn-js';
import { describe, expect, it } from 'vitest';
import { validateCard, validatePan } from 'paytoken';
import { TEST_CARDS, outcomeOf, profileOf, testCardsMarkdown, type Outcome } from '../../src/domain/card/test-cards';

describe('test cards', () => {
  it.each(TEST_CARDS.map((c) => [c.number, c]))('%s passes the local card rules as its brand', (number, c) => {
    expect(number).toMatch(/^\d{16}$/);
    expect(generate(number.slice(0, -1))).toBe(number);
    expect(validatePan(number)).toMatchObject({ valid: true, brand: c.brand });
    expect(
      validateCard({ card_number: number, holder_name: 'Test', expiration_month: '12', expiration_year: '30', cvv2: '123' }).valid,
    ).toBe(true);
    expect(outcomeOf(number)).toBe(c.outcome);
  });

  it.each<[string, Outcome]>([
    ['4111111111111111', 'approved'],
    ['5555555555554444', 'approved'],
    ['2223000048400011', 'approved'],
    ['5062210000000009', 'approved'],
    ['4000000000000002', 'declined'],
  ])('has %s (%s)', (number, outcome) => {
    expect(TEST_CARDS.find((c) => c.number === number)?.outcome).toBe(outcome);
  });

  it('covers a mastercard 2-series and a carnet card (IIN 506199-506499)', () => {
    expect(TEST_CARDS.some((c) => c.brand === 'mastercard' && /^2[2-7]/.test(c.number) && c.outcome === 'approved')).toBe(true);
    expect(TEST_CARDS.some((c) => c.brand === 'carnet' && +c.number.slice(0, 6) >= 506199 && +c.number.slice(0, 6) <= 506499)).toBe(true);
  });

  it.each([3001, 3002, 3003, 3004, 3005, 3009, 3010])('has a visa card failing with %d', (code) => {
    expect(TEST_CARDS.some((c) => c.brand === 'visa' && c.error_code === code)).toBe(true);
  });

  it('any other number is approved', () => {
    expect(outcomeOf('4242424242424242')).toBe('approved');
    expect(profileOf('4242424242424242')).toEqual({ threeDSecure: 'challenge', points: 0, type: 'credit' });
  });

  it('has the 3-D Secure cards: all 3012 without it; a challenge, a frictionless and a failing one', () => {
    const threeDs = TEST_CARDS.filter((c) => c.three_d_secure);
    expect(threeDs.map((c) => [c.three_d_secure, c.error_code]).sort()).toEqual([
      ['challenge', 3012],
      ['fails', 3012],
      ['frictionless', 3012],
    ]);
  });

  it('has two points cards (visa, mastercard) and a debit card', () => {
    expect(TEST_CARDS.filter((c) => c.points).map((c) => [c.brand, profileOf(c.number).points > 0])).toEqual([
      ['visa', true],
      ['mastercard', true],
    ]);
    expect(TEST_CARDS.filter((c) => c.type === 'debit').map((c) => profileOf(c.number).type)).toEqual(['debit']);
  });

  it('renders as a Markdown table, one row per card, numbers grouped by four', () => {
    const lines = testCardsMarkdown().split('\n');
    expect(lines[0]).toBe('| Card number | Brand | Type | Outcome | error_code | Points | Description |');
    expect(lines[1]).toBe('|---|---|---|---|---|---|---|');
    expect(lines).toHaveLength(TEST_CARDS.length + 2);
    expect(lines).toContain('| `4111 1111 1111 1111` | visa | credit | approved | - | - | Visa, approved |');
    expect(lines.some((l) => l.startsWith('| `4000 0000 0003 0058` | visa | credit | fraud | 3005 | - |'))).toBe(true);
    expect(lines.some((l) => l.startsWith('| `4000 0000 0000 4004` | visa | credit | approved | - | 50000 |'))).toBe(true);
    expect(lines.some((l) => l.startsWith('| `4000 0000 0000 0507` | visa | debit | approved |'))).toBe(true);
  });
});
