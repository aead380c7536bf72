import type { CardField, FieldResult, Reason } from '../card/types';
import { PayTokenError } from './base';
import { errorCodeFor } from './codes';

/**
 * Thrown before any request when card data fails a local rule (the same rules the API applies).
 * `errors` lists every failing field; `field` and `rule` name the first one; `error_code` and `http_code` are
 * what the API would have answered (see `errorCodeFor`). Never contains the card data itself.
 */
export class ValidationError extends PayTokenError {
  static override get kind(): 'validation' {
    return 'validation';
  }
  /** The first failing field. */
  readonly field: CardField;
  /** Why it failed (the first failing field's reason). */
  readonly rule: Reason;
  /** The spec error code the API would have answered (1001, 2004, 2005, 2006, 2009). */
  readonly error_code: number;
  /** The HTTP status the API would have answered. */
  readonly http_code: number;
  constructor(
    /** Every failing field and its reason, in field order. */
    readonly errors: FieldResult[],
  ) {
    const first = errors[0]!;
    super('validation', errors.map((e) => `${e.field}: ${e.reason}`).join(', '));
    this.field = first.field;
    this.rule = first.reason!;
    [this.error_code, this.http_code] = errorCodeFor(first);
  }
}
