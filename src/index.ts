/**
 * paytoken: browser card tokenization for the payments API (docs/spec/payments-api.md).
 *
 * ESM entry: the public API only ({@link createClient}, {@link tokenize}, the standalone card validators, the error
 * classes, the form layer's message table and formatter, and the types). Importing it has no side effects and
 * touches neither `window` nor `document` (SSR safe). The list in docs/README.md ("What the ESM entry exports") is this list (a test compares them).
 */
export { validatePan, luhn, normalizePan, PAN_LENGTHS } from './card/pan';
export { cardBrand } from './card/brands';
export { validateExpiry } from './card/expiry';
export { validateCvv2 } from './card/cvv2';
export { validateHolderName, HOLDER_NAME_MAX } from './card/holder';
export { validateAddress } from './card/address';
export { validateCard } from './card/validate';
export {
  MAX_EXPIRY_YEARS,
  type Address,
  type Brand,
  type CardData,
  type CardField,
  type CardInput,
  type CardValidation,
  type FieldResult,
  type Reason,
} from './card/types';
export { createClient, type Client, type CardCreateOptions, type DeviceDataCollection } from './client';
export { tokenize } from './http/tokenize';
export { httpContext, type HttpContext } from './http/http-context';
export { DEFAULT_TIMEOUT_MS, LOCAL_SANDBOX_URL, type ClientConfig, type ResolvedConfig } from './http/config';
export {
  PayTokenError,
  ValidationError,
  ApiError,
  NetworkError,
  TimeoutError,
  ConfigurationError,
  errorCodeFor,
  type ErrorType,
} from './errors/index';
export type { ErrorObject, Token, TokenCard, Card, CardFromToken } from './types/index';
export { DEVICE_SESSION_ID_LENGTH } from './fraud/session';
export { DEFAULT_BUDGET_MS } from './fraud/collect';
export type { AutomationFlag, ConsistencyFlag, DeviceData, DeviceDataOptions, SignalName, SignalReason, Signals } from './fraud/types';
export { formatValue, type FormatKind } from './fields/format';
export { formMessage, MESSAGES, type Messages } from './fields/messages';
export { readCard } from './form/read';
export type { AuthenticateMode, AuthenticateOptions, AuthenticateResult } from './form/authenticate';
export type {
  MountedForm,
  FormOptions,
  FormState,
  FieldState,
  FieldError,
  FieldEvent,
  FormEvents,
  FormErrorEvent,
  TokenResult,
} from './form/types';
export {
  mountFields,
  checkStyle,
  type FieldsConfig,
  type FieldContainers,
  type FieldsOptions,
  type FieldsEvents,
  type FieldsState,
  type FieldsTokenResult,
  type HostedFields,
  type FieldsStyle,
  type HostedField,
  type HostedFieldState,
  type FrameKind,
  type FontSource,
} from './hosted/index';
