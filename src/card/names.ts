import type { Brand } from './types';

/**
 * Display names of the card networks, as the classic tokenization script's `card.cardType` spells them
 * (e.g. 'Mastercard', the network's own spelling), for receipts and the script tag's `card.cardType`.
 */
export const BRAND_NAMES: Record<Brand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  carnet: 'Carnet',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The display name of a brand key (`'visa'` -> `'Visa'`), or `''` for an unknown or missing brand. */
export const brandName = (brand: string | null | undefined): string => (brand && BRAND_NAMES[brand as Brand]) || '';

/**
 * The classic tokenization script's sub-network names (its `cardTypes()`): Visa Electron BINs 4026, 417500, 4508,
 * 4844, 4913 and 4917 (Visa's debit product, inside Visa's 4), Diners Club Carte Blanche 300-305 and Diners Club
 * International 36, 38-39 (our diners ranges; the classic script lists 36 only).
 */
const CLASSIC_NAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(4026|417500|4508|4844|491[37])/, 'Visa Electron'],
  [/^30[0-5]/, 'Diners Club Carte Blanche'],
  [/^3[689]/, 'Diners Club International'],
];

/**
 * The classic script's `card.cardType` name of a PAN: a sub-network name above when one matches, else the
 * display name of `brand` ({@link BRAND_NAMES}).
 * @param pan digits only. @param brand `cardBrand(pan)`.
 * @returns the name, or `''` for no brand.
 */
export const classicCardType = (pan: string, brand: Brand | null): string =>
  CLASSIC_NAMES.find(([iin]) => iin.test(pan))?.[1] ?? brandName(brand);
