import type { Brand } from './types';

/**
 * IIN (BIN) ranges by card network: `[brand, first, last]`, where `first` and `last` are prefixes of the
 * same length and a PAN belongs to the range when its first `first.length` digits lie between them.
 *
 * Sources:
 * - visa, mastercard 51-55, amex, discover, diners, jcb, unionpay: ISO/IEC 7812 issuer ranges as tabulated in
 *   Wikipedia, "Payment card number", section "Issuer identification number (IIN)" (2024 revision), which is
 *   also the table braintree/credit-card-type follows.
 * - mastercard 2221-2720: Mastercard's 2-series BIN expansion (announced 2014, live 2017), same table.
 * - carnet 506199-506499: Carnet (Mexico) BIN range 506199-506499 used by Mexican processors' classic
 *   tokenization scripts for brand detection; a subset of ISO's 50xxxx Maestro space, so Carnet wins there by
 *   being the longer prefix.
 *
 * Detection takes the longest matching prefix, so a six-digit range beats a one-digit one.
 */
const IIN_RANGES: ReadonlyArray<readonly [Brand, string, string]> = [
  ['visa', '4', '4'],
  ['mastercard', '51', '55'],
  ['mastercard', '2221', '2720'],
  ['amex', '34', '34'],
  ['amex', '37', '37'],
  ['carnet', '506199', '506499'],
  ['discover', '6011', '6011'],
  ['discover', '644', '649'],
  ['discover', '65', '65'],
  ['diners', '300', '305'],
  ['diners', '36', '36'],
  ['diners', '38', '39'],
  ['jcb', '3528', '3589'],
  ['unionpay', '62', '62'],
];

/**
 * The card network of a PAN from its IIN (see {@link IIN_RANGES} for the ranges and their sources).
 *
 * @param pan digits only (normalise first with `normalizePan`); may be partial, as typed so far.
 * @returns the lowercase brand (as the spec's Card `brand`), or `null` when no range matches the digits so far
 *   (or `pan` is not a string).
 */
export function cardBrand(pan: string): Brand | null {
  let brand: Brand | null = null;
  let best = 0;
  if (typeof pan !== 'string') return null;
  for (const [name, first, last] of IIN_RANGES) {
    const n = first.length;
    if (n > best && pan.length >= n) {
      const head = pan.slice(0, n);
      if (head >= first && head <= last) {
        brand = name;
        best = n;
      }
    }
  }
  return brand;
}

/**
 * CVV2 length a brand prints: 4 for amex (its CID), 3 for the others.
 *
 * @returns 3 or 4; `null` brand (unknown) returns `null`, meaning 3 or 4 both pass.
 */
export const cvv2Length = (brand: Brand | null): 3 | 4 | null =>
  brand === 'amex' ? 4 : brand ? 3 : null;
