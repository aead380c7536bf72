import type { Brand, CardData, CardInput } from '../card/types';
import { validateCard } from '../card/validate';
import { ValidationError } from '../errors/validation';
import type { Token } from '../types/index';
import { resolveConfig, type ClientConfig, type ResolvedConfig } from './config';
import { pristine, type Io } from './pristine';
import { request } from './request';

/**
 * Builds the request body of a raw-card call (spec, Endpoints > Tokens and Cards): the card validated and
 * normalised by the card rules, as an object without a prototype (so is its address): `JSON.stringify` looks up
 * `toJSON` on every object it writes, and a getter another script put on `Object.prototype.toJSON` would
 * otherwise be handed the card.
 * @param acceptedBrands the client's `acceptedBrands` (see `ClientConfig`): a number of another network is refused.
 * @throws ValidationError listing every failing field, before any request.
 */
export function cardBody(card: CardInput, acceptedBrands?: readonly Brand[]): CardData {
  const v = validateCard(card, undefined, acceptedBrands);
  if (!v.valid) throw new ValidationError(v.errors);
  return { __proto__: null, ...v.value } as CardData;
}

/**
 * The one `POST /v1/{merchant_id}/tokens` of the library (spec, Endpoints > Tokens), used by every entry (the ESM
 * `tokenize` and `createClient`, the script tags' `token.*` and `form.mount`, the hosted-field frame). The card is
 * validated locally first (invalid data sends no request); retried once only where safe: a repeat after a lost
 * connection creates at most an unused token (see `request`).
 *
 * @param config the configuration as `resolveConfig` checked it: each caller checks once (the ESM `tokenize` per
 *   call, a client at its creation, the script tags once per change of their settings, the frame at its start).
 * @param card the card under its spec field names.
 * @param io the request and `JSON.stringify` to use (see `pristine`).
 * @param acceptedBrands the client's checked `acceptedBrands`: a card of another network is refused (no request).
 * @returns the HTTP status (201) and the Token.
 * @throws ConfigurationError (bad setting, a private key), ValidationError (no request sent), ApiError,
 *   NetworkError, TimeoutError.
 */
export const postToken = async (
  config: ResolvedConfig,
  card: CardInput,
  io: Io,
  acceptedBrands?: readonly Brand[],
): Promise<{ status: number; data: Token }> => request<Token>(config, '/tokens', cardBody(card, acceptedBrands), true, io);

/**
 * Tokenizes a card (spec, Endpoints > Tokens: `POST /v1/{merchant_id}/tokens`) with no client object: the
 * smallest import for an app that only tokenizes (see the size table in docs/performance.md). `createClient(...).tokens.create`
 * does the same and brings cards, device data and the form layer with it. This function uses the page's
 * `XMLHttpRequest` (else `fetch`) and `JSON.stringify` as they are at call time; a client keeps those of its creation
 * (docs/security.md).
 *
 * @param config merchant id, public key, base URL, timeout; checked as by `createClient`.
 * @param card the card under its spec field names.
 * @returns the Token; send its `id` to your server, which charges it as `source_id`.
 * @throws ConfigurationError (bad setting, a private key), ValidationError (no request sent), ApiError,
 *   NetworkError, TimeoutError (after `timeoutMs` in all).
 */
export const tokenize = async (config: ClientConfig | ResolvedConfig, card: CardInput): Promise<Token> =>
  (await postToken(resolveConfig(config), card, pristine())).data;
