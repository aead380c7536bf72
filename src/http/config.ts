import { ConfigurationError } from '../errors/index';

/**
 * Settings of a client.
 * - `merchantId`: the merchant id of the path `/v1/{merchant_id}` (spec, What the service does); 1-45
 *   characters of letters and digits.
 * - `publicKey`: the merchant's public key (`pk_...`). A private key (`sk_...`) is refused: the spec
 *   (Authentication) allows only the public key from client-side JavaScript.
 * - `baseUrl`: the spec's `{base_url}`, the part before `/v1` (e.g. `http://127.0.0.1:4010` for the local
 *   sandbox). Must be `https:`, or `http:` to a loopback host.
 * - `timeoutMs`: how long a call may take in all, in milliseconds, its one automatic retry included
 *   (see `request` in ./http.ts), before it is aborted and rejects with a TimeoutError; 1 to 120000, default
 *   20000. A response body still arriving then is aborted too.
 */
export interface ClientConfig {
  merchantId: string;
  publicKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** A checked configuration: `baseUrl` without trailing slash, `timeoutMs` filled in. */
export type ResolvedConfig = Required<ClientConfig>;

/** Default request timeout, milliseconds. */
export const DEFAULT_TIMEOUT_MS = 20_000;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Checks a configuration before any request.
 * @throws ConfigurationError naming the option (`merchantId`, `publicKey`, `baseUrl`, `timeoutMs`).
 */
export function resolveConfig(c: Partial<ClientConfig>): ResolvedConfig {
  const { merchantId, publicKey, baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS } = c ?? {};
  const bad = (option: string, why: string) => new ConfigurationError(option, `${option}: ${why}`);
  if (typeof merchantId !== 'string' || !/^[A-Za-z0-9]{1,45}$/.test(merchantId)) throw bad('merchantId', '1-45 letters or digits');
  if (typeof publicKey !== 'string' || !/^pk_\w{1,100}$/.test(publicKey)) {
    throw bad('publicKey', /^sk_/.test(String(publicKey)) ? 'a private key (sk_) must never be used in a browser; use pk_' : 'not a pk_ key');
  }
  let url: URL | undefined;
  try {
    url = new URL(String(baseUrl));
  } catch {
    /* reported below */
  }
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))) || /[?#]/.test(String(baseUrl)) || url.username || url.password) {
    throw bad('baseUrl', 'https (http for loopback only), no query, hash or credentials');
  }
  if (!(typeof timeoutMs === 'number' && timeoutMs >= 1 && timeoutMs <= 120_000)) throw bad('timeoutMs', '1-120000 ms');
  return { merchantId, publicKey, baseUrl: url.href.replace(/\/+$/, ''), timeoutMs };
}
