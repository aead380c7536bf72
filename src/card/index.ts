/**
 * Card rules: pure functions, no DOM, no network. Each returns a typed result naming the spec field and the
 * reason, and never throws on any input.
 */
export * from './types';
export { cardBrand, cvv2Length } from './brands';
export { normalizePan, luhn, validatePan, PAN_LENGTHS } from './pan';
export { parseMonth, parseYear, expiryEnd, validateExpiry } from './expiry';
export { validateCvv2 } from './cvv2';
export { validateHolderName, HOLDER_NAME_MAX } from './holder';
export { validateAddress } from './address';
export { validateCard } from './validate';
