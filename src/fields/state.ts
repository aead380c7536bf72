import { cvv2Length } from '../card/brands';
import { validateCvv2 } from '../card/cvv2';
import { validateExpiry } from '../card/expiry';
import { validateHolderName } from '../card/holder';
import { validatePan } from '../card/pan';
import { fail, pass } from '../card/result';
import type { Brand, CardField, CardInput, FieldResult } from '../card/types';
import { validateCard } from '../card/validate';
import type { FieldFacts, FieldState } from './types';

/**
 * The state of one field from its facts and its rule result. An error shows (`error`, with its `code` and
 * `message`):
 * - at once when the value cannot become valid by typing more (`potentiallyValid` false);
 * - when it is invalid and `touched`;
 * - while it has an `apiErrorCode` (then it is neither valid nor potentially valid).
 * A year field holding `20` is potentially valid (the shopper may be typing `2030`).
 *
 * @param facts the field's {@link FieldFacts}.
 * @param result its rule result (see {@link fieldResult}, {@link fieldStates}).
 * @param message the shopper's message for an error code (see `formMessage`).
 */
export function fieldState(facts: FieldFacts, result: FieldResult, message: (code: string) => string): FieldState {
  const { key, value, apiErrorCode } = facts;
  const potentiallyValid = result.potentiallyValid || (key === 'expiration_year' && value === '20');
  const ruleCode = !result.valid && (!potentiallyValid || facts.touched) ? `${result.field}.${result.reason}` : '';
  const code = apiErrorCode ?? ruleCode;
  const state: FieldState = {
    empty: !value,
    focused: !!facts.focused,
    valid: result.valid && !apiErrorCode,
    potentiallyValid: potentiallyValid && !apiErrorCode,
  };
  if (code) state.error = { code, message: message(code) };
  return state;
}

/**
 * The state of every field of a whole card held in one document (the on-page form layer, the card element).
 * Every card rule runs at once, as the API would apply them (`validateCard`); each field takes the result that
 * names it (a combined `expiry` field takes the month's and the year's); see {@link fieldState}.
 *
 * @param card the card as read from the fields (spec field names).
 * @param fields the facts of each field, in page order.
 * @param message the shopper's message for an error code (see `formMessage`).
 * @param acceptedBrands the client's accepted card networks (`ClientConfig.acceptedBrands`); default any.
 * @returns each field's {@link FieldState} by key, in an object without a prototype (a setter another script put
 *   on `Object.prototype`, say for `card_number`, never sees a field's state change as the shopper types).
 */
export function fieldStates(
  card: CardInput,
  fields: readonly FieldFacts[],
  message: (code: string) => string,
  acceptedBrands?: readonly Brand[],
): Record<string, FieldState> {
  const errors = validateCard(card, undefined, acceptedBrands).errors as FieldResult[];
  const states: Record<string, FieldState> = Object.create(null);
  for (const facts of fields) {
    const key = facts.key;
    const result = errors.find((e) => e.field === key || (key === 'expiry' && e.field.startsWith('exp'))) ?? pass(key as CardField);
    states[key] = fieldState(facts, result, message);
  }
  return states;
}

/**
 * The rule result of one card field checked alone (a split hosted field, which holds one input): the API's rule
 * for that field; a CVV2 also against the length its card's brand prints; a lone year as if its month were 12.
 *
 * @param key `card_number`, `expiry` (`MM/YY`), `expiration_month`, `expiration_year`, `cvv2` or `holder_name`.
 * @param value the field's value as typed.
 * @param brand the card number's brand (for `cvv2`); `null` when unknown.
 * @param acceptedBrands the client's accepted networks (for `card_number`); default any.
 */
export function fieldResult(key: string, value: string, brand: Brand | null, acceptedBrands?: readonly Brand[]): FieldResult {
  if (key === 'card_number') return validatePan(value, acceptedBrands);
  if (key === 'holder_name') return validateHolderName(value);
  if (key === 'cvv2') {
    const result = validateCvv2(value);
    const printed = cvv2Length(brand);
    return result.valid && printed && value.length !== printed ? fail('cvv2', 'length', value.length < printed) : result;
  }
  if (key === 'expiration_month')
    return /^(0?[1-9]|1[0-2])$/.test(value) ? pass(key) : fail(key, value ? 'format' : 'required', /^[01]?$/.test(value));
  if (key === 'expiration_year') return validateExpiry('12', value);
  const [month = '', year = ''] = value.split('/');
  return validateExpiry(month, year);
}
