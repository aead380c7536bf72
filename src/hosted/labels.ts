import type { FrameKind } from './protocol';

/**
 * Default labels of the hosted inputs (when the merchant gives none), `Spanish|English`: an iframe's title on the
 * merchant page and an input's accessible name inside the frame. `card` is the card element as a whole.
 */
export const LABELS: Readonly<Record<FrameKind, string>> = {
  card: 'Datos de la tarjeta|Card details',
  card_number: 'Número de tarjeta|Card number',
  expiry: 'Vencimiento (MM/AA)|Expiry (MM/YY)',
  expiration_month: 'Mes de vencimiento|Expiry month',
  expiration_year: 'Año de vencimiento|Expiry year',
  cvv2: 'Código de seguridad|Security code',
  holder_name: 'Nombre del titular|Name on card',
};

/** A label of {@link LABELS} in a locale: English for any tag starting with `en`, else Spanish. */
export const labelIn = (kind: FrameKind, locale: string): string => LABELS[kind].split('|')[+/^en/i.test(locale)]!;
