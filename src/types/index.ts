import type { Address, Brand } from '../card/types';

/**
 * The spec's Error object (section Errors): every error response of the API has this shape.
 * `http_code` is documented as a string but is an integer in the spec's examples; both are accepted.
 */
export interface ErrorObject {
  category: 'request' | 'internal' | 'gateway' | string;
  error_code: number;
  description: string;
  http_code: number | string;
  request_id: string;
  fraud_rules?: string[];
}

/** Card data inside a Token (spec, Resources > Token object); `card_number` comes back masked. */
export interface TokenCard {
  card_number: string;
  holder_name: string;
  expiration_year: string;
  expiration_month: string;
  address: Address | null;
  creation_date: string | null;
  brand: Brand | string;
  points_card?: boolean;
}

/** A Token (spec, Resources > Token object). `id` is used as `source_id` of a charge or `token_id` of a card. */
export interface Token {
  id: string;
  card: TokenCard;
}

/** A stored card (spec, Resources > Card object). Number masked; the CVV2 is never returned. */
export interface Card {
  id: string;
  creation_date: string;
  holder_name: string;
  card_number: string;
  expiration_month: string;
  expiration_year: string;
  address: Address | null;
  allows_charges: boolean;
  allows_payouts: boolean;
  brand: Brand | string;
  type: string;
  bank_name: string;
  bank_code: string;
  customer_id: string | null;
  points_card: boolean;
}

/**
 * The token variant of `POST /cards` (spec, Endpoints > Cards): a token id (max 45) and the
 * `device_session_id` (max 255) of the page that made it.
 */
export interface CardFromToken {
  token_id: string;
  device_session_id: string;
}
