import { describe, expect, it } from 'vitest';
import { validateCvv2, type FieldResult } from '../../../src/card/index';
import { luhnPan, WEIRD_INPUTS } from '../helpers';

const ok: FieldResult = { field: 'cvv2', valid: true, potentiallyValid: true };
const bad = (reason: FieldResult['reason'], potentiallyValid = false): FieldResult => ({
  field: 'cvv2',
  valid: false,
  potentiallyValid,
  reason,
});

const VISA = '4111 1111 1111 1111';
const AMEX = '3782 822463 10005';
const MASTERCARD = '5555-5555-5555-4444';
const CARNET = luhnPan('506199', 16);
const UNKNOWN = luhnPan('9', 16);

describe('validateCvv2', () => {
  it.each<{ name: string; cvv2: unknown; pan?: unknown; expected: FieldResult }>([
    // no card number: 3 or 4 digits both pass
    { name: '3 digits, no pan', cvv2: '123', expected: ok },
    { name: '4 digits, no pan', cvv2: '1234', expected: ok },
    { name: 'leading zeros kept', cvv2: '007', expected: ok },
    { name: 'padded', cvv2: ' 123 ', expected: ok },
    { name: 'number 123', cvv2: 123, expected: ok },
    { name: 'number 1234', cvv2: 1234, expected: ok },
    // brand lengths
    { name: 'visa 3', cvv2: '123', pan: VISA, expected: ok },
    { name: 'visa 4 -> length', cvv2: '1234', pan: VISA, expected: bad('length') },
    { name: 'mastercard 3', cvv2: '123', pan: MASTERCARD, expected: ok },
    { name: 'mastercard 4 -> length', cvv2: '1234', pan: MASTERCARD, expected: bad('length') },
    { name: 'carnet 3', cvv2: '123', pan: CARNET, expected: ok },
    { name: 'carnet 4 -> length', cvv2: '1234', pan: CARNET, expected: bad('length') },
    { name: 'amex 4', cvv2: '1234', pan: AMEX, expected: ok },
    { name: 'amex number 1234', cvv2: 1234, pan: AMEX, expected: ok },
    { name: 'amex 3 -> length, could still grow', cvv2: '123', pan: AMEX, expected: bad('length', true) },
    { name: 'amex from a partial pan "37"', cvv2: '123', pan: '37', expected: bad('length', true) },
    { name: 'amex 2 -> format first', cvv2: '12', pan: AMEX, expected: bad('format', true) },
    { name: 'unknown brand 3', cvv2: '123', pan: UNKNOWN, expected: ok },
    { name: 'unknown brand 4', cvv2: '1234', pan: UNKNOWN, expected: ok },
    { name: 'empty pan', cvv2: '1234', pan: '', expected: ok },
    { name: 'non-string pan ignored', cvv2: '1234', pan: 4111111111111111, expected: ok },
    // required
    { name: 'empty', cvv2: '', expected: bad('required', true) },
    { name: 'blank', cvv2: '   ', expected: bad('required', true) },
    { name: 'null', cvv2: null, expected: bad('required', true) },
    { name: 'undefined', cvv2: undefined, expected: bad('required', true) },
    // format
    { name: '1 digit', cvv2: '1', expected: bad('format', true) },
    { name: '2 digits', cvv2: '12', expected: bad('format', true) },
    { name: 'number 12', cvv2: 12, expected: bad('format', true) },
    { name: 'number 0', cvv2: 0, expected: bad('format', true) },
    { name: '5 digits', cvv2: '12345', expected: bad('format') },
    { name: 'number 12345', cvv2: 12345, expected: bad('format') },
    { name: 'letter', cvv2: '12a', expected: bad('format') },
    { name: 'letters', cvv2: 'abc', expected: bad('format') },
    { name: 'inner space', cvv2: '1 23', expected: bad('format') },
    { name: 'minus', cvv2: '-123', expected: bad('format') },
    { name: 'arabic-indic digits', cvv2: '١٢٣', expected: bad('format') },
    { name: 'full-width digits', cvv2: '１２３', expected: bad('format') },
    // type
    { name: 'float', cvv2: 12.5, expected: bad('type') },
    { name: 'negative integer (an integer, so format, as Reason documents)', cvv2: -123, expected: bad('format') },
    { name: 'NaN', cvv2: NaN, expected: bad('type') },
    { name: 'Infinity', cvv2: Infinity, expected: bad('type') },
    { name: 'boolean', cvv2: true, expected: bad('type') },
    { name: 'object', cvv2: { cvv2: '123' }, expected: bad('type') },
    { name: 'array', cvv2: ['123'], expected: bad('type') },
  ])('$name', ({ cvv2, pan, expected }) => {
    expect(validateCvv2(cvv2, pan)).toStrictEqual(expected);
  });

  it.each(WEIRD_INPUTS)('never throws on cvv2 %s', (_n, v) => {
    let r: FieldResult | undefined;
    expect(() => {
      r = validateCvv2(v);
    }).not.toThrow();
    expect(r?.field).toBe('cvv2');
    expect(r?.valid).toBe(false);
  });

  it.each(WEIRD_INPUTS)('never throws on pan %s (treated as unknown brand)', (_n, v) => {
    expect(validateCvv2('1234', v)).toStrictEqual(ok);
  });
});
