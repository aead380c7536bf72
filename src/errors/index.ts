/**
 * The errors the library throws or rejects with: one base class ({@link PayTokenError}), one file per subclass,
 * and the spec's error codes for failed card rules (`errorCodeFor`).
 */
export { PayTokenError, type ErrorType } from './base';
export { ValidationError } from './validation';
export { ApiError } from './api';
export { NetworkError } from './network';
export { TimeoutError } from './timeout';
export { ConfigurationError } from './configuration';
export { errorCodeFor } from './codes';
