/**
 * The one product the demo shop sells, in each of its languages: the shop's pages and the SPA show its name, and the
 * merchant sends it as the charge's `description` in the shopper's language, so the bank page, the slip and the
 * dashboard name it as the shop did. The one place its name is written.
 */
export const PRODUCT = {
  sku: 'CAF-1KG',
  name: { es: 'Café de Chiapas en grano, 1 kg', en: 'Chiapas coffee beans, 1 kg' },
} as const;

/** The product's name in `lang` (`en`, or Spanish for anything else). */
export const productName = (lang: string): string => (lang.startsWith('en') ? PRODUCT.name.en : PRODUCT.name.es);
