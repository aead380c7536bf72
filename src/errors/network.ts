import { PayTokenError } from './base';

/**
 * The request never got an HTTP response: offline, DNS, refused or reset connection, CORS refusal. `cause` keeps
 * what the transport threw or rejected with (a `TypeError` of `fetch`, the XHR's failure), as ky's errors do.
 */
export class NetworkError extends PayTokenError {
  static override get kind(): 'network' {
    return 'network';
  }
  /** What the transport threw or rejected with, when there was something (absent for a body that was not JSON). */
  declare readonly cause?: unknown;

  constructor(message: string, cause?: unknown) {
    super('network', message);
    if (cause !== undefined) Object.defineProperty(this, 'cause', { value: cause, configurable: true, writable: true });
  }
}
