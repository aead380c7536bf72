export type Messages = Record<string, string>;
export const MESSAGES: Readonly<Record<string, string>> = {
  'card_number.required': 'Escribe el número de tarjeta.|Enter the card number.',
  'card_number.brand': 'No aceptamos esta tarjeta.|We do not accept this card.',
  'card_number.length': 'El número lleva 16 o 19 dígitos.|The number has 16 or 19 digits.',
  'card_number.format card_number.luhn 2004': 'Número de tarjeta no válido.|Invalid card number.',
  'holder_name.required': 'Escribe el nombre del titular.|Enter the name on the card.',
  'holder_name.too_long': 'Máximo 80 letras.|80 letters at most.',
  'expiration.required': 'Escribe el vencimiento.|Enter the expiry date.',
  'expiration.format expiration.too_far': 'Vencimiento no válido.|Invalid expiry date.',
  'expiration.expired 2005 3002': 'Tarjeta vencida.|Card expired.',
  'cvv2.required 2006': 'Escribe el código de seguridad.|Enter the security code.',
  'cvv2.format cvv2.length 2009': 'Código de 3 dígitos (4 en Amex).|3-digit code (4 on Amex).',
  'address.required address.format': 'Revisa la dirección.|Check the address.',
  '1002 1008 1010 2001 2003 4001': 'La tienda no puede cobrar ahora.|The shop cannot take payments now.',
  1006: 'Pedido ya pagado.|Order already paid.',
  2002: 'Tarjeta ya registrada.|Card already registered.',
  '1007 2007 3001 3004 3005 3008 3009 3010 3011 3012': 'Tarjeta rechazada. Usa otra o llama a tu banco.|Card declined. Use another card or call your bank.',
  3003: 'Fondos insuficientes.|Insufficient funds.',
  '1000 1004': 'Servicio no disponible. Intenta de nuevo.|Service unavailable. Try again.',
  '1001 1003 1005 1009 2008 3006': 'Revisa los datos de la tarjeta.|Check the card details.',
};
export function formMessage(code: string | number, locale = 'es-MX', overrides: Messages = {}): string {
  const c = String(code);
  const shared = c.replace(/^(address)\.\w+|^(expiration)_\w+/, '$1$2');
  const t = Object.entries(MESSAGES);
  return overrides[c] ?? overrides[shared] ?? (t.find(([k]) => k.split(' ').includes(shared)) ?? t[t.length - 1]!)[1].split('|')[/^en/i.test(locale) ? 1 : 0]!;
}
