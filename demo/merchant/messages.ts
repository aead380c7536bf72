/**
 * Words for the spec's error codes (section Errors), as the merchant shows them to a shopper after a charge.
 * The checkout form layer will own localised messages; the demo merchant needs only these.
 */
export const ERROR_WORDS: Record<number, string> = {
  1000: 'The payment service had an internal error. Please try again.',
  1001: 'The payment request was malformed.',
  1002: 'The shop could not authenticate with the payment service.',
  1003: 'A value in the payment was not accepted.',
  1004: 'The payment service is unavailable right now. Please try again shortly.',
  1005: 'The card token was not found; please enter your card again.',
  1006: 'This order was already paid.',
  1009: 'The payment request was too large.',
  1010: 'The shop is not allowed to make this call.',
  2004: 'The card number is not valid.',
  2005: 'The card has expired.',
  2006: 'The security code (CVV2) is missing.',
  2007: 'Test cards cannot be used in production.',
  2009: 'The security code (CVV2) is not valid.',
  3001: 'The card was declined.',
  3002: 'The card has expired.',
  3003: 'The card has insufficient funds.',
  3004: 'The card was reported stolen.',
  3005: 'The payment was declined by anti-fraud checks.',
  3006: 'This operation is not allowed for this card or payment (the card token may already have been used).',
  3008: 'The card cannot be used for online payments.',
  3009: 'The card was reported lost.',
  3010: 'The card is restricted by its bank.',
  3011: 'The bank asked to hold the card.',
  3012: 'The bank requires authorisation for this payment.',
};

/** The shopper-facing sentence for an error code, with a generic fallback. */
export const errorWords = (code: number): string => ERROR_WORDS[code] ?? 'The payment could not be completed.';
