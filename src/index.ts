/**
 * paytoken: browser card tokenization for the payments API (`payments-api.md`).
 *
 * ESM entry: {@link createClient} and the standalone card validators. Importing it has no side effects and
 * touches neither `window` nor `document` (SSR safe).
 */
export * from './card/index';
export { createClient, type Client, type CardCreateOptions, type DeviceDataCollection } from './client';
export { tokenize } from './http/tokenize';
export { resolveConfig, DEFAULT_TIMEOUT_MS, type ClientConfig, type ResolvedConfig } from './http/config';
export { errorCodeFor } from './errors/codes';
export { PayTokenError, ValidationError, ApiError, NetworkError, TimeoutError, ConfigurationError, type ErrorType } from './errors/index';
export type { ErrorObject, Token, TokenCard, Card, CardFromToken } from './types/index';
export { deviceSessionId, newDeviceSessionId, writeDeviceSessionInput, DEVICE_SESSION_ID_LENGTH, DEFAULT_BUDGET_MS } from './fraud/index';
export type { AutomationFlag, DeviceData, DeviceDataOptions, SignalName, SignalReason, Signals } from './fraud/index';
export { formatValue, type FormatKind } from './form/format';
export { formMessage, MESSAGES, type Messages } from './form/messages';
export { readCard } from './form/read';
export type { MountedForm, FormOptions, FormState, FieldState, FieldError, FieldEvent, FormEvents, FormErrorEvent, TokenResult } from './form/mount';
export { mountFields, checkStyle, type FieldsConfig, type FieldContainers, type FieldsOptions, type FieldsEvents, type FieldsState, type FieldsTokenResult, type HostedFields, type FieldsStyle, type HostedField, type HostedFieldState } from './hosted/index';
