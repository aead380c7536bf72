import * as luhnJs from 'luhn-js';
import { cardBrand } from './brands';
import { fail, pass } from './result';
import type { Brand, FieldResult } from './types';

// luhn-js is CommonJS (`module.exports = {...}`): Node's ESM loader exposes it as `default` only, bundlers and
// TypeScript as named exports. Reading it this way works under both.
const { getRemainder } = (luhnJs as typeof luhnJs & { default?: typeof luhnJs }).default ?? luhnJs;

/** PAN lengths the API accepts (spec, Card object and Limits: "card_number 16 or 19 digits"). */
export const PAN_LENGTHS: readonly number[] = [16, 19];

/**
 * Strips the separators people type or paste into a card number: spaces (any white space) and dashes.
 *
 * @param input any value; non-strings give `''`.
 * @returns the string without separators. Other characters are kept, so that validation can report them.
 */
export const normalizePan = (input: unknown): string =>
  typeof input === 'string' ? input.replace(/[\s-]/g, '') : '';

/**
 * Luhn (mod 10) check of a digit string, through the `luhn-js` package.
 *
 * @param digits ASCII digits only.
 * @returns true when the check digit is right; false for anything that is not two or more ASCII digits.
 */
export const luhn = (digits: string): boolean =>
  typeof digits === 'string' && /^\d{2,}$/.test(digits) && getRemainder(digits) === 0;

/**
 * Validates a PAN as the API does (spec, Endpoints > Tokens: card_number required, 16 or 19 digits;
 * Errors: 2004 for a wrong Luhn check digit).
 *
 * Rules, in order: `type` (not a string), `required` (empty after stripping separators), `format`
 * (a character other than an ASCII digit), `brand` (IIN of no known network, once six digits are in),
 * `length` (not 16 or 19 digits), `luhn`.
 *
 * @param input the card number as typed; spaces and dashes are allowed.
 * @returns a {@link FieldResult} for `card_number`, plus the detected `brand` (null if unknown). It holds no
 *   digits of the PAN, so it can be logged or put in an error. Never throws.
 */
export function validatePan(input: unknown): FieldResult & { brand: Brand | null } {
  const pan = normalizePan(input);
  const brand = cardBrand(pan);
  const result =
    typeof input !== 'string'
      ? fail('card_number', input == null ? 'required' : 'type')
      : !pan
        ? fail('card_number', 'required', true)
        : !/^\d+$/.test(pan)
          ? fail('card_number', 'format')
          : !brand && pan.length >= 6
            ? fail('card_number', 'brand')
            : !PAN_LENGTHS.includes(pan.length)
              ? fail('card_number', 'length', pan.length < 19)
              : !luhn(pan)
                ? fail('card_number', 'luhn', pan.length < 19)
                : pass('card_number');
  return { ...result, brand };
}
