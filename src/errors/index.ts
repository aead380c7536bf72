import type { FieldResult, Reason, CardField } from '../card/types';
import { errorCodeFor } from './codes';
import type { ErrorObject } from '../types/index';

/** What kind of failure a {@link PayTokenError} is. */
export type ErrorType = 'validation' | 'api' | 'network' | 'timeout' | 'configuration';

/**
 * Base class of every error the library throws or rejects with. `type` tells the subclass without
 * `instanceof` (useful across bundles), and `name` follows from it: `ValidationError`, `ApiError`,
 * `NetworkError`, `TimeoutError`, `ConfigurationError` (the class of that type; minifiers keep no class names).
 * Messages are for developers; show users a message chosen by code.
 */
export class PayTokenError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
  ) {
    super(message);
    this.name = type[0]!.toUpperCase() + type.slice(1) + 'Error';
  }
}

/**
 * Thrown before any request when card data fails a local rule (the same rules the API applies).
 * `errors` lists every failing field; `field` and `rule` name the first one; `error_code` and `http_code` are
 * what the API would have answered (see `errorCodeFor`). Never contains the card data itself.
 */
export class ValidationError extends PayTokenError {
  readonly field: CardField;
  readonly rule: Reason;
  readonly error_code: number;
  readonly http_code: number;
  constructor(readonly errors: FieldResult[]) {
    const first = errors[0]!;
    super('validation', errors.map((e) => `${e.field}: ${e.reason}`).join(', '));
    this.field = first.field;
    this.rule = first.reason!;
    [this.error_code, this.http_code] = errorCodeFor(first);
  }
}

/**
 * The API answered with an error (spec, Errors): `error` is the Error object as received, `status` the
 * HTTP status. A response that was not a JSON Error object (a proxy's HTML page, say) is given an Error object
 * with `error_code` 1000 and `category` `internal` and the HTTP status, so callers handle one shape.
 */
export class ApiError extends PayTokenError {
  readonly error_code: number;
  readonly category: string;
  readonly request_id: string;
  readonly fraud_rules: string[];
  constructor(
    readonly status: number,
    readonly error: ErrorObject,
  ) {
    super('api', `${error.error_code} ${error.description}`);
    this.error_code = error.error_code;
    this.category = error.category;
    this.request_id = error.request_id;
    this.fraud_rules = error.fraud_rules ?? [];
  }
}

/** The request never got an HTTP response: offline, DNS, refused or reset connection, CORS refusal. */
export class NetworkError extends PayTokenError {
  constructor(message: string) {
    super('network', message);
  }
}

/** No complete response within `timeoutMs` (milliseconds); the request was aborted. */
export class TimeoutError extends PayTokenError {
  constructor(readonly timeoutMs: number) {
    super('timeout', `No response within ${timeoutMs} ms`);
  }
}

/**
 * The client is set up wrong: no or malformed merchant id, a key that is not a public key (a private
 * `sk_` key must never reach a browser), a base URL that is not absolute http(s) or is plain http to a host
 * other than loopback, a bad timeout. Thrown before any request is made; `option` names the setting.
 */
export class ConfigurationError extends PayTokenError {
  constructor(
    readonly option: string,
    message: string,
  ) {
    super('configuration', message);
  }
}
