import { describe, expect, it } from 'vitest';
import { fail, pass } from '../../../src/card/result';
import type { FieldResult } from '../../../src/card/types';
import { fieldResult, fieldState, fieldStates } from '../../../src/fields/state';
import type { FieldFacts } from '../../../src/fields/types';

const YEAR = new Date().getUTCFullYear() + 3;
const YY = String(YEAR % 100).padStart(2, '0');
const message = (code: string) => `msg:${code}`;

describe('fieldState', () => {
  it.each<[string, FieldFacts, FieldResult, object]>([
    [
      'empty, untouched: no error',
      { key: 'card_number', value: '' },
      fail('card_number', 'required', true),
      { empty: true, valid: false, potentiallyValid: true },
    ],
    [
      'empty, touched: the required error',
      { key: 'card_number', value: '', touched: true },
      fail('card_number', 'required', true),
      { error: { code: 'card_number.required', message: 'msg:card_number.required' } },
    ],
    [
      'cannot become valid: error at once',
      { key: 'card_number', value: '4111 1111 1111 1112' },
      fail('card_number', 'luhn'),
      { potentiallyValid: false, error: { code: 'card_number.luhn', message: 'msg:card_number.luhn' } },
    ],
    ['partial, untouched: no error', { key: 'cvv2', value: '12' }, fail('cvv2', 'format', true), { valid: false, potentiallyValid: true }],
    [
      'partial, touched: error',
      { key: 'cvv2', value: '12', touched: true },
      fail('cvv2', 'format', true),
      { error: { code: 'cvv2.format', message: 'msg:cvv2.format' } },
    ],
    [
      'valid',
      { key: 'cvv2', value: '123', focused: true },
      pass('cvv2'),
      { empty: false, focused: true, valid: true, potentiallyValid: true },
    ],
    [
      'an API error wins over a valid rule',
      { key: 'card_number', value: '4242', apiErrorCode: '2004' },
      pass('card_number'),
      { valid: false, potentiallyValid: false, error: { code: '2004', message: 'msg:2004' } },
    ],
    [
      'year "20" is still potentially valid',
      { key: 'expiration_year', value: '20' },
      fail('expiration_year', 'expired'),
      { potentiallyValid: true },
    ],
    [
      'year "20" touched shows its rule',
      { key: 'expiration_year', value: '20', touched: true },
      fail('expiration_year', 'expired'),
      { potentiallyValid: true, error: { code: 'expiration_year.expired', message: 'msg:expiration_year.expired' } },
    ],
  ])('%s', (_, facts, result, expected) => {
    const state = fieldState(facts, result, message);
    expect(state).toMatchObject(expected);
    if (!('error' in expected)) expect(state.error).toBeUndefined();
  });
});

describe('fieldResult (one field alone, as a split hosted field holds it)', () => {
  it.each<[string, string, string | null, object]>([
    ['card_number', '4242 4242 4242 4242', null, { valid: true }],
    ['card_number', '4242 4242 4242 4241', null, { valid: false, reason: 'luhn' }],
    ['card_number', '4242', null, { valid: false, potentiallyValid: true, reason: 'length' }],
    ['holder_name', 'Ana López', null, { valid: true }],
    ['holder_name', '', null, { valid: false, reason: 'required', potentiallyValid: true }],
    ['cvv2', '123', 'visa', { valid: true }],
    ['cvv2', '123', 'amex', { valid: false, potentiallyValid: true, reason: 'length' }],
    ['cvv2', '1234', 'visa', { valid: false, potentiallyValid: false, reason: 'length' }],
    ['cvv2', '1234', null, { valid: true }],
    ['expiration_month', '1', null, { valid: true }],
    ['expiration_month', '0', null, { valid: false, potentiallyValid: true, reason: 'format' }],
    ['expiration_month', '13', null, { valid: false, potentiallyValid: false, reason: 'format' }],
    ['expiration_month', '', null, { valid: false, reason: 'required' }],
    ['expiration_year', String(YEAR), null, { valid: true }],
    ['expiration_year', '2001', null, { valid: false, reason: 'expired' }],
    ['expiry', `12/${YY}`, null, { valid: true }],
    ['expiry', '13/30', null, { valid: false, reason: 'format' }],
    ['expiry', '01/01', null, { valid: false, reason: 'expired' }],
  ])('%s %j (brand %s)', (key, value, brand, expected) => {
    expect(fieldResult(key, value, brand as never)).toMatchObject(expected);
  });

  it('a card number of a brand the merchant does not accept', () => {
    expect(fieldResult('card_number', '4242 4242 4242 4242', null, ['mastercard'])).toMatchObject({ valid: false, reason: 'brand' });
  });
});

describe('fieldStates (a whole card in one document: the form layer, the card element)', () => {
  const card = { card_number: '4242 4242 4242 4242', holder_name: '', expiration_month: '12', expiration_year: YY, cvv2: '12' };
  it.each<[string, FieldFacts, object]>([
    ['combined expiry takes the month and year result', { key: 'expiry', value: `12/${YY}` }, { valid: true }],
    ['month apart', { key: 'expiration_month', value: '12' }, { valid: true }],
    ['year apart', { key: 'expiration_year', value: YY }, { valid: true }],
    ['card number', { key: 'card_number', value: card.card_number }, { valid: true }],
    ['a short CVV2, untouched', { key: 'cvv2', value: '12' }, { valid: false, potentiallyValid: true }],
    ['a short CVV2, touched', { key: 'cvv2', value: '12', touched: true }, { error: { code: 'cvv2.format', message: 'msg:cvv2.format' } }],
    [
      'an empty holder name, touched',
      { key: 'holder_name', value: '', touched: true },
      { error: { code: 'holder_name.required', message: 'msg:holder_name.required' } },
    ],
  ])('%s', (_, facts, expected) => {
    expect(fieldStates(card, [facts], message)[facts.key]).toMatchObject(expected);
  });

  it('returns an object without a prototype', () => {
    expect(Object.getPrototypeOf(fieldStates(card, [{ key: 'cvv2', value: '12' }], message))).toBeNull();
  });
});
