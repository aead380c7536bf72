import type { CardInput } from '../card/types';
import { validateCard } from '../card/validate';
import { ValidationError } from '../errors/validation';
import type { Token } from '../types/index';
import { resolveConfig, type ClientConfig, type ResolvedConfig } from './config';
import { request } from './request';

/**
 * Builds the request body of a raw-card call (spec, Endpoints > Tokens and Cards): the card validated and
 * normalised by the card rules.
 * @throws ValidationError listing every failing field, before any request.
 */
export function cardBody(card: CardInput) {
  const v = validateCard(card);
  if (!v.valid) throw new ValidationError(v.errors);
  return v.value;
}

/**
 * The one `POST /v1/{merchant_id}/tokens` of the library (spec, Endpoints > Tokens), used by every entry (the
 * ESM `tokenize` and `createClient`, the script tag's `token.*` and `form.mount`). The card is validated locally
 * first (invalid data sends no request) and the configuration checked; retried once only where safe: a repeat
 * after a lost connection creates at most an unused token (see `request`).
 *
 * @param config merchant id, public key, base URL, timeout; checked as by `createClient`.
 * @param card the card under its spec field names.
 * @returns the HTTP status (201) and the Token.
 * @throws ConfigurationError (bad setting, a private key), ValidationError (no request sent), ApiError,
 *   NetworkError, TimeoutError.
 */
export const postToken = async (config: ClientConfig | ResolvedConfig, card: CardInput): Promise<{ status: number; data: Token }> =>
  request<Token>(resolveConfig(config), '/tokens', cardBody(card), true);

/**
 * Tokenizes a card (spec, Endpoints > Tokens: `POST /v1/{merchant_id}/tokens`) with no client object: the
 * smallest import for an app that only tokenizes (see the README's size table). `createClient(...).tokens.create`
 * does the same and brings cards, device data and the form layer with it.
 *
 * @param config merchant id, public key, base URL, timeout; checked as by `createClient`.
 * @param card the card under its spec field names.
 * @returns the Token; send its `id` to your server, which charges it as `source_id`.
 * @throws ConfigurationError (bad setting, a private key), ValidationError (no request sent), ApiError,
 *   NetworkError, TimeoutError (after `timeoutMs` in all).
 */
export const tokenize = (config: ClientConfig | ResolvedConfig, card: CardInput): Promise<Token> => postToken(config, card).then((r) => r.data);
