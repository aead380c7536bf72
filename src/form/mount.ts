import type { Brand } from '../card/types';
import type { PayTokenError } from '../errors/base';
import { deviceDataSent } from '../fraud/device-data';
import { watchEntry } from '../fraud/entry';
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
import type { FieldEvent, FormEvents, FormOptions, FormState, MountedForm, TokenResult, Tokenize } from './types';

export type * from './types';

const KEY = Symbol.for('paytoken.form');

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
  const doc = form.ownerDocument;
  const ctrl = new AbortController();
  const signal = ctrl.signal;
  const changes = domChanges(doc);
  let locale = options.locale ?? 'es-MX';
  let brand: Brand | null = null;
  let pending: Promise<TokenResult> | undefined;
  let formErrorCode = '';

  const message = (code: string) => formMessage(code, locale, options.messages);
  /** Events are DOM CustomEvents `paytoken:<type>` on the form: a listener that throws is reported, and stops nothing. */
  const emit = <K extends keyof FormEvents>(type: K, detail: FormEvents[K]) =>
    form.dispatchEvent(new CustomEvent(`paytoken:${type}`, { detail }));
  const fieldEvent = (type: 'change' | 'focus' | 'blur' | 'validityChange', f: BoundField) =>
    emit(type, { field: f.key, state: f.state } satisfies FieldEvent);

  const buttons = [...form.elements].filter((b): b is HTMLButtonElement => (b as HTMLButtonElement).type === 'submit');
  changes.keepAttributes(form, 'novalidate aria-busy data-paytoken-brand');
  form.noValidate = true; // our messages, not the browser's bubbles
  buttons.forEach((b) => changes.keepAttributes(b, 'disabled'));
  /** Puts an element before the first submit button, else at the end of the form. */
  const place = (el: HTMLElement) => (buttons[0] ? buttons[0].before(el) : form.append(el));
  const formError = errorElement(changes, place);
  const tokenInput = hiddenInput(form, options.tokenField ?? 'token_id', changes.adoptElement);
  const session = writeDeviceSessionInput(form, options.deviceSessionField ?? DEVICE_SESSION_FIELD, changes.adoptElement);
  const plan = installmentsSelect(doc, options.installments ?? [], changes, place);
  plan?.render(locale);
  const fields = bindFields(form, changes);
  const byKey = (key?: string) => fields.find((f) => f.key === key);
  watchEntry(byKey('card_number')?.input, signal); // how the card number is entered, sent with the device data on submit

  /** Recomputes every field's state (see `fieldStates`), renders it, and emits `brand` and `validityChange`. */
  const update = () => {
    const b = panBrand(byKey('card_number')?.input.value ?? '');
    if (b !== brand) {
      setAttribute(form, 'data-paytoken-brand', (brand = b));
      emit('brand', { brand: b });
    }
    const active = doc.activeElement; // also right inside focusin and focusout
    const facts = fields.map(({ key, input, touched, apiErrorCode }) => ({
      key,
      value: input.value,
      focused: input === active,
      touched,
      apiErrorCode,
    }));
    const states = fieldStates(readCard(form), facts, message, acceptedBrands);
    for (const f of fields) {
      const old = f.state;
      f.state = states[f.key]!;
      renderField(f);
      if (old.valid !== f.state.valid || old.potentiallyValid !== f.state.potentiallyValid) fieldEvent('validityChange', f);
    }
    setText(formError, formErrorCode && message(formErrorCode));
  };

  const forget = forgetCardData(fields, update, doc, signal); // PAN, expiry, CVV2: emptied after the token and on pagehide

  const state = (): FormState => ({
    fields: Object.fromEntries(fields.map((f) => [f.key, f.state])),
    brand,
    submitting: !!pending,
    canSubmit: !pending && fields.every((f) => f.state.valid),
  });

  const setBusy = (busy: boolean) => {
    setAttribute(form, 'aria-busy', busy ? 'true' : null);
    buttons.forEach((b) => (b.disabled = busy));
  };

  /**
   * Shows a failed submit: a local rule failed (every invalid field shows its error; the first, in page order, is
   * focused), or the API or the network did (on the field it concerns, focused, else on the form, and focus
   * goes back where it was). Emits `error`.
   */
  const showFailure = (error: PayTokenError, active: Element | null) => {
    const local = error.type === 'validation';
    let code = submitErrorCode(error);
    const f = local
      ? fields.find((g) => !g.state.valid)
      : byKey(
          apiErrorField(
            code,
            fields.map((g) => g.key),
          ),
        );
    if (!f) formErrorCode = code;
    else if (!local) f.apiErrorCode = code;
    update();
    if (f) code = f.state.error!.code;
    ((f?.input ?? active) as HTMLElement | null)?.focus();
    emit('error', { code, message: message(code), field: f?.key, error });
  };

  const submit = (): Promise<TokenResult> => {
    if (pending) return pending;
    const active = doc.activeElement;
    formErrorCode = '';
    fields.forEach((f) => ((f.touched = true), (f.apiErrorCode = undefined)));
    update();
    setBusy(true);
    // local validation runs first inside tokenize: an invalid card sends no request. The token is handed over
    // once this page's device data has reached the API too (or after DEVICE_DATA_WAIT_MS from now, at most)
    const p = (pending = Promise.all([tokenize(readCard(form)), deviceDataSent()]).then(
      ([token]) => {
        const months = plan?.choice();
        const result: TokenResult = {
          token_id: token.id,
          device_session_id: session,
          points_card: token.card?.points_card === true,
          token,
        };
        if (months) result.payment_plan = { payments: months };
        if (!signal.aborted) {
          tokenInput.value = token.id;
          emit('token', result);
          forget();
          // the post flow stays busy (and guarded) while the browser leaves the page
          if (options.flow === 'spa') {
            pending = undefined;
            setBusy(false);
          } else HTMLFormElement.prototype.submit.call(form);
        }
        return result;
      },
      (error: PayTokenError) => {
        pending = undefined;
        if (!signal.aborted) {
          setBusy(false);
          showFailure(error, active);
        }
        throw error;
      },
    ));
    emit('submit', state());
    return p;
  };

  /** One listener for the field events (`change` too: autofill that fires no `input`) and for submit. */
  const onEvent = (e: Event) => {
    const type = e.type;
    const f = fields.find((x) => x.input === e.target);
    if (type === 'submit') {
      e.preventDefault();
      submit().catch(() => {}); // reported through the `error` event
    } else if (!f) {
      // not one of ours
    } else if (type === 'focusin' || type === 'focusout') {
      const blur = type === 'focusout';
      if (blur && f.input.value) f.touched = true;
      update();
      fieldEvent(blur ? 'blur' : 'focus', f);
    } else {
      const input = f.input;
      if (f.format) formatInput(input, f.format, f.lastValue, (e as InputEvent).inputType, brand, doc.activeElement === input);
      if (input.value !== f.lastValue) {
        f.lastValue = input.value;
        f.apiErrorCode = undefined;
        update();
        fieldEvent('change', f);
      }
    }
  };
  for (const type of ['input', 'change', 'focusin', 'focusout', 'submit']) form.addEventListener(type, onEvent, { signal });
  update();

  return ((form as unknown as Slot)[KEY] = {
    form,
    on(type, fn) {
      const listener = (e: Event) => fn((e as CustomEvent).detail);
      form.addEventListener(`paytoken:${type}`, listener, { signal });
      return () => form.removeEventListener(`paytoken:${type}`, listener);
    },
    state,
    submit,
    setLocale(l) {
      locale = l;
      plan?.render(l);
      update();
    },
    unmount() {
      if (signal.aborted) return;
      ctrl.abort();
      changes.undo();
      delete (form as unknown as Slot)[KEY];
    },
  });
}
