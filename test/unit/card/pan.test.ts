import { describe, expect, it } from 'vitest';
import { cardBrand, cvv2Length, luhn, normalizePan, PAN_LENGTHS, validatePan, type Brand } from '../../../src/card/index';
import { breakLuhn, isLuhnValid, luhnPan, WEIRD_INPUTS } from '../helpers';

describe('normalizePan', () => {
  it.each([
    { input: '4111111111111111', expected: '4111111111111111' },
    { input: '4111 1111 1111 1111', expected: '4111111111111111' },
    { input: '4111-1111-1111-1111', expected: '4111111111111111' },
    { input: '4111\t1111\t1111\t1111', expected: '4111111111111111' },
    { input: ' 4111  1111\n1111\r\n1111 ', expected: '4111111111111111' },
    { input: '4111\u00a01111\u00a01111\u00a01111', expected: '4111111111111111' },
    { input: '4111 - 1111 -- 1111 - 1111', expected: '4111111111111111' },
    { input: '', expected: '' },
    { input: '   ', expected: '' },
    { input: '---', expected: '' },
    // other characters are kept so that validation can report them
    { input: '4111.1111/1111_1111', expected: '4111.1111/1111_1111' },
    { input: '4111 abcd', expected: '4111abcd' },
  ])('normalizePan($input) -> $expected', ({ input, expected }) => {
    expect(normalizePan(input)).toBe(expected);
  });

  it.each(WEIRD_INPUTS.filter(([, v]) => typeof v !== 'string'))('non-string %s gives an empty string', (_n, v) => {
    expect(normalizePan(v)).toBe('');
  });
});

describe('luhn', () => {
  it.each([
    { digits: '4111111111111111', expected: true },
    { digits: '4242424242424242', expected: true },
    { digits: '5555555555554444', expected: true },
    { digits: '378282246310005', expected: true },
    { digits: '6011111111111117', expected: true },
    { digits: '79927398713', expected: true },
    { digits: '0000000000000000', expected: true },
    { digits: '00', expected: true },
    { digits: '18', expected: true },
    { digits: '4111111111111112', expected: false },
    { digits: '4111111111111110', expected: false },
    { digits: '79927398710', expected: false },
    { digits: '19', expected: false },
    // fewer than two digits, or anything but ASCII digits
    { digits: '0', expected: false },
    { digits: '', expected: false },
    { digits: '4111 1111 1111 1111', expected: false },
    { digits: '4111-1111-1111-1111', expected: false },
    { digits: '411111111111111a', expected: false },
    { digits: '４１１１１１１１１１１１１１１１', expected: false },
    { digits: '٤١١١١١١١١١١١١١١١', expected: false },
  ])('luhn($digits) -> $expected', ({ digits, expected }) => {
    expect(luhn(digits)).toBe(expected);
  });

  it('agrees with an independent Luhn implementation on every check digit', () => {
    for (const body of [
      '411111111111111',
      '555555555555444',
      '37828224631000',
      '601111111111111',
      '506199000000000',
      '622126000000000000',
    ]) {
      for (let d = 0; d <= 9; d++) {
        const pan = body + d;
        expect(luhn(pan), pan).toBe(isLuhnValid(pan));
      }
    }
  });

  it.each([
    { name: 'a number with a wrong check digit', v: 4111111111111112 },
    { name: 'a two-digit number with a wrong check digit', v: 12 },
    { name: 'a bigint with a wrong check digit', v: 4111111111111112n },
  ])('is false for $name (not a digit string)', ({ v }) => {
    expect(luhn(v as unknown as string)).toBe(false);
  });

  // `luhn` is exported; JavaScript callers can pass anything.
  it.each(WEIRD_INPUTS)('never throws on %s', (_n, v) => {
    let out: unknown;
    expect(() => {
      out = luhn(v as string);
    }).not.toThrow();
    expect(typeof out).toBe('boolean');
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['an object', { digits: '4111111111111111' }],
    ['an array of digits', ['4', '2']],
    ['a function', () => '4111111111111111'],
  ])('says false for %s', (_n, v) => {
    expect(luhn(v as string)).toBe(false);
  });
});

describe('cardBrand: every IIN range of src/card/brands.ts, with its boundaries', () => {
  it.each<{ prefix: string; brand: Brand | null; padded?: Brand | null }>([
    // visa 4
    { prefix: '4', brand: 'visa' },
    { prefix: '4999', brand: 'visa' },
    { prefix: '3999', brand: 'diners' },
    // mastercard 51-55
    { prefix: '50', brand: null },
    { prefix: '51', brand: 'mastercard' },
    { prefix: '53', brand: 'mastercard' },
    { prefix: '55', brand: 'mastercard' },
    { prefix: '56', brand: null },
    // mastercard 2221-2720
    { prefix: '2220', brand: null },
    { prefix: '2221', brand: 'mastercard' },
    { prefix: '2500', brand: 'mastercard' },
    { prefix: '2720', brand: 'mastercard' },
    { prefix: '2721', brand: null },
    { prefix: '2', brand: null },
    { prefix: '22', brand: null },
    { prefix: '222', brand: null },
    { prefix: '272', brand: null, padded: 'mastercard' }, // 2720... once the fourth digit is in
    // amex 34, 37
    { prefix: '33', brand: null },
    { prefix: '34', brand: 'amex' },
    { prefix: '35', brand: null },
    { prefix: '37', brand: 'amex' },
    // carnet 506199-506499
    { prefix: '506198', brand: null },
    { prefix: '506199', brand: 'carnet' },
    { prefix: '506300', brand: 'carnet' },
    { prefix: '506499', brand: 'carnet' },
    { prefix: '506500', brand: null },
    { prefix: '50619', brand: null },
    // carnet BINs of activemerchant's CARNET_BINS, with their neighbours
    { prefix: '286899', brand: null },
    { prefix: '286900', brand: 'carnet' },
    { prefix: '286901', brand: null },
    { prefix: '502275', brand: 'carnet' },
    { prefix: '502276', brand: null },
    { prefix: '588772', brand: 'carnet' },
    { prefix: '588771', brand: null },
    { prefix: '604622', brand: null },
    { prefix: '60462202', brand: null },
    { prefix: '60462203', brand: 'carnet' },
    { prefix: '60462204', brand: 'carnet' },
    { prefix: '60462205', brand: null },
    { prefix: '606333', brand: 'carnet' },
    { prefix: '636318', brand: 'carnet' },
    { prefix: '636379', brand: 'carnet' },
    { prefix: '639388', brand: 'carnet' },
    { prefix: '639484', brand: 'carnet' },
    { prefix: '639559', brand: 'carnet' },
    { prefix: '639560', brand: null },
    // 627535 is carnet inside unionpay's 62 (the longer prefix wins); its neighbours stay unionpay
    { prefix: '627534', brand: 'unionpay' },
    { prefix: '627535', brand: 'carnet' },
    { prefix: '627536', brand: 'unionpay' },
    { prefix: '62753', brand: 'unionpay', padded: 'unionpay' },
    // discover 6011, 644-649, 65
    { prefix: '6010', brand: null },
    { prefix: '6011', brand: 'discover' },
    { prefix: '6012', brand: null },
    { prefix: '643', brand: null },
    { prefix: '644', brand: 'discover' },
    { prefix: '646', brand: 'discover' },
    { prefix: '649', brand: 'discover' },
    { prefix: '64', brand: null },
    { prefix: '65', brand: 'discover' },
    { prefix: '66', brand: null },
    // diners 300-305, 36, 38-39
    { prefix: '299', brand: null },
    { prefix: '300', brand: 'diners' },
    { prefix: '305', brand: 'diners' },
    { prefix: '306', brand: null },
    { prefix: '30', brand: null, padded: 'diners' }, // 300... once the third digit is in
    { prefix: '36', brand: 'diners' },
    { prefix: '38', brand: 'diners' },
    { prefix: '39', brand: 'diners' },
    // jcb 3528-3589
    { prefix: '3527', brand: null },
    { prefix: '3528', brand: 'jcb' },
    { prefix: '3550', brand: 'jcb' },
    { prefix: '3589', brand: 'jcb' },
    { prefix: '3590', brand: null },
    // unionpay 62
    { prefix: '61', brand: null },
    { prefix: '62', brand: 'unionpay' },
    { prefix: '63', brand: null },
    // nothing
    { prefix: '', brand: null },
    { prefix: '0', brand: null },
    { prefix: '1', brand: null },
    { prefix: '7', brand: null },
    { prefix: '8', brand: null },
    { prefix: '9', brand: null },
  ])("'$prefix' -> $brand", ({ prefix, brand, padded }) => {
    expect(cardBrand(prefix)).toBe(brand);
    // the full-length number (zero-padded) has the brand of its prefix
    expect(cardBrand(prefix.padEnd(16, '0'))).toBe(padded === undefined ? brand : padded);
  });

  it.each(WEIRD_INPUTS)('never throws on %s', (_n, v) => {
    expect(() => cardBrand(v as string)).not.toThrow();
  });
});

describe('cvv2Length', () => {
  it.each<{ brand: Brand | null; expected: 3 | 4 | null }>([
    { brand: 'amex', expected: 4 },
    { brand: 'visa', expected: 3 },
    { brand: 'mastercard', expected: 3 },
    { brand: 'carnet', expected: 3 },
    { brand: 'discover', expected: 3 },
    { brand: 'diners', expected: 3 },
    { brand: 'jcb', expected: 3 },
    { brand: 'unionpay', expected: 3 },
    { brand: null, expected: null },
  ])('$brand -> $expected', ({ brand, expected }) => {
    expect(cvv2Length(brand)).toBe(expected);
  });
});

describe('validatePan', () => {
  it('accepts 16 and 19 digits only (spec: card_number 16 or 19 digits)', () => {
    expect(PAN_LENGTHS).toEqual([16, 19]);
  });

  it.each([
    { name: 'visa 16', input: '4111111111111111', brand: 'visa', pan: '4111111111111111' },
    { name: 'visa 16 with spaces', input: '4111 1111 1111 1111', brand: 'visa', pan: '4111111111111111' },
    { name: 'visa 16 with dashes', input: '4242-4242-4242-4242', brand: 'visa', pan: '4242424242424242' },
    { name: 'visa 16 with tabs', input: '4111\t1111\t1111\t1111', brand: 'visa', pan: '4111111111111111' },
    { name: 'visa 16 padded', input: '  4111111111111111  ', brand: 'visa', pan: '4111111111111111' },
    { name: 'visa 19', input: luhnPan('4', 19), brand: 'visa', pan: luhnPan('4', 19) },
    { name: 'mastercard 51', input: '5105105105105100', brand: 'mastercard', pan: '5105105105105100' },
    { name: 'mastercard 55', input: '5555555555554444', brand: 'mastercard', pan: '5555555555554444' },
    { name: 'mastercard 2221', input: luhnPan('2221', 16), brand: 'mastercard', pan: luhnPan('2221', 16) },
    { name: 'mastercard 2720', input: luhnPan('2720', 16), brand: 'mastercard', pan: luhnPan('2720', 16) },
    { name: 'carnet 506199', input: luhnPan('506199', 16), brand: 'carnet', pan: luhnPan('506199', 16) },
    { name: 'carnet 506499', input: luhnPan('506499', 16), brand: 'carnet', pan: luhnPan('506499', 16) },
    { name: 'discover 6011', input: '6011111111111117', brand: 'discover', pan: '6011111111111117' },
    { name: 'discover 644', input: luhnPan('644', 16), brand: 'discover', pan: luhnPan('644', 16) },
    { name: 'discover 65', input: luhnPan('65', 16), brand: 'discover', pan: luhnPan('65', 16) },
    { name: 'diners 36 (16 digits)', input: luhnPan('36', 16), brand: 'diners', pan: luhnPan('36', 16) },
    { name: 'jcb', input: '3530111333300000', brand: 'jcb', pan: '3530111333300000' },
    { name: 'jcb 19', input: luhnPan('3589', 19), brand: 'jcb', pan: luhnPan('3589', 19) },
    { name: 'unionpay 16', input: '6200000000000005', brand: 'unionpay', pan: '6200000000000005' },
    { name: 'unionpay 19', input: luhnPan('62', 19), brand: 'unionpay', pan: luhnPan('62', 19) },
    { name: 'carnet 286900', input: luhnPan('286900', 16), brand: 'carnet', pan: luhnPan('286900', 16) },
    { name: 'carnet 627535 (inside unionpay 62)', input: luhnPan('627535', 16), brand: 'carnet', pan: luhnPan('627535', 16) },
    // networks the IIN table does not list: not refused for it (brand null), still length- and Luhn-checked
    { name: 'unknown IIN 9, 16', input: luhnPan('9', 16), brand: null, pan: luhnPan('9', 16) },
    { name: 'unknown IIN 2220, 16 (just below mastercard 2-series)', input: luhnPan('2220', 16), brand: null, pan: luhnPan('2220', 16) },
    { name: 'unknown IIN 56, 19', input: luhnPan('56', 19), brand: null, pan: luhnPan('56', 19) },
  ])('valid: $name', ({ input, brand, pan }) => {
    expect(isLuhnValid(pan)).toBe(true);
    // the result carries no digits of the PAN: it may be logged or put into an error
    expect(validatePan(input)).toStrictEqual({ field: 'card_number', valid: true, potentiallyValid: true, brand });
    expect(normalizePan(input)).toBe(pan);
  });

  it.each([
    // lengths (all Luhn-valid visa numbers, so only the length rule can fail)
    { name: '15 digits', input: luhnPan('4', 15), reason: 'length', pv: true },
    { name: '17 digits', input: luhnPan('4', 17), reason: 'length', pv: true },
    { name: '18 digits', input: luhnPan('4', 18), reason: 'length', pv: true },
    { name: '20 digits', input: luhnPan('4', 20), reason: 'length', pv: false },
    { name: '25 digits', input: luhnPan('4', 25), reason: 'length', pv: false },
    { name: 'amex 15 (spec allows 16 or 19 only)', input: '378282246310005', reason: 'length', pv: true },
    { name: 'diners 14', input: '30569309025904', reason: 'length', pv: true },
    // Luhn
    { name: 'bad check digit, 16', input: breakLuhn('4111111111111111'), reason: 'luhn', pv: true },
    { name: 'bad check digit, 16, formatted', input: '4111 1111 1111 1112', reason: 'luhn', pv: true },
    { name: 'bad check digit, 19', input: breakLuhn(luhnPan('4', 19)), reason: 'luhn', pv: false },
    // format: anything but ASCII digits after removing separators
    { name: 'letter', input: '4111 1111 1111 111a', reason: 'format', pv: false },
    { name: 'dot separator', input: '4111.1111.1111.1111', reason: 'format', pv: false },
    { name: 'slash', input: '4111/1111/1111/1111', reason: 'format', pv: false },
    { name: 'full-width digits', input: '４１１１１１１１１１１１１１１１', reason: 'format', pv: false },
    { name: 'plus sign', input: '+4111111111111111', reason: 'format', pv: false },
    // partial numbers still being typed
    { name: 'partial "4"', input: '4', reason: 'length', pv: true },
    { name: 'partial "4111 1111"', input: '4111 1111', reason: 'length', pv: true },
    { name: 'partial unknown', input: '12345678', reason: 'length', pv: true },
    { name: 'unknown IIN, 16 digits, bad check digit', input: breakLuhn(luhnPan('9', 16)), reason: 'luhn', pv: true },
    { name: 'unknown IIN, 20 digits', input: luhnPan('9', 20), reason: 'length', pv: false },
    { name: 'partial carnet "50619"', input: '50619', reason: 'length', pv: true },
    // required
    { name: 'empty', input: '', reason: 'required', pv: true },
    { name: 'only separators', input: ' - \t ', reason: 'required', pv: true },
  ])('invalid: $name -> $reason (potentiallyValid $pv)', ({ input, reason, pv }) => {
    const r = validatePan(input);
    expect({ field: r.field, valid: r.valid, potentiallyValid: r.potentiallyValid, reason: r.reason }).toStrictEqual({
      field: 'card_number',
      valid: false,
      potentiallyValid: pv,
      reason,
    });
    expect(Object.keys(r).sort()).toEqual(['brand', 'field', 'potentiallyValid', 'reason', 'valid']);
  });

  it('reports the brand of a partial number as soon as its prefix is known', () => {
    expect(validatePan('4').brand).toBe('visa');
    expect(validatePan('37').brand).toBe('amex');
    expect(validatePan('2221').brand).toBe('mastercard');
    expect(validatePan('5061 99').brand).toBe('carnet');
    expect(validatePan('5061 9').brand).toBeNull();
  });

  it('without acceptedBrands, a Luhn-valid number of a network the IIN table does not list is valid, brand null (the API judges its network)', () => {
    expect(validatePan('7817747627643327')).toStrictEqual({ field: 'card_number', valid: true, potentiallyValid: true, brand: null });
    expect(validatePan(luhnPan('9', 19))).toMatchObject({ valid: true, brand: null });
    expect(validatePan('7817747627643327', ['visa'])).toMatchObject({ valid: false, reason: 'brand' });
  });

  it.each<{ name: string; input: unknown; reason: string }>([
    { name: 'null', input: null, reason: 'required' },
    { name: 'undefined', input: undefined, reason: 'required' },
    { name: 'number', input: 4111111111111111, reason: 'type' },
    { name: 'object', input: { card_number: '4111111111111111' }, reason: 'type' },
    { name: 'array', input: ['4111111111111111'], reason: 'type' },
    { name: 'String object', input: new String('4111111111111111'), reason: 'type' },
  ])('non-string $name -> $reason, not potentially valid', ({ input, reason }) => {
    expect(validatePan(input)).toStrictEqual({
      field: 'card_number',
      valid: false,
      potentiallyValid: false,
      reason,
      brand: null,
    });
  });

  it.each(WEIRD_INPUTS.filter(([, v]) => typeof v !== 'string'))('never throws on %s, and never passes', (_n, v) => {
    let r: ReturnType<typeof validatePan> | undefined;
    expect(() => {
      r = validatePan(v);
    }).not.toThrow();
    expect(r?.valid).toBe(false);
    expect(r?.field).toBe('card_number');
  });
});

describe('validatePan with acceptedBrands (the merchant opts in to a list of networks)', () => {
  it.each<{ name: string; input: string; list: Brand[]; reason: string | null; pv: boolean }>([
    { name: 'a listed brand passes', input: '4111111111111111', list: ['visa', 'mastercard'], reason: null, pv: true },
    { name: 'carnet 286900 listed as carnet', input: luhnPan('286900', 16), list: ['carnet'], reason: null, pv: true },
    { name: 'unknown IIN, full length, Luhn-valid', input: luhnPan('9', 16), list: ['visa'], reason: 'brand', pv: false },
    { name: 'a known brand not in the list', input: '5555555555554444', list: ['visa'], reason: 'brand', pv: false },
    { name: '2220 (just below mastercard 2-series)', input: luhnPan('2220', 16), list: ['mastercard'], reason: 'brand', pv: false },
    { name: '2721 (just above mastercard 2-series)', input: luhnPan('2721', 16), list: ['mastercard'], reason: 'brand', pv: false },
    { name: '506198 (just below carnet)', input: luhnPan('506198', 16), list: ['carnet'], reason: 'brand', pv: false },
    { name: '506500 (just above carnet)', input: luhnPan('506500', 16), list: ['carnet'], reason: 'brand', pv: false },
    { name: '3527 (just below jcb)', input: luhnPan('3527', 16), list: ['jcb'], reason: 'brand', pv: false },
    { name: '3590 (just above jcb)', input: luhnPan('3590', 16), list: ['jcb'], reason: 'brand', pv: false },
    { name: '643 (just below discover 644)', input: luhnPan('643', 16), list: ['discover'], reason: 'brand', pv: false },
    // brand comes before length once eight digits are in: an unaccepted prefix is never potentially valid
    { name: 'unknown 20 digits reports brand, not length', input: luhnPan('9', 20), list: ['visa'], reason: 'brand', pv: false },
    { name: 'unknown, eight digits typed', input: '99999999', list: ['visa'], reason: 'brand', pv: false },
    // under eight digits the network may still change (60462203 is carnet, 604622 is not yet): length only
    { name: 'partial 604622, carnet listed', input: '604622', list: ['carnet'], reason: 'length', pv: true },
    { name: 'partial 6046220 3, carnet listed', input: '60462203', list: ['carnet'], reason: 'length', pv: true },
    { name: 'an empty list accepts nothing', input: '4111111111111111', list: [], reason: 'brand', pv: false },
  ])('$name -> $reason', ({ input, list, reason, pv }) => {
    const r = validatePan(input, list);
    expect(r.valid).toBe(reason === null);
    expect(r.potentiallyValid).toBe(pv);
    expect(r.reason).toBe(reason ?? undefined);
  });
});
