/**
 * Other projects' published card numbers (./peer-cards.ts) through our card rules, and the README's table of
 * which numbers the classic script and this library accept, measured on both: the classic `openpay-card.v1.js`
 * (devDependency `openpay-js` 1.0.0) runs in a Node vm context, as it would on a page.
 */
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import luhnJs from 'luhn-js';
import { describe, expect, it } from 'vitest';
import { cardBrand, validatePan, type Brand } from '../../../src/card/index';
import { PEER_CARDS } from './peer-cards';

const ALL_BRANDS: Brand[] = ['visa', 'mastercard', 'amex', 'carnet', 'discover', 'diners', 'jcb', 'unionpay'];
const isLuhnValid = (n: string) => luhnJs.isValid(n);

describe("peer tables: published test cards and other validators' cases", () => {
  it.each(PEER_CARDS.map((c) => [c.number, c.network, c.source, c] as const))('%s (%s; %s)', (number, _network, _source, card) => {
    // the number is what its source publishes: Luhn-valid unless marked
    expect(isLuhnValid(number)).toBe(card.luhn !== false);
    expect(cardBrand(number)).toBe(card.brand);
    const r = validatePan(number);
    const expected = ![16, 19].includes(number.length) ? 'length' : card.luhn === false ? 'luhn' : undefined;
    // the spec's rule and nothing else: 16 or 19 digits, Luhn; never the IIN
    expect(r.reason).toBe(expected);
    expect(r.valid).toBe(expected === undefined);
    expect(r.brand).toBe(card.brand);
  });

  it('every Luhn-valid 16/19-digit number passes, whatever its network; the IIN refuses one only under an accepted-brands list', () => {
    const eligible = PEER_CARDS.filter((c) => [16, 19].includes(c.number.length) && c.luhn !== false);
    const unlisted = eligible.filter((c) => c.brand === null);
    expect(eligible.length).toBeGreaterThan(100);
    expect(unlisted.length).toBeGreaterThan(20);
    for (const c of eligible) expect(validatePan(c.number).valid).toBe(true);
    for (const c of eligible) expect(validatePan(c.number, ALL_BRANDS).reason).toBe(c.brand === null ? 'brand' : undefined);
  });

  it('every Carnet BIN of activemerchant is carnet, 627535 included (not unionpay)', () => {
    const carnet = PEER_CARDS.filter((c) => c.network === 'carnet');
    expect(carnet.map((c) => c.number.slice(0, 6)).sort()).toEqual(
      ['286900', '502275', '588772', '604622', '604622', '606333', '627535', '636318', '636379', '639388', '639484', '639559'].sort(),
    );
    for (const c of carnet) expect(cardBrand(c.number)).toBe('carnet');
  });
});

/** The classic card script, evaluated as a browser would (its global object is `window`; no jQuery on the page). */
function classicCard() {
  const ctx: Record<string, unknown> = { jQuery: undefined };
  ctx.window = ctx;
  vm.createContext(ctx);
  vm.runInContext(readFileSync(new URL('../../../node_modules/openpay-js/lib/openpay-card.v1.js', import.meta.url), 'utf8'), ctx);
  return (ctx.OpenPay as { card: { validateCardNumber(n: string): boolean; cardType(n: string): string } }).card;
}

describe('accepted numbers, the classic script vs this library (docs/classic-script.md, "Migrating from openpay.js")', () => {
  const classic = classicCard();
  // number, what it is, classic validateCardNumber, classic cardType, our validatePan reason (undefined: valid), our brand
  it.each<[string, string, boolean, string, string | undefined, Brand | null]>([
    ['4111111111111111', 'Visa, 16 digits', true, 'Visa', undefined, 'visa'],
    ['4917300800000000', 'Visa Electron, 16', true, 'Visa Electron', undefined, 'visa'],
    ['4000000000000000006', 'Visa, 19', false, 'Visa', undefined, 'visa'],
    ['5555555555554444', 'Mastercard 51-55, 16', true, 'Mastercard', undefined, 'mastercard'],
    ['2223000048400011', 'Mastercard 2-series, 16', false, '', undefined, 'mastercard'],
    ['378282246310005', 'American Express, 15', true, 'American Express', 'length', 'amex'],
    ['30569309025904', 'Diners Club, 14', false, 'Diners Club Carte Blanche', 'length', 'diners'],
    ['3530111333300000', 'JCB, 16', false, 'JCB', undefined, 'jcb'],
    ['6011111111111117', 'Discover, 16', false, 'Discover', undefined, 'discover'],
    ['6200000000000005', 'UnionPay 62, 16', false, '', undefined, 'unionpay'],
    ['5062210000000009', 'Carnet 506199-506499, 16', false, '', undefined, 'carnet'],
    ['2869000000000006', 'Carnet 286900, 16', false, '', undefined, 'carnet'],
    ['6275350000000004', 'Carnet 627535, 16', false, '', undefined, 'carnet'],
    ['6304000000000000', 'Maestro (Braintree test card), 16', false, 'Laser', undefined, null],
    ['8100513433325374', 'UnionPay 81, 16', false, '', undefined, null],
    ['4111111111111112', 'Visa, wrong check digit', false, 'Visa', 'luhn', 'visa'],
  ])('%s (%s): classic %s %j, ours %s %s', (number, _what, classicValid, classicType, reason, brand) => {
    expect(classic.validateCardNumber(number)).toBe(classicValid);
    expect(classic.cardType(number)).toBe(classicType);
    const r = validatePan(number);
    expect(r.reason).toBe(reason);
    expect(r.brand).toBe(brand);
  });
});
