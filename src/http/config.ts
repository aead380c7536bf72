import { isBrand } from '../card/brands';
import type { Brand } from '../card/types';
import { configError } from '../errors/configuration';

/**
 * Settings of a client (`createClient`, `tokenize`, and the script tag's setters). Every member is checked
 * before any request; a bad one throws a {@link ConfigurationError} naming it.
 */
export interface ClientConfig {
  /**
   * The merchant id of the path `/v1/{merchant_id}` (spec, "What the service does"): 1-45 letters or digits.
   */
  merchantId: string;
  /**
   * The merchant's public key (`pk_...`, then 1-100 word characters). A private key (`sk_...`) is refused: the
   * spec (Authentication) allows only the public key in client-side JavaScript.
   */
  publicKey: string;
  /**
   * The spec's `{base_url}`, the part before `/v1`, e.g. {@link LOCAL_SANDBOX_URL} for the local sandbox. Must be
   * `https:`, or `http:` to a loopback host (`localhost`, `127.x.x.x`, `[::1]`); no query, hash or credentials.
   * A trailing slash is dropped.
   */
  baseUrl: string;
  /**
   * How long a call may take in all, in milliseconds, its one automatic retry included (see `request` in
   * ./request.ts), before it is aborted and rejects with a `TimeoutError`. A response body still arriving then
   * is aborted too. 1 to 120000.
   * @default 20000
   */
  timeoutMs?: number;
  /**
   * Where the hosted-field frame pages are served (hosted fields only: `mountFields`, `client.fields.mount`):
   * the API origin serves them under `{base_url}/fields/v1` (the local sandbox does; in production the
   * processor). Same rules as `baseUrl`. Checked by the hosted-fields code only (see `checkFieldsUrl` in src/http/config.ts).
   * @default `${baseUrl}/fields/v1`
   */
  fieldsUrl?: string;
  /**
   * The card networks the merchant accepts, e.g. `['visa', 'mastercard', 'carnet']` (brands as `cardBrand` names
   * them: visa, mastercard, amex, carnet, discover, diners, jcb, unionpay). With a list, a card number of another
   * network, or of none the IIN table knows, is refused before any request (`card_number` rule `brand`, error code
   * 1001, see `validatePan`): by a client's `tokens.create` and `cards.create`, and as the shopper types by the form
   * layer and hosted fields (the message "No aceptamos esta tarjeta." / "We do not accept this card.", code
   * `card_number.brand`). A non-empty list of those names, else a `ConfigurationError` (`acceptedBrands`). Applied
   * by `createClient` and `mountFields`; the standalone `tokenize` does not apply it (check with
   * `validateCard(card, undefined, list)` first, or use a client).
   * @default undefined (any network: no number is refused for its IIN)
   */
  acceptedBrands?: readonly Brand[];
}

/**
 * A checked configuration: `baseUrl` without trailing slash, `timeoutMs` filled in (`fieldsUrl` as given;
 * `acceptedBrands`, a copy, only when given).
 */
export type ResolvedConfig = Required<Omit<ClientConfig, 'fieldsUrl' | 'acceptedBrands'>> &
  Pick<ClientConfig, 'fieldsUrl' | 'acceptedBrands'>;

/** Default request timeout, milliseconds. */
export const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * `{base_url}` of the local sandbox on its default port (`npm run sandbox`, `npm run demo`). The sandbox's own
 * defaults (sandbox/src/defaults.ts) are derived from this one value.
 */
export const LOCAL_SANDBOX_URL = 'http://127.0.0.1:4010';

export const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const refuse = (option: string, why: string): never => {
  throw configError(option, why);
};

/** Checks `merchantId` (see {@link ClientConfig}). @returns it. @throws ConfigurationError (`merchantId`). */
export const checkMerchantId = (merchantId: unknown): string =>
  typeof merchantId === 'string' && /^[A-Za-z0-9]{1,45}$/.test(merchantId) ? merchantId : refuse('merchantId', '1-45 letters or digits');

/** Checks `publicKey` (see {@link ClientConfig}). @returns it. @throws ConfigurationError (`publicKey`), above all for an `sk_` key. */
export const checkPublicKey = (publicKey: unknown): string =>
  typeof publicKey === 'string' && /^pk_\w{1,100}$/.test(publicKey)
    ? publicKey
    : refuse(
        'publicKey',
        /^sk_/.test(String(publicKey)) ? 'a private key (sk_) must never be used in a browser; use pk_' : 'not a pk_ key',
      );

/**
 * Checks `baseUrl` (see {@link ClientConfig}), or another option of the same rules (`fieldsUrl`).
 * @param option the option's name in the error. @returns it without trailing slash. @throws ConfigurationError (`option`).
 */
export function checkBaseUrl(baseUrl: unknown, option = 'baseUrl'): string {
  let url: URL | undefined;
  try {
    url = new URL(String(baseUrl));
  } catch {
    /* refused below */
  }
  return url &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))) &&
    !/[?#]/.test(String(baseUrl)) &&
    !url.username &&
    !url.password
    ? url.href.replace(/\/+$/, '')
    : refuse(option, 'https (http for loopback only), no query, hash or credentials');
}

/**
 * The hosted-field frames' URL (see {@link ClientConfig} `fieldsUrl`): `fieldsUrl` checked as `baseUrl` is, or
 * `{baseUrl}/fields/v1` when not given. @throws ConfigurationError (`fieldsUrl`).
 */
export const checkFieldsUrl = (fieldsUrl: unknown, baseUrl: string): string =>
  fieldsUrl === undefined ? `${baseUrl}/fields/v1` : checkBaseUrl(fieldsUrl, 'fieldsUrl');

/** Checks `timeoutMs` (see {@link ClientConfig}). @returns it. @throws ConfigurationError (`timeoutMs`). */
export const checkTimeout = (timeoutMs: unknown): number =>
  typeof timeoutMs === 'number' && timeoutMs >= 1 && timeoutMs <= 120_000 ? timeoutMs : refuse('timeoutMs', '1-120000 ms');

/**
 * Checks `acceptedBrands` (see {@link ClientConfig}): a non-empty array of brand names.
 * @returns a copy of it. @throws ConfigurationError (`acceptedBrands`).
 */
export const checkAcceptedBrands = (brands: unknown): Brand[] =>
  Array.isArray(brands) && brands.length && brands.every(isBrand)
    ? [...brands]
    : refuse('acceptedBrands', 'a non-empty list of brands as cardBrand names them');

/**
 * Checks a whole configuration before any request, member by member in the order of {@link ClientConfig}.
 * `acceptedBrands` is left out (see {@link resolveClientConfig}), so an app that only tokenizes does not carry its check.
 * @throws ConfigurationError naming the first bad option (`merchantId`, `publicKey`, `baseUrl`, `timeoutMs`).
 */
export function resolveConfig(c: Partial<ClientConfig>): ResolvedConfig {
  const { merchantId, publicKey, baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS } = c ?? {};
  return {
    merchantId: checkMerchantId(merchantId),
    publicKey: checkPublicKey(publicKey),
    baseUrl: checkBaseUrl(baseUrl),
    timeoutMs: checkTimeout(timeoutMs),
  };
}

/**
 * {@link resolveConfig} and `acceptedBrands` (a checked copy, only when given): the configuration of a client
 * (`createClient`) and of hosted fields (`mountFields`), which apply the list.
 * @throws ConfigurationError naming the first bad option, `acceptedBrands` last.
 */
export function resolveClientConfig(c: Partial<ClientConfig>): ResolvedConfig {
  const cfg = resolveConfig(c);
  if (c.acceptedBrands !== undefined) cfg.acceptedBrands = checkAcceptedBrands(c.acceptedBrands);
  return cfg;
}
