import { PayTokenError } from './base';

/** The request never got an HTTP response: offline, DNS, refused or reset connection, CORS refusal. */
export class NetworkError extends PayTokenError {
  static override get kind(): 'network' {
    return 'network';
  }
  constructor(message: string) {
    super('network', message);
  }
}
