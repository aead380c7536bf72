/**
 * The field engine's types: the state of one card field as every integration mode shows it (the on-page form
 * layer, the split hosted fields, the card element). A state never holds the value the shopper typed.
 */

/** A field's error as shown to the shopper: `code` (see `formMessage`) and its message in the current locale. */
export interface FieldError {
  /** The message code: `<field>.<reason>` for a local rule (`card_number.luhn`), the `error_code` for an API error (`2004`). */
  code: string;
  /** The message in the current locale. */
  message: string;
}

/**
 * The state of one field.
 * - `empty`: the input holds nothing; `focused`: it has focus.
 * - `valid`: the value passes every rule; `potentiallyValid`: it does not pass yet but typing more could make
 *   it pass (always true when `valid`).
 * - `error`: present exactly while an error is shown for the field: at once when the value cannot become valid
 *   by typing more, after the shopper left a non-empty field invalid, after a submit attempt for every invalid
 *   field, and for an API error about the field (until it is edited).
 */
export interface FieldState {
  /** The input holds nothing. */
  empty: boolean;
  /** The input has focus. */
  focused: boolean;
  /** The value passes every rule. */
  valid: boolean;
  /** The value does not pass yet, but typing more could make it pass; always true when `valid`. */
  potentiallyValid: boolean;
  /** Present exactly while an error is shown for the field. */
  error?: FieldError;
}

/**
 * What the engine needs to know of one field besides its rule result: its key, value and history.
 * - `key`: a spec field (`card_number`, `cvv2`, ...), `expiry` for one `MM/YY` input, or `address.<name>`.
 * - `value`: the value as the shopper left it (formatted).
 * - `focused`: whether its input has focus.
 * - `touched`: an error may show while the value could still become valid (left non-empty, or a submit tried).
 * - `apiErrorCode`: the code of an API error about this field (`2004`, ...), shown until the field is edited.
 */
export interface FieldFacts {
  /** The field key. */
  key: string;
  /** The value as the shopper left it. */
  value: string;
  /** Its input has focus. */
  focused?: boolean;
  /** An error may show while the value could still become valid. */
  touched?: boolean;
  /** An API error about this field, shown until it is edited. */
  apiErrorCode?: string;
}
