import { BRAND_NAMES } from '../../../src/card/names';
import type { Brand } from '../../../src/card/types';
import { esc } from '../html';
import { LOCALE, type Lang } from '../i18n';

/**
 * The card networks every checkout page shows as accepted (its logos, and the note on a refused brand). Each pays:
 * the API's card rules take any Luhn-valid number of 16 or 19 digits (src/card/pan.ts), whatever its network, and
 * test/merchant/pages.test.ts pays one of each through the shop. American Express is refused (its numbers have 15
 * digits: demo/web/shop.js says so as it is typed), and so are 14-digit Diners Club numbers.
 */
export const ACCEPTED_BRANDS: readonly Brand[] = ['visa', 'mastercard', 'carnet', 'discover', 'jcb'];

/** The accepted brands' logos (`<!--brands-->` of each checkout form), the list labelled `label`. */
export const brandLogos = (label: string): string =>
  `<ul class="brands" aria-label="${esc(label)}">` +
  ACCEPTED_BRANDS.map(
    (b) => `<li><img src="/brands/${b}.svg" alt="${esc(BRAND_NAMES[b])}" data-brand="${b}" width="48" height="32"></li>`,
  ).join('') +
  '</ul>';

/** The accepted brands' names as one list in `lang`: "Visa, Mastercard, Carnet, Discover o JCB". */
export const acceptedNames = (lang: Lang): string =>
  new Intl.ListFormat(LOCALE[lang], { type: 'disjunction' }).format(ACCEPTED_BRANDS.map((b) => BRAND_NAMES[b]));
