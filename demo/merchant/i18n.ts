/**
 * The demo shop's own words (page chrome, labels, receipt), in Spanish (the default) and English. The card
 * messages (field errors, declines) come from paytoken's `formMessage`, so the shop and the form say the same.
 */
export type Lang = 'es' | 'en';

/** `en` for `?lang=en` (any value starting with `en`), else `es`. */
export const langOf = (q: string | undefined): Lang => (q?.startsWith('en') ? 'en' : 'es');

/** The locale tag paytoken's form layer takes. */
export const LOCALE: Record<Lang, string> = { es: 'es-MX', en: 'en' };

export const TEXT = {
  es: {
    shop: 'Café Tlaloc',
    title: 'Pago con tarjeta',
    order: 'Tu pedido',
    item: 'Café de Chiapas en grano, 1 kg',
    total: 'Total',
    accepted: 'Tarjetas aceptadas',
    name: 'Nombre del titular',
    number: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    expiryPlaceholder: 'MM/AA',
    cvv: 'Código de seguridad',
    cvvHint: '3 dígitos al reverso de la tarjeta',
    brandRefused: 'No aceptamos {brand}. Paga con Visa, Mastercard, Carnet o Discover.',
    pay: 'Pagar',
    processing: 'Procesando…',
    secure: 'Los datos de tu tarjeta van directo al procesador; la tienda nunca los recibe.',
    hint: 'Sandbox: usa 4111 1111 1111 1111, cualquier fecha futura y el código 123. El README lista las tarjetas que se rechazan.',
    language: 'Idioma',
    spa: 'Ejemplo SPA (React)',
    direct: 'Formulario en la página',
    hosted: 'Campos alojados (iframes)',
    done: 'Pago completado',
    thanks: '¡Gracias! Tu pago quedó registrado.',
    failed: 'Pago rechazado',
    again: 'Volver a intentar',
    newPayment: 'Nuevo pago',
    refused: 'Rechazado',
    refusedText: 'Los datos de la tarjeta nunca deben enviarse a la tienda.',
    forbidden: 'La solicitud no vino de esta página. Vuelve a la página de pago.',
    tooMany: 'Demasiados intentos de pago. Intenta más tarde.',
    fields: { id: 'Transacción', authorization: 'Autorización', order_id: 'Pedido', card: 'Tarjeta' },
    receipt: 'Recibo',
  },
  en: {
    shop: 'Café Tlaloc',
    title: 'Card payment',
    order: 'Your order',
    item: 'Chiapas coffee beans, 1 kg',
    total: 'Total',
    accepted: 'Cards we accept',
    name: 'Name on card',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvv: 'Security code',
    cvvHint: '3 digits on the back of the card',
    brandRefused: 'We do not take {brand}. Pay with Visa, Mastercard, Carnet or Discover.',
    pay: 'Pay',
    processing: 'Processing…',
    secure: 'Your card details go straight to the processor; the shop never receives them.',
    hint: 'Sandbox: use 4111 1111 1111 1111, any future expiry and code 123. The README lists the declining cards.',
    language: 'Language',
    spa: 'SPA example (React)',
    direct: 'On-page form',
    hosted: 'Hosted fields (iframes)',
    done: 'Payment complete',
    thanks: 'Thank you! Your payment went through.',
    failed: 'Payment failed',
    again: 'Try again',
    newPayment: 'New payment',
    refused: 'Refused',
    refusedText: 'Card data must never be posted to the merchant.',
    forbidden: 'The request did not come from this page. Go back to the payment page.',
    tooMany: 'Too many payment attempts. Try again later.',
    fields: { id: 'Transaction', authorization: 'Authorization', order_id: 'Order', card: 'Card' },
    receipt: 'Receipt',
  },
} satisfies Record<Lang, unknown>;
