import type { Brand } from '../card/types';
import type { PayTokenError } from '../errors/base';
import { deviceDataSent } from '../fraud/device-data';
import { ENTRY_FIELDS, watchEntry, type EntryField } from '../fraud/entry';
import { DEVICE_SESSION_FIELD, hiddenInput, writeDeviceSessionInput } from '../fraud/session';
import { bindFields, domChanges, errorElement, renderField, setAttribute, setText, type BoundField } from './fields';
import { panBrand } from '../fields/brand';
import { apiErrorField, submitErrorCode } from '../fields/errors';
import { formatInput } from '../fields/format';
import { formMessage } from '../fields/messages';
import { fieldStates } from '../fields/state';
import { forgetCardData } from './forget';
import { installmentsSelect } from './installments';
import { readCard } from './read';
import type { Token } from '../types/index';
import type { FieldEvent, FormEvents, FormOptions, FormState, MountedForm, TokenResult, Tokenize } from './types';

export type * from './types';

const KEY = Symbol.for('paytoken.form');

/** What the parts of one mounted form share. */
interface FormMount {
  form: HTMLFormElement;
  doc: Document;
  formOptions: FormOptions;
  formFields: BoundField[];
  fieldByKey(key?: string): BoundField | undefined;
  mountSignal: AbortSignal;
  formLocale: string;
  formBrand: Brand | null;
  pendingSubmit?: Promise<TokenResult>;
  formErrorCode: string;
  submitButtons: HTMLButtonElement[];
  formErrorElement: HTMLElement;
  tokenInput: HTMLInputElement;
  formSessionId: string;
  installmentPlan: ReturnType<typeof installmentsSelect>;
  acceptedBrandList?: readonly Brand[];
  tokenizeCard: Tokenize;
  /** Events are DOM CustomEvents `paytoken:<type>` on the form: a listener that throws is reported, and stops nothing. */
  emitFormEvent<K extends keyof FormEvents>(type: K, detail: FormEvents[K]): void;
  messageOf(code: string): string;
  forgetCard(): void;
}

const fieldEvent = (mount: FormMount, type: 'change' | 'focus' | 'blur' | 'validityChange', field: BoundField) =>
  mount.emitFormEvent(type, { field: field.key, state: field.state } satisfies FieldEvent);

/** Recomputes every field's state (see `fieldStates`), renders it, and emits `brand` and `validityChange`. */
function renderStates(mount: FormMount): void {
  const { form, formFields } = mount;
  const brand = panBrand(mount.fieldByKey('card_number')?.input.value ?? '');
  if (brand !== mount.formBrand) {
    setAttribute(form, 'data-paytoken-brand', (mount.formBrand = brand));
    mount.emitFormEvent('brand', { brand });
  }
  const active = mount.doc.activeElement; // also right inside focusin and focusout
  const facts = formFields.map(({ key, input, touched, apiErrorCode }) => ({
    key,
    value: input.value,
    focused: input === active,
    touched,
    apiErrorCode,
  }));
  const states = fieldStates(readCard(form), facts, mount.messageOf, mount.acceptedBrandList);
  for (const field of formFields) {
    const old = field.state;
    field.state = states[field.key]!;
    renderField(field);
    if (old.valid !== field.state.valid || old.potentiallyValid !== field.state.potentiallyValid)
      fieldEvent(mount, 'validityChange', field);
  }
  setText(mount.formErrorElement, mount.formErrorCode && mount.messageOf(mount.formErrorCode));
}

const formState = (mount: FormMount): FormState => ({
  fields: Object.fromEntries(mount.formFields.map((field) => [field.key, field.state])),
  brand: mount.formBrand,
  submitting: !!mount.pendingSubmit,
  canSubmit: !mount.pendingSubmit && mount.formFields.every((field) => field.state.valid),
});

const setBusy = (mount: FormMount, busy: boolean) => {
  setAttribute(mount.form, 'aria-busy', busy ? 'true' : null);
  for (const button of mount.submitButtons) button.disabled = busy;
};

/**
 * Shows a failed submit: a local rule failed (every invalid field shows its error; the first, in page order, is
 * focused), or the API or the network did (on the field it concerns, focused, else on the form, and focus goes back
 * where it was). Emits `error`.
 */
function showFailure(mount: FormMount, error: PayTokenError, active: Element | null): void {
  const local = error.type === 'validation';
  let code = submitErrorCode(error);
  const keys = mount.formFields.map((field) => field.key);
  const field = local ? mount.formFields.find((candidate) => !candidate.state.valid) : mount.fieldByKey(apiErrorField(code, keys));
  if (!field) mount.formErrorCode = code;
  else if (!local) field.apiErrorCode = code;
  renderStates(mount);
  if (field) code = field.state.error!.code;
  ((field?.input ?? active) as HTMLElement | null)?.focus();
  mount.emitFormEvent('error', { code, message: mount.messageOf(code), field: field?.key, error });
}

/** Hands the token over: the result, the hidden input, the `token` event, the card forgotten, the post flow. */
function handOver(mount: FormMount, token: Token): TokenResult {
  const months = mount.installmentPlan?.choice();
  const result: TokenResult = {
    token_id: token.id,
    device_session_id: mount.formSessionId,
    points_card: token.card?.points_card === true,
    token,
  };
  if (months) result.payment_plan = { payments: months };
  if (mount.mountSignal.aborted) return result;
  mount.tokenInput.value = token.id;
  mount.emitFormEvent('token', result);
  mount.forgetCard();
  // the post flow stays busy (and guarded) while the browser leaves the page
  if (mount.formOptions.flow === 'spa') {
    mount.pendingSubmit = undefined;
    setBusy(mount, false);
  } else HTMLFormElement.prototype.submit.call(mount.form);
  return result;
}

/** Submits (see `MountedForm.submit`): one request however often it is called while one is under way. */
function submitForm(mount: FormMount): Promise<TokenResult> {
  if (mount.pendingSubmit) return mount.pendingSubmit;
  const active = mount.doc.activeElement;
  mount.formErrorCode = '';
  for (const field of mount.formFields) {
    field.touched = true;
    field.apiErrorCode = undefined;
  }
  renderStates(mount);
  setBusy(mount, true);
  // local validation runs first inside tokenize: an invalid card sends no request. The token is handed over
  // once this page's device data has reached the API too (or after DEVICE_DATA_WAIT_MS from now, at most)
  const submitted = (mount.pendingSubmit = Promise.all([mount.tokenizeCard(readCard(mount.form)), deviceDataSent()]).then(
    ([token]) => handOver(mount, token),
    (error: PayTokenError) => {
      mount.pendingSubmit = undefined;
      if (!mount.mountSignal.aborted) {
        setBusy(mount, false);
        showFailure(mount, error, active);
      }
      throw error;
    },
  ));
  mount.emitFormEvent('submit', formState(mount));
  return submitted;
}

/** One listener for the field events (`change` too: autofill that fires no `input`) and for submit. */
function onFormEvent(mount: FormMount, event: Event): void {
  const type = event.type;
  const field = mount.formFields.find((candidate) => candidate.input === event.target);
  if (type === 'submit') {
    event.preventDefault();
    submitForm(mount).catch(() => {}); // reported through the `error` event
  } else if (!field) {
    // not one of ours
  } else if (type === 'focusin' || type === 'focusout') {
    const blur = type === 'focusout';
    if (blur && field.input.value) field.touched = true;
    renderStates(mount);
    fieldEvent(mount, blur ? 'blur' : 'focus', field);
  } else {
    const input = field.input;
    if (field.format)
      formatInput(
        input,
        field.format,
        field.lastValue,
        (event as InputEvent).inputType,
        mount.formBrand,
        mount.doc.activeElement === input,
      );
    if (input.value === field.lastValue) return;
    field.lastValue = input.value;
    field.apiErrorCode = undefined;
    renderStates(mount);
    fieldEvent(mount, 'change', field);
  }
}

/** Sets the form up: its attributes kept for `unmount`, the error element, the hidden inputs, the plan, the fields. */
function setUpForm(form: HTMLFormElement, options: FormOptions, changes: ReturnType<typeof domChanges>) {
  const submitButtons = [...form.elements].filter(
    (element): element is HTMLButtonElement => (element as HTMLButtonElement).type === 'submit',
  );
  changes.keepAttributes(form, 'novalidate aria-busy data-paytoken-brand');
  form.noValidate = true; // our messages, not the browser's bubbles
  for (const button of submitButtons) changes.keepAttributes(button, 'disabled');
  /** Puts an element before the first submit button, else at the end of the form. */
  const place = (el: HTMLElement) => (submitButtons[0] ? submitButtons[0].before(el) : form.append(el));
  return {
    submitButtons,
    formErrorElement: errorElement(changes, place),
    tokenInput: hiddenInput(form, options.tokenField ?? 'token_id', changes.adoptElement),
    formSessionId: writeDeviceSessionInput(form, options.deviceSessionField ?? DEVICE_SESSION_FIELD, changes.adoptElement),
    installmentPlan: installmentsSelect(form.ownerDocument, options.installments ?? [], changes, place),
    formFields: bindFields(form, changes),
  };
}

/**
 * Binds a merchant's form: formats and validates the card inputs as the shopper types, shows the errors
 * accessibly, and tokenizes on submit. See the attribute table of docs/form-layer.md for the markup.
 *
 * The token is handed over (the `token` event, the hidden input and the form post, `submit()`'s promise) only once
 * this page's device-data POST has completed too, if device data was set up (`deviceData.setup`,
 * `client.deviceData.collect`), so the merchant's charge never races its device data; the wait is bounded by
 * `DEVICE_DATA_WAIT_MS` (1,500 ms) from the submit, and a failed or slow POST never blocks the payment (see
 * `deviceDataSent`). A card refused locally, or by the API, is reported at once.
 *
 * Idempotent: mounting a form that is already mounted first unmounts the earlier binding, so the form has one
 * set of listeners, one hidden `device_session_id` input and one token input however often it is mounted.
 * Touches the DOM only when called (SSR safe).
 *
 * @param form the form element.
 * @param options see {@link FormOptions}.
 * @param tokenize how to create a token (the client's `tokens.create`, or the script-tag build's); must
 *   report failures by rejecting.
 * @param acceptedBrands the client's accepted card networks (`ClientConfig.acceptedBrands`): a number of another
 *   network shows `card_number.brand` ("No aceptamos esta tarjeta.") as the shopper types; default any network.
 */
export function mountForm(
  form: HTMLFormElement,
  options: FormOptions = {},
  tokenize: Tokenize,
  acceptedBrands?: readonly Brand[],
): MountedForm {
  type Slot = Record<symbol, MountedForm | undefined>;
  (form as unknown as Slot)[KEY]?.unmount();
  const controller = new AbortController();
  const signal = controller.signal;
  const changes = domChanges(form.ownerDocument);
  const parts = setUpForm(form, options, changes);
  const mount: FormMount = {
    ...parts,
    form,
    doc: form.ownerDocument,
    formOptions: options,
    fieldByKey: (key) => parts.formFields.find((field) => field.key === key),
    mountSignal: signal,
    formLocale: options.locale ?? 'es-MX',
    formBrand: null,
    formErrorCode: '',
    acceptedBrandList: acceptedBrands,
    tokenizeCard: tokenize,
    emitFormEvent: (type, detail) => void form.dispatchEvent(new CustomEvent(`paytoken:${type}`, { detail })),
    messageOf: (code) => formMessage(code, mount.formLocale, options.messages),
    forgetCard: () => {},
  };
  mount.installmentPlan?.render(mount.formLocale);
  // how each card field is entered (never its value), summarised and sent with the device data on submit
  for (const field of mount.formFields) if (ENTRY_FIELDS.includes(field.key)) watchEntry(field.input, field.key as EntryField, signal);
  mount.forgetCard = forgetCardData(mount.formFields, () => renderStates(mount), mount.doc, signal); // PAN, expiry, CVV2: emptied after the token and on pagehide
  for (const type of ['input', 'change', 'focusin', 'focusout', 'submit'])
    form.addEventListener(type, (event) => onFormEvent(mount, event), { signal });
  renderStates(mount);

  return ((form as unknown as Slot)[KEY] = {
    form,
    on(type, listener) {
      const relay = (event: Event) => listener((event as CustomEvent).detail);
      form.addEventListener(`paytoken:${type}`, relay, { signal });
      return () => form.removeEventListener(`paytoken:${type}`, relay);
    },
    state: () => formState(mount),
    submit: () => submitForm(mount),
    setLocale(locale) {
      mount.formLocale = locale;
      mount.installmentPlan?.render(locale);
      renderStates(mount);
    },
    unmount() {
      if (signal.aborted) return;
      controller.abort();
      changes.undo();
      delete (form as unknown as Slot)[KEY];
    },
  });
}
