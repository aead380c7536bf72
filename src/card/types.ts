/**
 * Names of the fields a rule speaks of. They are the request-body field names of the spec
 * (`payments-api.md`, Endpoints > Tokens and Cards; Address object), so an error names exactly the
 * field the API would name.
 */
export type CardField =
  | 'card_number'
  | 'holder_name'
  | 'expiration_month'
  | 'expiration_year'
  | 'cvv2'
  | 'address'
  | 'address.line1'
  | 'address.line2'
  | 'address.line3'
  | 'address.postal_code'
  | 'address.state'
  | 'address.city'
  | 'address.country_code'
  | 'token_id'
  | 'device_session_id';

/**
 * Why a field failed its rule.
 * - `required`: missing or blank.
 * - `type`: not a string (or, for month, year and CVV2, not a string or integer).
 * - `format`: characters the field cannot hold (a letter in a PAN, a month of `13`, a year of `3`, a control or
 *   bidirectional-control character in a holder name or address line).
 * - `length`: wrong number of digits (a PAN that is not 16 or 19 digits; a CVV2 of the wrong length for its brand).
 * - `luhn`: the PAN's check digit is wrong (API error 2004).
 * - `brand`: the PAN's network is not in the merchant's accepted-brands list (only when one is given).
 * - `expired`: the expiry month is over (API error 2005).
 * - `too_far`: the expiry is more than {@link MAX_EXPIRY_YEARS} years ahead.
 * - `too_long`: over the maximum length (holder_name: 80, the spec's; address fields: `ADDRESS_MAX`).
 */
export type Reason = 'required' | 'type' | 'format' | 'length' | 'luhn' | 'brand' | 'expired' | 'too_far' | 'too_long';

/**
 * The outcome of one rule on one field.
 * - `valid`: the value passes.
 * - `potentiallyValid`: the value does not pass yet but could by typing more characters (as card-validator's
 *   `isPotentiallyValid`); always true when `valid`. A form shows no error while this is true and the field
 *   has focus.
 * - `reason`: present exactly when `valid` is false.
 */
export interface FieldResult {
  /** The field the rule speaks of, by its spec name (`card_number`, `address.city`). */
  field: CardField;
  /** Whether the value passes the rule. */
  valid: boolean;
  /** Whether typing more characters could make the value pass; always true when `valid`. */
  potentiallyValid: boolean;
  /** Why the value fails; present exactly when `valid` is false. */
  reason?: Reason;
}

/** Card networks the IIN table knows, in lowercase as the spec's Card object `brand` field. */
export type Brand = 'visa' | 'mastercard' | 'amex' | 'carnet' | 'discover' | 'diners' | 'jcb' | 'unionpay';

/**
 * Billing address, as the spec's Address object: `line1`, `postal_code`, `state`, `city` and
 * `country_code` (two letters, ISO 3166-1 alpha-2) are required; `line2`, `line3` optional.
 */
export interface Address {
  /** First address line; required, at most 100 code points. */
  line1: string;
  /** Second address line; optional, at most 100 code points. */
  line2?: string;
  /** Third address line; optional, at most 100 code points. */
  line3?: string;
  /** Postal code; required, at most 16 code points. */
  postal_code: string;
  /** State or province; required, at most 100 code points. */
  state: string;
  /** City; required, at most 100 code points. */
  city: string;
  /** Country, two letters (ISO 3166-1 alpha-2); required. */
  country_code: string;
}

/**
 * Card data as a caller hands it in: the spec's token/card request fields, with some latitude in the input
 * (spaces or dashes in the PAN, month and year as numbers, four-digit years). `unknown` members are
 * accepted on purpose: values come from forms and untyped scripts, and bad types are reported, not thrown.
 */
export interface CardInput {
  /** The PAN: 16 or 19 digits, spaces and dashes allowed. */
  card_number?: unknown;
  /** The name on the card, at most 80 characters. */
  holder_name?: unknown;
  /** Expiry month, 1-12 (`4`, `04` or the number 4). */
  expiration_month?: unknown;
  /** Expiry year, two or four digits (`30`, `2030` or a number). */
  expiration_year?: unknown;
  /** The security code: 4 digits for amex, 3 for the other networks. */
  cvv2?: unknown;
  /** Billing address (optional): see {@link Address}. */
  address?: unknown;
}

/**
 * Card data normalised to what the API expects (spec, Endpoints > Tokens, `POST /tokens` body): digits-only
 * `card_number`, trimmed `holder_name`, two-digit `expiration_month` and `expiration_year` strings, digits-only
 * `cvv2`, and the address with an upper-case `country_code`.
 */
export interface CardData {
  /** The PAN, digits only. */
  card_number: string;
  /** The name on the card, trimmed. */
  holder_name: string;
  /** Expiry month, two digits (`04`). */
  expiration_month: string;
  /** Expiry year, two digits (`30`). */
  expiration_year: string;
  /** The security code, digits only. */
  cvv2: string;
  /** Billing address, normalised (`country_code` upper case); absent when none was given. */
  address?: Address;
}

/** Result of validating a whole card: either the normalised data, or every field that failed. */
export type CardValidation =
  | {
      /** Every field passed. */
      valid: true;
      /** The card normalised for the API. */
      value: CardData;
      /** None. */
      errors: [];
    }
  | {
      /** Some field failed. */
      valid: false;
      /** None. */
      value?: undefined;
      /** Every failing field. */
      errors: FieldResult[];
    };

/** Upper bound on how far ahead an expiry may be, in years from the current year (card-validator uses 19). */
export const MAX_EXPIRY_YEARS = 20;
