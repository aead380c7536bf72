import { PayTokenError } from './base';

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
