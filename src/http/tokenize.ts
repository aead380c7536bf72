import type { CardInput } from '../card/types';
import { validateCard } from '../card/validate';
import { resolveConfig, type ClientConfig, type ResolvedConfig } from './config';
import { ValidationError } from '../errors/index';
import { request } from './request';
import type { Token } from '../types/index';

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
 * Tokenizes a card (spec, Endpoints > Tokens: `POST /v1/{merchant_id}/tokens`) with no client object: the
 * smallest import for an app that only tokenizes (see the README's size table). `createClient(...).tokens.create`
 * does the same and brings cards, device data and the form layer with it.
 *
 * Validated locally first (invalid data sends no request); retried once only where safe (see `request`).
 *
 * @param config merchant id, public key, base URL, timeout; checked as by `createClient`.
 * @param card the card under its spec field names.
 * @returns the Token; send its `id` to your server, which charges it as `source_id`.
 * @throws ConfigurationError (bad setting, a private key), ValidationError (no request sent), ApiError,
 *   NetworkError, TimeoutError.
 */
export async function tokenize(config: ClientConfig | ResolvedConfig, card: CardInput): Promise<Token> {
  // a repeat after a lost connection creates at most an unused token: safe to retry once (see `request`)
  return (await request<Token>(resolveConfig(config), 'POST', '/tokens', cardBody(card), true)).data;
}
