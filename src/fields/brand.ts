import { binLength, cardBrand } from '../card/brands';
import { normalizePan } from '../card/pan';
import type { Brand } from '../card/types';

/** The brand of a card-number input's value as typed (separators allowed; see `cardBrand`), `null` when unknown. */
export const panBrand = (value: string): Brand | null => cardBrand(normalizePan(value));

/**
 * The BIN to show for a card-number input: its first 6 digits (8 in an eight-digit IIN range, see `binLength`)
 * once the number is potentially valid and has that many digits, else `null`.
 *
 * @param value the input's value as typed. @param potentiallyValid the field's state (`FieldState`).
 */
export const panBin = (value: string, potentiallyValid: boolean): string | null => {
  const pan = normalizePan(value);
  const length = binLength(pan);
  return potentiallyValid && pan.length >= length ? pan.slice(0, length) : null;
};
