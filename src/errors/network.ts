import { PayTokenError } from './base';

/** The request never got an HTTP response: offline, DNS, refused or reset connection, CORS refusal. */
export class NetworkError extends PayTokenError {
  constructor(message: string) {
    super('network', message);
  }
}
