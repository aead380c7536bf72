import type { Brand } from './types';

/**
 * IIN (BIN) ranges by card network: `[brand, first, last]`, where `first` and `last` are prefixes of the
 * same length and a PAN belongs to the range when its first `first.length` digits lie between them; `[brand,
 * prefix]` is the one-prefix range `[brand, prefix, prefix]`. Ordered by prefix length, longest first: the first
 * range that matches is the longest matching prefix.
 *
 * Sources:
 * - visa, mastercard 51-55, amex, discover, diners, jcb, unionpay: ISO/IEC 7812 issuer ranges as tabulated in
 *   Wikipedia, "Payment card number", section "Issuer identification number (IIN)" (the revision docs/form-layer.md
 *   names), which is also the table braintree/credit-card-type follows.
 * - mastercard 2221-2720: Mastercard's 2-series BIN expansion, same table.
 * - carnet (Mexico): activemerchant, `lib/active_merchant/billing/credit_card_methods.rb`, `CARNET_RANGES`
 *   (506199-506499) and `CARNET_BINS` (286900, 502275, 588772, 606333, 627535, 636318, 636379, 639388, 639484,
 *   639559, and the eight-digit 60462203 and 60462204; its other eight-digit BINs lie inside 506199-506499 or
 *   588772). 506199-506499 is a subset of ISO's 50xxxx Maestro space and 627535 of UnionPay's 62: Carnet wins
 *   there by being the longer prefix.
 *
 * Detection takes the longest matching prefix (the first match in this order), so a six-digit range beats a
 * one-digit one. A number in none of these ranges is not refused for it (its brand is `null`; see `validatePan`).
 */
const IIN_RANGES: ReadonlyArray<readonly [Brand, string, string?]> = [
  ['carnet', '60462203', '60462204'],
  ['carnet', '506199', '506499'],
  ['carnet', '286900'],
  ['carnet', '502275'],
  ['carnet', '588772'],
  ['carnet', '606333'],
  ['carnet', '627535'],
  ['carnet', '636318'],
  ['carnet', '636379'],
  ['carnet', '639388'],
  ['carnet', '639484'],
  ['carnet', '639559'],
  ['mastercard', '2221', '2720'],
  ['discover', '6011'],
  ['jcb', '3528', '3589'],
  ['discover', '644', '649'],
  ['diners', '300', '305'],
  ['mastercard', '51', '55'],
  ['amex', '34'],
  ['amex', '37'],
  ['discover', '65'],
  ['diners', '36'],
  ['diners', '38', '39'],
  ['unionpay', '62'],
  ['visa', '4'],
];

/**
 * The card network of a PAN from its IIN (see `IIN_RANGES` in src/card/brands.ts for the ranges and their sources).
 *
 * @param pan digits only (normalise first with `normalizePan`); may be partial, as typed so far.
 * @returns the lowercase brand (as the spec's Card `brand`), or `null` when no range matches the digits so far
 *   (or `pan` is not a string).
 */
export function cardBrand(pan: string): Brand | null {
  if (typeof pan === 'string') {
    for (const [name, first, last = first] of IIN_RANGES) {
      const head = pan.slice(0, first.length);
      if (head.length === first.length && head >= first && head <= last) return name;
    }
  }
  return null;
}

/**
 * Whether `name` is a {@link Brand} (a network of the IIN table: visa, mastercard, amex, carnet, discover, diners,
 * jcb, unionpay). @param name anything. @returns true for a brand name.
 */
export const isBrand = (name: unknown): name is Brand => IIN_RANGES.some(([n]) => n === name);

/**
 * CVV2 length a brand prints: 4 for amex (its CID), 3 for the others.
 *
 * @returns 3 or 4; `null` brand (unknown) returns `null`, meaning 3 or 4 both pass.
 */
export const cvv2Length = (brand: Brand | null): 3 | 4 | null => (brand === 'amex' ? 4 : brand ? 3 : null);

/**
 * How many leading digits of a PAN make its BIN (IIN): 8 when it lies in an eight-digit range of the IIN table
 * ({@link IIN_RANGES}: Carnet's 60462203-60462204), else 6 (ISO/IEC 7812-1:2017 moved to eight-digit IINs; the
 * six-digit BIN is what every network still answers for). PCI DSS allows the BIN and the last four to be shown.
 *
 * @param pan digits only, at least 8 for an eight-digit range to be seen.
 * @returns 6 or 8.
 */
export const binLength = (pan: string): 6 | 8 =>
  IIN_RANGES.some(([, first, last = first]) => first.length === 8 && pan.slice(0, 8) >= first && pan.slice(0, 8) <= last) ? 8 : 6;
