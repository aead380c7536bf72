/** The merchant's own messages, by code (see {@link formMessage}); they win over the built-in ones. */
export type Messages = Record<string, string>;

/**
 * Shopper-facing messages for every local card rule and every error code of the spec's Errors table, in
 * Spanish (es-MX, the default) and English: `"<Spanish>|<English>"`.
 *
 * Each key lists the codes that share the message, separated by spaces. An API error is its `error_code`; a
 * local rule is written with the first two letters of its field and the reason: `ca.luhn` for
 * `card_number.luhn`, `ho.` holder_name, `ex.` expiration_month and expiration_year, `cv.` cvv2, `ad.` every
 * address field (`address.postal_code.required` is `ad.required`). The last entry also answers any code the
 * table does not list (a `type` rule, which a form input cannot fail, or a code the API adds later).
 *
 * Choices: stolen, lost, fraudulent, held and restricted cards (3004, 3005, 3009, 3011, 3010) get the generic
 * decline, as card networks advise, so the shopper learns nothing a fraudster could use; errors only the shop
 * can fix (its keys, permissions or account: 1002, 1008, 1010, 2001, 2003, 4001) say that the shop cannot take
 * payments now. Local rules with an API twin read the same (`ca.luhn` and 2004, `ex.expired` and 2005,
 * `cv.required` and 2006, `cv.length` and 2009).
 */
export const MESSAGES: Readonly<Record<string, string>> = {
  'ca.required': 'Escribe el número de tarjeta.|Enter the card number.',
  'ca.brand': 'No aceptamos esta tarjeta.|We do not accept this card.',
  'ca.length': 'El número lleva 16 o 19 dígitos.|The number has 16 or 19 digits.',
  'ca.format ca.luhn 2004': 'Número de tarjeta no válido.|Invalid card number.',
  'ho.required': 'Escribe el nombre del titular.|Enter the name on the card.',
  'ho.too_long': 'Máximo 80 letras.|80 letters at most.',
  'ex.required': 'Escribe el vencimiento.|Enter the expiry date.',
  'ex.format ex.too_far': 'Vencimiento no válido.|Invalid expiry date.',
  'ex.expired 2005 3002': 'Tarjeta vencida.|Card expired.',
  'cv.required 2006': 'Escribe el código de seguridad.|Enter the security code.',
  'cv.format cv.length 2009': 'Código de 3 dígitos (4 en Amex).|3-digit code (4 on Amex).',
  'ad.required ad.format': 'Revisa la dirección.|Check the address.',
  '1002 1008 1010 2001 2003 4001': 'La tienda no puede cobrar ahora.|The shop cannot take payments now.',
  1006: 'Pedido ya pagado.|Order already paid.',
  2002: 'Tarjeta ya registrada.|Card already registered.',
  '1007 2007 3001 3004 3005 3008 3009 3010 3011 3012':
    'Tarjeta rechazada. Usa otra o llama a tu banco.|Card declined. Use another card or call your bank.',
  3003: 'Fondos insuficientes.|Insufficient funds.',
  '1000 1004': 'Servicio no disponible. Intenta de nuevo.|Service unavailable. Try again.',
  '1001 1003 1005 1009 2008 3006': 'Revisa los datos de la tarjeta.|Check the card details.',
};

/**
 * The message for a code, in a locale.
 *
 * @param code a local rule as `<field>.<reason>` with the spec's field name (`card_number.luhn`,
 *   `expiration_year.expired`, `address.city.required`), or an API `error_code` (number or string; 1004 also
 *   stands for a network failure or time-out, 1002 for a client set up wrong).
 * @param locale any tag starting with `en` (`en`, `en-US`) gives English; anything else, and the default,
 *   Spanish (`es-MX`).
 * @param overrides the merchant's messages by code: the exact code (`expiration_year.expired`, `3001`), or the
 *   table's short form (`ex.expired`: month and year) which the exact code beats.
 * @returns the override, else the table's message, else the last entry's ("check the card details").
 */
export function formMessage(code: string | number, locale = 'es-MX', overrides: Messages = {}): string {
  const c = String(code);
  const short = c.replace(/^(\D\D)[\w.]*\./, '$1.');
  const t = Object.entries(MESSAGES);
  return (
    overrides[c] ??
    overrides[short] ??
    (t.find(([k]) => k.split(' ').includes(short)) ?? t[t.length - 1]!)[1].split('|')[/^en/i.test(locale) ? 1 : 0]!
  );
}
