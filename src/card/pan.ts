import { cardBrand } from './brands';
import { fail, pass } from './result';
import type { Brand, FieldResult } from './types';

/** PAN lengths the API accepts (spec, Card object and Limits: "card_number 16 or 19 digits"). */
export const PAN_LENGTHS: readonly number[] = [16, 19];

/**
 * Strips the separators people type or paste into a card number: spaces (any white space) and dashes.
 *
 * @param input any value; non-strings give `''`.
 * @returns the string without separators. Other characters are kept, so that validation can report them.
 */
export const normalizePan = (input: unknown): string => (typeof input === 'string' ? input.replace(/[\s-]/g, '') : '');

/**
 * Luhn (mod 10) check of a digit string (ISO/IEC 7812-1, Annex B): from the rightmost digit, double every second
 * digit, subtract 9 from doubles over 9, and the sum must be a multiple of 10.
 *
 * Our own six lines rather than the `luhn-js` package, whose CommonJS wrapper and unused functions would cost
 * about half the validators' size budget (docs/performance.md). `luhn-js` stays the reference:
 * test/unit/card/luhn-oracle.test.ts checks that both agree on every input it draws.
 *
 * @param digits ASCII digits only.
 * @returns true when the check digit is right; false for anything that is not two or more ASCII digits.
 */
export function luhn(digits: string): boolean {
  if (typeof digits !== 'string' || !/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length, odd = true; i--; odd = !odd) {
    const d = +digits[i]! * (odd ? 1 : 2);
    sum += d > 9 ? d - 9 : d;
  }
  return sum % 10 === 0;
}

/**
 * Validates a PAN as the API does (spec, Endpoints > Tokens: card_number required, 16 or 19 digits;
 * Errors: 2004 for a wrong Luhn check digit).
 *
 * Rules, in order: `type` (not a string), `required` (empty after stripping separators), `format`
 * (a character other than an ASCII digit), `brand` (only with `acceptedBrands`: the number's network, known
 * once eight digits are in, is not in the list, or is unknown), `length` (not 16 or 19 digits), `luhn`.
 * Without `acceptedBrands` a number of a network the IIN table does not list (brand `null`) is not refused for
 * it: neither the spec nor the processor's classic script refuses it, and the API is the judge of its network.
 *
 * @param input the card number as typed; spaces and dashes are allowed.
 * @param acceptedBrands the merchant's opt-in list of networks it accepts (e.g. `['visa', 'mastercard',
 *   'carnet']`); default: none given, any network.
 * @returns a {@link FieldResult} for `card_number`, plus the detected `brand` (null if unknown). It holds no
 *   digits of the PAN, so it can be logged or put in an error. Never throws.
 */
export function validatePan(
  input: unknown,
  acceptedBrands?: readonly Brand[],
): FieldResult & {
  /** The network of the number's IIN, or null when the IIN table does not list it. */
  brand: Brand | null;
} {
  const pan = normalizePan(input);
  const brand = cardBrand(pan);
  const result =
    typeof input !== 'string'
      ? fail('card_number', input == null ? 'required' : 'type')
      : !pan
        ? fail('card_number', 'required', true)
        : !/^\d+$/.test(pan)
          ? fail('card_number', 'format')
          : acceptedBrands && pan.length > 7 && !acceptedBrands.includes(brand!)
            ? fail('card_number', 'brand')
            : !PAN_LENGTHS.includes(pan.length)
              ? fail('card_number', 'length', pan.length < 19)
              : !luhn(pan)
                ? fail('card_number', 'luhn', pan.length < 19)
                : pass('card_number');
  return { ...result, brand };
}
