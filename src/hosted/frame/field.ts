import { panBrand } from '../../fields/brand';
import { formatInput, type FormatKind } from '../../fields/format';
import { fieldResult, fieldState } from '../../fields/state';
import type { Brand } from '../../card/types';
import type { FieldState } from '../../fields/types';
import type { HostedField } from '../protocol';
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
}

/**
 * Binds one card input of the frame to the field engine: formatting as the shopper types (caret kept), state
 * from the API's rule for the field (`fieldResult`, `fieldState`), its error and `aria-invalid`, and the
 * `state` message to the merchant page. A card-number input also tracks the brand and tells the CVV2.
 *
 * @param frame the frame's shared context. @param field the field. @param input its input element.
 * @param errorElement where its error message shows (a polite live region).
 * @param onBrand called when the card number's brand changes (card-number input only).
 */
export function bindFieldInput(frame: FrameContext, field: HostedField, input: HTMLInputElement, errorElement: HTMLElement, onBrand: (brand: Brand | null) => void): FieldInput {
  const format: FormatKind | undefined = field === 'holder_name' ? undefined : field;
  let previous = '';
  /** an error may be shown while still potentially valid: the field was left non-empty, or a submit was tried */
  let touched = false;
  /** the code of an API error about this field, shown until the field is edited */
  let apiErrorCode: string | undefined;
  let shown: FieldState | undefined;

  const update: FieldInput['refreshState'] = (event) => {
    const value = input.value;
    const result = fieldResult(field, value, frame.currentBrand, frame.frameSettings.frameConfig.acceptedBrands);
    const state = fieldState({ key: field, value, focused: frame.doc.activeElement === input, touched, apiErrorCode }, result, frame.messageFor);
    const message = state.error?.message ?? '';
    if (errorElement.textContent !== message) errorElement.textContent = message;
    if (state.error) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    input.classList.toggle('valid', state.valid);
    if (event !== 'show' || JSON.stringify(state) !== JSON.stringify(shown)) {
      frame.postToPage({ t: 'state', e: event, state, brand: field === 'card_number' ? frame.currentBrand : null });
    }
    shown = state;
  };

  const onInput = (event: Event) => {
    if (format) formatInput(input, format, previous, (event as InputEvent).inputType, frame.currentBrand, frame.doc.activeElement === input);
    if (input.value === previous) return;
    previous = input.value;
    apiErrorCode = undefined;
    if (field === 'card_number') {
      const brand = panBrand(input.value);
      if (brand !== frame.currentBrand) onBrand(brand);
    }
    update('change');
  };

  input.setAttribute('autocomplete', AUTOCOMPLETE[field]);
  if (format) input.inputMode = 'numeric';
  input.name = AUTOCOMPLETE[field]; // helps autofill; the value is never posted anywhere (no form)
  input.addEventListener('input', onInput);
  input.addEventListener('change', onInput);
  input.addEventListener('focus', () => update('focus'));
  input.addEventListener('blur', () => {
    if (input.value) touched = true;
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
    setBrand() {
      if (input.value) update('show');
    },
    clearField() {
      input.value = previous = '';
      touched = false;
      apiErrorCode = undefined;
      update('change');
    },
  };
}
