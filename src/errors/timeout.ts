import { PayTokenError } from './base';

/** No complete response within `timeoutMs` (milliseconds); the request was aborted. */
export class TimeoutError extends PayTokenError {
  static override get kind(): 'timeout' {
    return 'timeout';
  }
  constructor(
    /** The deadline that passed, milliseconds. */
    readonly timeoutMs: number,
  ) {
    super('timeout', `No response within ${timeoutMs} ms`);
  }
}
