import { panBin, panBrand } from '../../fields/brand';
import { formatInput, type FormatKind } from '../../fields/format';
import { fieldResult, fieldState } from '../../fields/state';
import type { Brand } from '../../card/types';
import type { FieldState } from '../../fields/types';
import type { FromFrame, HostedField } from '../protocol';
import type { FieldHandle, FrameContext } from './context';

/** The autocomplete token of each field's input (WHATWG autofill field names). */
export const AUTOCOMPLETE: Readonly<Record<HostedField, string>> = {
  card_number: 'cc-number',
  expiry: 'cc-exp',
  expiration_month: 'cc-exp-month',
  expiration_year: 'cc-exp-year',
  cvv2: 'cc-csc',
  holder_name: 'cc-name',
};

/** A card input of this frame, bound to the field engine. */
export interface FieldInput extends FieldHandle {
  fieldInput: HTMLInputElement;
  /** Recomputes and renders the state; tells the page when anything it sees changed (`show`: only then). */
  refreshState(event: 'change' | 'focus' | 'blur' | 'show'): void;
  /** Empties the field and forgets its history. */
  clearField(): void;
  /** The state last shown. */
  shownState(): FieldState | undefined;
}

/**
 * The input's attributes for the browser: its autocomplete token inside the frame's autofill section (a
 * `section-*` token the merchant page never sees, so autofill started here fills no input of the page), its
 * name, and the numeric keyboard for every field but the holder name.
 */
function describeInput(frame: FrameContext, field: HostedField, input: HTMLInputElement): void {
  input.setAttribute('autocomplete', `${frame.autofillSection} ${AUTOCOMPLETE[field]}`);
  if (field !== 'holder_name') input.inputMode = 'numeric';
  input.name = AUTOCOMPLETE[field]; // helps autofill; the value is never posted anywhere (no form)
}

/**
 * Binds one card input of the frame to the field engine: formatting as the shopper types (caret kept), state
 * from the API's rule for the field (`fieldResult`, `fieldState`), its error and `aria-invalid`, and the
 * `state` message to the merchant page. A card-number input also tracks the brand and tells the CVV2.
 *
 * The `state` message names the field (`f`) when the frame holds several (the card element), and the card
 * number's carries its BIN once it is potentially valid (see `panBin`).
 *
 * @param frame the frame's shared context. @param field the field. @param input its input element.
 * @param showMessage renders the frame's error text (called after every state change).
 * @param onBrand called when the card number's brand changes (card-number input only).
 */
export function bindFieldInput(
  frame: FrameContext,
  field: HostedField,
  input: HTMLInputElement,
  showMessage: () => void,
  onBrand: (brand: Brand | null) => void,
): FieldInput {
  const format: FormatKind | undefined = field === 'holder_name' ? undefined : field;
  const isNumber = field === 'card_number';
  let previous = '';
  /** an error may be shown while still potentially valid: the field was left non-empty, or a submit was tried */
  let touched = false;
  /** the code of an API error about this field, shown until the field is edited */
  let apiErrorCode: string | undefined;
  let shown: FieldState | undefined;

  const update: FieldInput['refreshState'] = (event) => {
    const value = input.value;
    const result = fieldResult(field, value, frame.currentBrand, frame.frameSettings.frameConfig.acceptedBrands);
    const focused = frame.doc.activeElement === input;
    const state = fieldState({ key: field, value, focused, touched, apiErrorCode }, result, frame.messageFor);
    if (state.error) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    input.classList.toggle('valid', state.valid);
    const changed = JSON.stringify(state) !== JSON.stringify(shown);
    shown = state;
    showMessage();
    if (event === 'show' && !changed) return;
    const message: FromFrame = { t: 'state', e: event, state, brand: isNumber ? frame.currentBrand : null };
    if (frame.ownFields.length > 1) message.f = field;
    if (isNumber) message.bin = panBin(value, state.potentiallyValid);
    frame.postToPage(message);
  };

  const onInput = (event: Event) => {
    if (format)
      formatInput(input, format, previous, (event as InputEvent).inputType, frame.currentBrand, frame.doc.activeElement === input);
    if (input.value === previous) return;
    previous = input.value;
    apiErrorCode = undefined;
    const brand = isNumber ? panBrand(input.value) : frame.currentBrand;
    if (brand !== frame.currentBrand) onBrand(brand);
    update('change');
  };

  describeInput(frame, field, input);
  for (const type of ['input', 'change']) input.addEventListener(type, onInput);
  input.addEventListener('focus', () => update('focus'));
  input.addEventListener('blur', () => {
    touched ||= !!input.value;
    update('blur');
  });
  input.addEventListener('keydown', (event) => event.key === 'Enter' && frame.postToPage({ t: 'enter' }));

  return {
    fieldKey: field,
    fieldInput: input,
    refreshState: update,
    fieldValue: () => input.value,
    showError(code) {
      touched = true;
      apiErrorCode = code;
      update('show');
    },
    setBrand: () => input.value && update('show'),
    shownState: () => shown,
    fieldValid: () => !!shown?.valid,
    clearField() {
      input.value = previous = '';
      touched = false;
      apiErrorCode = undefined;
      update('change');
    },
  };
}
