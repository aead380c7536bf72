import type { Brand } from './types';

/**
 * Display names of the card networks, as the classic tokenization script's `card.cardType` spells them
 * (e.g. 'MasterCard'), for receipts and the script tag's `card.cardType`.
 */
export const BRAND_NAMES: Record<Brand, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  carnet: 'Carnet',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The display name of a brand key (`'visa'` -> `'Visa'`), or `''` for an unknown or missing brand. */
export const brandName = (brand: string | null | undefined): string => (brand && BRAND_NAMES[brand as Brand]) || '';
