import { describe, expect, it } from 'vitest';
import { fail } from '../../../src/card/result';
import { ApiError, ConfigurationError, NetworkError, TimeoutError, ValidationError } from '../../../src/errors/index';
import { apiErrorField, layoutField, submitErrorCode } from '../../../src/fields/errors';

/** Field layouts every mode can have: the expiry combined or apart, the holder name in the layout or kept on the page. */
const LAYOUTS = {
  'combined MM/YY, holder hosted': ['card_number', 'holder_name', 'expiry', 'cvv2'],
  'combined MM/YY, holder on the page': ['card_number', 'expiry', 'cvv2'],
  'month and year apart, holder hosted': ['card_number', 'holder_name', 'expiration_month', 'expiration_year', 'cvv2'],
  'month and year apart, holder on the page': ['card_number', 'expiration_month', 'expiration_year', 'cvv2'],
} as const;
type Layout = keyof typeof LAYOUTS;

describe('apiErrorField: every field error code of the spec against every layout', () => {
  const cases: [string, Layout, string | undefined][] = [];
  for (const layout of Object.keys(LAYOUTS) as Layout[]) {
    const apart = layout.startsWith('month');
    cases.push(
      ['2004', layout, 'card_number'],
      ['2005', layout, apart ? 'expiration_year' : 'expiry'],
      ['2006', layout, 'cvv2'],
      ['2009', layout, 'cvv2'],
    );
    cases.push(['3001', layout, undefined], ['1001', layout, undefined], ['1004', layout, undefined]);
  }
  it.each(cases)('%s in %s -> %s', (code, layout, field) => {
    expect(apiErrorField(code, LAYOUTS[layout])).toBe(field);
  });
});

describe('layoutField: a rule failure shown on the layout key', () => {
  it.each<[string, Layout, string | undefined]>([
    ['card_number', 'combined MM/YY, holder hosted', 'card_number'],
    ['expiration_month', 'combined MM/YY, holder hosted', 'expiry'],
    ['expiration_year', 'combined MM/YY, holder on the page', 'expiry'],
    ['expiration_month', 'month and year apart, holder hosted', 'expiration_month'],
    ['expiration_year', 'month and year apart, holder on the page', 'expiration_year'],
    ['holder_name', 'combined MM/YY, holder hosted', 'holder_name'],
    ['holder_name', 'combined MM/YY, holder on the page', undefined],
    ['address.city', 'month and year apart, holder hosted', undefined],
  ])('%s in %s -> %s', (field, layout, key) => {
    expect(layoutField(field, LAYOUTS[layout])).toBe(key);
  });
  it('undefined stays undefined', () => expect(layoutField(undefined, ['card_number'])).toBeUndefined());
});

describe('submitErrorCode', () => {
  const apiError = (code: number) =>
    new ApiError(402, { category: 'bank', error_code: code, description: 'x', http_code: 402, request_id: 'r' });
  it.each<[string, Error, string]>([
    ['a local rule', new ValidationError([fail('cvv2', 'length')]), 'cvv2.length'],
    ['an API error', apiError(3001), '3001'],
    ['an API field error', apiError(2004), '2004'],
    ['a configuration error', new ConfigurationError('publicKey', 'x'), '1002'],
    ['a network failure', new NetworkError('offline'), '1004'],
    ['a time-out', new TimeoutError(100), '1004'],
  ])('%s -> %s', (_, error, code) => {
    expect(submitErrorCode(error as never)).toBe(code);
  });
});
