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
