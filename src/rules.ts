/**
 * `paytoken/rules`: the API's card and request rules as the library applies them (docs/spec/payments-api.md,
 * "Card", "Token", "Error object"), for a server that must apply the same ones: the local sandbox
 * (`paytoken-sandbox`) validates every card, holder, address, token id and `device_session_id` with these, so the
 * browser and the service can never disagree. Server-side code only; importing it touches neither `window` nor
 * `document`.
 */
export type { Address, Brand, CardData, CardInput, FieldResult, Reason } from './card/types';
export type { ErrorObject } from './types/index';
export type { SignalReason } from './fraud/types';
export { DEVICE_SESSION_ID, RESOURCE_ID, validateDeviceSessionId, validateTokenId } from './card/ids';
export { LOCAL_SANDBOX_URL } from './http/config';
export { UNSAFE_TEXT } from './card/result';
export { canonical } from './fraud/hash';
export { cardBrand } from './card/brands';
export { errorCodeFor } from './errors/codes';
export { normalizeAddress, validateAddress } from './card/address';
export { parseMonth, parseYear, validateExpiry } from './card/expiry';
export { validateCard } from './card/validate';
export { validateCvv2 } from './card/cvv2';
export { validateHolderName } from './card/holder';
export type { CardType, Outcome, TestCardName, TestCardRow, ThreeDsProfile } from './testing/cards';
export { OUTCOME_ERROR_CODES, TEST_CARDS } from './testing/cards';
