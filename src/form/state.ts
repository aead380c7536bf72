import { pass } from '../card/result';
import type { Brand, CardField, CardInput, FieldResult } from '../card/types';
import { validateCard } from '../card/validate';
import type { FieldState } from './types';

/** What {@link fieldStates} needs to know of one field besides the card: its key, its input's value, its history. */
export interface FieldFacts {
  /** The field key: a spec field (`card_number`, `cvv2`, ...), `expiry` for one `MM/YY` input, or `address.<name>`. */
  key: string;
  /** Where the value is (an input element, or any object with the value as the shopper left it). */
  input: { value: string };
  /** Whether an error may show while the value could still become valid: the shopper left it non-empty, or a submit was tried. */
  touched?: boolean;
  /** The code of an API error about this field (`2004`, ...), shown until the field is edited. */
  apiErrorCode?: string;
}

/**
 * The state of every field, from the card and each field's facts: a pure function (no DOM), shared by the
 * on-page form layer and the hosted-field frames.
 *
 * Every card rule runs at once, as the API would apply them (`validateCard`); each field takes the result that
 * names it (a combined `expiry` field takes the month's and the year's). A field shows an error (`error`, with
 * its `code` and `message`):
 * - at once when its value cannot become valid by typing more (`potentiallyValid` false);
 * - when it is invalid and `touched`;
 * - while it has an `apiErrorCode` (then it is neither valid nor potentially valid).
 * A year field holding `20` is potentially valid (the shopper may be typing `2030`).
 *
 * @param card the card as read from the fields (spec field names).
 * @param fields the facts of each field, in page order.
 * @param message the shopper's message for an error code (see `formMessage`).
 * @param focused the `input` that has focus, if any (`document.activeElement`).
 * @param acceptedBrands the client's accepted card networks (`ClientConfig.acceptedBrands`); default any.
 * @returns each field's {@link FieldState} by key, in an object without a prototype (a setter another script put
 *   on `Object.prototype`, say for `card_number`, never sees a field's state change as the shopper types).
 */
export function fieldStates(card: CardInput, fields: FieldFacts[], message: (code: string) => string, focused?: unknown, acceptedBrands?: readonly Brand[]): Record<string, FieldState> {
  const errors = validateCard(card, undefined, acceptedBrands).errors as FieldResult[];
  const states: Record<string, FieldState> = Object.create(null);
  for (const { key, input, touched, apiErrorCode } of fields) {
    const value = input.value;
    const result = errors.find((e) => e.field == key || (key == 'expiry' && /^exp/.test(e.field))) ?? pass(key as CardField);
    const potentiallyValid = result.potentiallyValid || (key == 'expiration_year' && value == '20');
    const code = apiErrorCode ?? (!result.valid && (!potentiallyValid || touched) ? `${result.field}.${result.reason}` : '');
    const state: FieldState = (states[key] = {
      empty: !value,
      focused: input == focused,
      valid: result.valid && !apiErrorCode,
      potentiallyValid: potentiallyValid && !apiErrorCode,
    });
    if (code) state.error = { code, message: message(code) };
  }
  return states;
}
