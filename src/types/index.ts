import type { Address, Brand } from '../card/types';

/**
 * The spec's Error object (section Errors): every error response of the API has this shape.
 * `http_code` is documented as a string but is an integer in the spec's examples; both are accepted.
 */
export interface ErrorObject {
  /** `request` (the request was wrong), `internal` (the API failed) or `gateway` (the bank or network refused). */
  category: 'request' | 'internal' | 'gateway' | string;
  /** The spec error code (1001, 2004, 3001...; spec, Errors). */
  error_code: number;
  /** What went wrong, for developers (not for shoppers: show a message chosen by `error_code`). */
  description: string;
  /** The HTTP status of the response. */
  http_code: number | string;
  /** The API's id of the request, for support (also the `X-Request-Id` header). */
  request_id: string;
  /** The anti-fraud rules that declined the request (error 3005). */
  fraud_rules?: string[];
}

/** Card data inside a Token (spec, Resources > Token object); `card_number` comes back masked. */
export interface TokenCard {
  /** The PAN, masked by the API. */
  card_number: string;
  /** The name on the card. */
  holder_name: string;
  /** Expiry year, two digits. */
  expiration_year: string;
  /** Expiry month, two digits. */
  expiration_month: string;
  /** Billing address, or null when none was given. */
  address: Address | null;
  /** When the card data was received (ISO 8601 with offset), or null. */
  creation_date: string | null;
  /** The card network (`visa`, `mastercard`, ...; the API may answer other names, such as `unknown`). */
  brand: Brand | string;
  /** Whether the card has reward points (absent: no). */
  points_card?: boolean;
}

/** A Token (spec, Resources > Token object). `id` is used as `source_id` of a charge or `token_id` of a card. */
export interface Token {
  /** The token id: the charge's `source_id`, or `token_id` when storing the card. */
  id: string;
  /** The card data, number masked. */
  card: TokenCard;
}

/** A stored card (spec, Resources > Card object). Number masked; the CVV2 is never returned. */
export interface Card {
  /** The stored card's id (a charge's `source_id`). */
  id: string;
  /** When the card was stored (ISO 8601 with offset). */
  creation_date: string;
  /** The name on the card. */
  holder_name: string;
  /** The PAN, masked by the API. */
  card_number: string;
  /** Expiry month, two digits. */
  expiration_month: string;
  /** Expiry year, two digits. */
  expiration_year: string;
  /** Billing address, or null. */
  address: Address | null;
  /** Whether the card can be charged. */
  allows_charges: boolean;
  /** Whether the card can receive payouts. */
  allows_payouts: boolean;
  /** The card network (`visa`, `mastercard`, ...; other names, such as `unknown`, possible). */
  brand: Brand | string;
  /** `credit` or `debit` (other values possible). */
  type: string;
  /** The issuing bank's name. */
  bank_name: string;
  /** The issuing bank's code. */
  bank_code: string;
  /** The customer the card belongs to, or null for a merchant-level card. */
  customer_id: string | null;
  /** Whether the card has reward points. */
  points_card: boolean;
}

/**
 * The token variant of `POST /cards` (spec, Endpoints > Cards): a token id (max 45) and the
 * `device_session_id` (max 255) of the page that made it.
 */
export interface CardFromToken {
  /** The token id (at most 45 characters). */
  token_id: string;
  /** The `device_session_id` of the page that made the token (at most 255 characters). */
  device_session_id: string;
}
