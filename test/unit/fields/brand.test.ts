import { describe, expect, it } from 'vitest';
import { panBin, panBrand } from '../../../src/fields/brand';

describe('panBrand', () => {
  it.each([
    ['4242 4242', 'visa'],
    ['5555-5555', 'mastercard'],
    ['3782 822463', 'amex'],
    ['', null],
    ['9999', null],
  ])('%j -> %s', (value, brand) => expect(panBrand(value)).toBe(brand));
});

describe('panBin (the BIN PCI DSS allows to be shown)', () => {
  it.each<[string, boolean, string | null]>([
    ['4242 4', true, null],
    ['4242 42', true, '424242'],
    ['4242 4242 4242 4242', true, '424242'],
    ['4242 4242 4242 4242', false, null],
    ['6046 2203', true, '60462203'],
    ['6046 2203 1234 5678', true, '60462203'],
    ['6046 22', true, '604622'],
    ['6046 2209', true, '604622'],
    ['', true, null],
  ])('%j (potentially valid %s) -> %s', (value, potentiallyValid, bin) => expect(panBin(value, potentiallyValid)).toBe(bin));
});
