import type { ErrorObject } from '../types/index';
import { PayTokenError } from './base';

/**
 * The API answered with an error (spec, Errors): `error` is the Error object as received, `status` the
 * HTTP status. A response that was not a JSON Error object (a proxy's HTML page, say) is given an Error object
 * with `error_code` 1000 and `category` `internal` and the HTTP status, so callers handle one shape.
 */
export class ApiError extends PayTokenError {
  static override get kind(): 'api' {
    return 'api';
  }
  /** The spec error code (`error.error_code`). */
  readonly error_code: number;
  /** `error.category`: `request`, `internal` or `gateway`. */
  readonly category: string;
  /** `error.request_id`, for support. */
  readonly request_id: string;
  /** The anti-fraud rules that declined the request (error 3005); empty otherwise. */
  readonly fraud_rules: string[];
  constructor(
    /** The HTTP status of the response. */
    readonly status: number,
    /** The spec Error object as received (or built for a body that was not one). */
    readonly error: ErrorObject,
  ) {
    super('api', `${error.error_code} ${error.description}`);
    this.error_code = error.error_code;
    this.category = error.category;
    this.request_id = error.request_id;
    this.fraud_rules = error.fraud_rules ?? [];
  }
}
