import { PayTokenError } from './base';

/**
 * The client is set up wrong: no or malformed merchant id, a key that is not a public key (a private
 * `sk_` key must never reach a browser), a base URL that is not absolute http(s) or is plain http to a host
 * other than loopback, a bad timeout. Thrown before any request is made; `option` names the setting.
 */
export class ConfigurationError extends PayTokenError {
  static override get kind(): 'configuration' {
    return 'configuration';
  }
  constructor(
    /** The setting refused (`publicKey`, `baseUrl`, `style.base.backgroundImage`). */
    readonly option: string,
    message: string,
  ) {
    super('configuration', message);
  }
}

/**
 * The ConfigurationError for a refused `option`, its message `${option}: ${why}` (`publicKey: not a pk_ key`).
 * One helper for every check, so each bundle carries the message format once.
 */
export const configError = (option: string, why: string): ConfigurationError => new ConfigurationError(option, `${option}: ${why}`);
