import { ValidationError, type PayTokenError } from '../errors/index';
import type { Token } from '../types/index';
import { cardBrand } from '../card/brands';
import { normalizePan } from '../card/pan';
import { pass } from '../card/result';
import { validateCard } from '../card/validate';
import type { Brand, CardField, CardInput, FieldResult } from '../card/types';
import { deviceSessionId } from '../fraud/session';
import { formatValue, type FormatKind } from './format';
import { formMessage, type Messages } from './messages';
import { readCard } from './read';

/** A field's error as shown to the shopper: `code` (see `formMessage`) and its message in the current locale. */
export interface FieldError {
  code: string;
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
  empty: boolean;
  focused: boolean;
  valid: boolean;
  potentiallyValid: boolean;
  error?: FieldError;
}

/**
 * The state of the whole form: each field's state by key (the `data-paytoken-card` value, or
 * `address.<name>` for `data-paytoken-card-address`), the detected brand, whether a tokenization is under way,
 * and whether the form can be submitted now (every field valid and nothing under way).
 */
export interface FormState {
  fields: Record<string, FieldState>;
  brand: Brand | null;
  submitting: boolean;
  canSubmit: boolean;
}

/** Payload of the field events (`change`, `focus`, `blur`, `validityChange`): the field key and its new state. */
export interface FieldEvent {
  field: string;
  state: FieldState;
}

/** What a successful submit gives: the token id, this page's `device_session_id`, and the Token itself. */
export interface TokenResult {
  token_id: string;
  device_session_id: string;
  token: Token;
}

/**
 * Payload of the `error` event: `code` and `message` as for a field (see `formMessage`), `field` when the
 * error concerns one field (local rules; API 2004 -> card number, 2005 -> expiry, 2006 and 2009 -> CVV2), and
 * the `error` itself (`ValidationError`, `ApiError`, `NetworkError`, `TimeoutError` or `ConfigurationError`).
 */
export interface FormErrorEvent {
  code: string;
  message: string;
  field?: string;
  error: PayTokenError;
}

/**
 * Events of a mounted form and their payloads.
 * - `change`: a field's value changed (typing, paste, autofill); `focus` / `blur`: a field gained / lost focus;
 * - `validityChange`: a field's `valid` or `potentiallyValid` changed;
 * - `brand`: the card number's brand changed (`null` when unknown);
 * - `submit`: a submit started (the submit buttons are disabled): the card is checked locally, then tokenized;
 *   `token` or `error` follows;
 * - `token`: the card was tokenized; in the `post` flow the form is posted right after;
 * - `error`: a submit failed, locally (every invalid field is shown; no request sent) or at the API or network.
 *
 * Each is a DOM `CustomEvent` named `paytoken:<event>` dispatched on the form, the payload as its `detail`; `on`
 * subscribes to it. A listener that throws is reported by the browser and stops nothing.
 */
export interface FormEvents {
  change: FieldEvent;
  focus: FieldEvent;
  blur: FieldEvent;
  validityChange: FieldEvent;
  brand: { brand: Brand | null };
  submit: FormState;
  token: TokenResult;
  error: FormErrorEvent;
}

/**
 * Options of `form.mount`.
 * - `locale`: language of the messages: `es-MX` (default) or `en` (any tag starting with `en`).
 * - `messages`: the merchant's own messages by code, winning over the built-in ones (see `formMessage`).
 * - `flow`: `post` (default, the classic flow): after tokenizing, `token_id` and `device_session_id` are written
 *   into hidden inputs and the form is posted to its `action`; `spa`: nothing is posted, `submit()` resolves
 *   with them and the `token` event carries them.
 * - `tokenField`, `deviceSessionField`: names of the hidden inputs (default `token_id`, `device_session_id`);
 *   existing inputs of those names are reused, missing ones are added.
 */
export interface FormOptions {
  locale?: string;
  messages?: Messages;
  flow?: 'post' | 'spa';
  tokenField?: string;
  deviceSessionField?: string;
}

/** A form bound by `form.mount`. */
export interface MountedForm {
  /** The bound form. */
  readonly form: HTMLFormElement;
  /** Subscribes to an event (see {@link FormEvents}). @returns a function that unsubscribes. */
  on<K extends keyof FormEvents>(type: K, listener: (event: FormEvents[K]) => void): () => void;
  /** The current {@link FormState} (a snapshot). */
  state(): FormState;
  /**
   * Submits as the form's submit event does: validates every field (showing every error, focusing the first
   * invalid field), tokenizes, then posts the form (`post` flow) or resolves (`spa` flow). While one submit is
   * under way, every further call returns the same promise: one request however often it is called.
   * @returns the {@link TokenResult}.
   * @throws (rejects with) ValidationError without any request, or ApiError, NetworkError, TimeoutError,
   *   ConfigurationError; the `error` event fires as well.
   */
  submit(): Promise<TokenResult>;
  /** Switches the language of every message shown, at once. */
  setLocale(locale: string): void;
  /** Removes every listener, element and attribute the mount added, and restores the attributes it changed. */
  unmount(): void;
}

/** Sends a card to the tokens endpoint (validating it first), resolving with the Token. */
export type Tokenize = (card: CardInput) => Promise<Token>;

const KEY = Symbol.for('paytoken.form');
/** API error codes that concern one field. */
const API_FIELD: Record<string, CardField> = { 2004: 'card_number', 2005: 'expiration_year', 2006: 'cvv2', 2009: 'cvv2' };
let seq = 0;

/** A bound input: key, element, format, error element, state, last value, flags. */
interface Field {
  k: string;
  el: HTMLInputElement;
  kind?: FormatKind;
  err: HTMLElement;
  s: FieldState;
  v: string;
  /** an error may be shown while still potentially valid (the field was left non-empty, or a submit was tried) */
  seen?: boolean;
  /** code of an API error about this field, shown until the field is edited */
  api?: string;
}

/**
 * Binds a merchant's form: formats and validates the card inputs as the shopper types, shows the errors
 * accessibly, and tokenizes on submit. See the README's attribute table for the markup.
 *
 * Idempotent: mounting a form that is already mounted first unmounts the earlier binding, so the form has one
 * set of listeners, one hidden `device_session_id` input and one token input however often it is mounted.
 * Touches the DOM only when called (SSR safe).
 *
 * @param form the form element.
 * @param options see {@link FormOptions}.
 * @param tokenize how to create a token (the client's `tokens.create`, or the script-tag build's); must
 *   report failures by rejecting.
 */
export function mountForm(form: HTMLFormElement, options: FormOptions = {}, tokenize: Tokenize): MountedForm {
  type Slot = Record<symbol, MountedForm | undefined>;
  (form as unknown as Slot)[KEY]?.unmount();
  const doc = form.ownerDocument;
  const ctrl = new AbortController();
  const saved: [Element, string, string | null][] = [];
  const added: Element[] = [];
  let locale = options.locale ?? 'es-MX';
  let brand: Brand | null = null;
  let pending: Promise<TokenResult> | undefined;
  let formCode = '';

  const set = (el: Element, name: string, value: string | null) => (value == null ? el.removeAttribute(name) : el.setAttribute(name, value));
  /** Remembers attributes as they are before the mount, for `unmount`. */
  const keep = (el: Element, names: string) => names.split(' ').forEach((n) => saved.push([el, n, el.getAttribute(n)]));
  const msg = (code: string) => formMessage(code, locale, options.messages);
  const signal = ctrl.signal;
  /** Events are DOM CustomEvents `paytoken:<type>` on the form: a listener that throws is reported, and stops nothing. */
  const emit = <K extends keyof FormEvents>(type: K, detail: FormEvents[K]) => form.dispatchEvent(new CustomEvent(`paytoken:${type}`, { detail }));
  const fieldEvent = (type: 'change' | 'focus' | 'blur' | 'validityChange', f: Field) => emit(type, { field: f.k, state: f.s });
  /** Sets an element's text when it differs (a live region may read text that is set again). */
  const text = (el: Element, t: string) => el.textContent != t && (el.textContent = t);
  const make = <T extends HTMLElement>(tag: string, place: (el: T) => void): T => {
    const el = doc.createElement(tag) as T;
    place(el);
    added.push(el);
    return el;
  };
  /** A new error element (`div.paytoken-error`, a polite live region) put in place. */
  const errorElement = (place: (el: HTMLElement) => void) =>
    make('div', (el) => {
      el.className = 'paytoken-error';
      el.id = `paytoken-error-${++seq}`;
      el.setAttribute('aria-live', 'polite');
      place(el);
    });
  const hidden = (name: string) =>
    (form.elements.namedItem(name) as HTMLInputElement | null) ??
    make<HTMLInputElement>('input', (el) => {
      el.type = 'hidden';
      el.name = name;
      form.append(el);
    });

  const buttons = [...form.elements].filter((b): b is HTMLButtonElement => (b as HTMLButtonElement).type == 'submit');
  keep(form, 'novalidate aria-busy data-paytoken-brand');
  form.noValidate = true; // our messages, not the browser's bubbles
  buttons.forEach((b) => keep(b, 'disabled'));
  const formErr = errorElement((el) => (buttons[0] ? buttons[0].before(el) : form.append(el)));
  const tokenInput = hidden(options.tokenField ?? 'token_id');
  const session = (hidden(options.deviceSessionField ?? 'device_session_id').value = deviceSessionId());

  const fields: Field[] = [...form.querySelectorAll<HTMLInputElement>('[data-paytoken-card],[data-paytoken-card-address]')].map((el) => {
    const card = el.dataset.paytokenCard;
    const k = card ?? `address.${el.dataset.paytokenCardAddress}`;
    const kind = card != 'holder_name' ? (card as FormatKind | undefined) : undefined; // the other card inputs are numeric
    keep(el, 'name inputmode aria-invalid aria-describedby');
    if (card) el.removeAttribute('name'); // card data is never posted to the merchant
    if (kind) el.setAttribute('inputmode', 'numeric');
    const err = errorElement((e) => el.after(e));
    el.setAttribute('aria-describedby', `${err.id} ${el.getAttribute('aria-describedby') ?? ''}`.trim()); // the error first
    return { k, el, kind, err, v: el.value, s: {} as FieldState };
  });
  const byKey = (k?: string) => fields.find((f) => f.k == k);
  const value = (k: string) => byKey(k)?.el.value ?? '';

  /** Recomputes every field's state, renders it, and emits `brand` and `validityChange`. */
  const update = () => {
    const b = cardBrand(normalizePan(value('card_number')));
    if (b != brand) {
      set(form, 'data-paytoken-brand', (brand = b));
      emit('brand', { brand: b });
    }
    // every rule at once, as the API would apply them; each field takes the result that names it (a combined
    // expiry input takes the month's and the year's)
    const errors = validateCard(readCard(form)).errors as FieldResult[];
    for (const f of fields) {
      const r = errors.find((e) => e.field == f.k || (f.k == 'expiry' && /^exp/.test(e.field))) ?? pass(f.k as CardField);
      const pv = r.potentiallyValid || (f.k == 'expiration_year' && f.el.value == '20'); // may become 2030
      const code = f.api ?? (!r.valid && (!pv || f.seen) ? `${r.field}.${r.reason}` : '');
      const old = f.s;
      const s: FieldState = (f.s = {
        empty: !f.el.value,
        focused: doc.activeElement == f.el, // also right inside focusin and focusout
        valid: r.valid && !f.api,
        potentiallyValid: pv && !f.api,
      });
      if (code) s.error = { code, message: msg(code) };
      text(f.err, s.error?.message ?? '');
      set(f.el, 'aria-invalid', code ? 'true' : null);
      if (old.valid != s.valid || old.potentiallyValid != s.potentiallyValid) fieldEvent('validityChange', f);
    }
    text(formErr, formCode && msg(formCode));
  };

  const state = (): FormState => ({
    fields: Object.fromEntries(fields.map((f) => [f.k, f.s])),
    brand,
    submitting: !!pending,
    canSubmit: !pending && fields.every((f) => f.s.valid),
  });

  const busy = (on: boolean) => {
    set(form, 'aria-busy', on ? 'true' : null);
    buttons.forEach((b) => (b.disabled = on));
  };

  /**
   * Shows a failed submit: a local rule failed (every invalid field shows its error; the first, in page order, is
   * focused), or the API or the network did (on the field it concerns, focused, else on the form, and focus
   * goes back where it was). Emits `error`.
   */
  const fail = (error: PayTokenError, active: Element | null) => {
    const e = error as ValidationError & { error_code?: number };
    const local = error.type == 'validation';
    let code = local ? `${e.field}.${e.rule}` : String(e.error_code ?? (error.type == 'configuration' ? 1002 : 1004));
    const name = API_FIELD[code];
    const f = local ? fields.find((g) => !g.s.valid) : byKey(name) ?? (name?.[0] == 'e' ? byKey('expiry') : undefined);
    if (!f) formCode = code;
    else if (!local) f.api = code;
    update();
    if (f) code = f.s.error!.code;
    ((f?.el ?? active) as HTMLElement | null)?.focus();
    emit('error', { code, message: msg(code), field: f?.k, error });
  };

  const submit = (): Promise<TokenResult> => {
    if (pending) return pending;
    const active = doc.activeElement;
    formCode = '';
    fields.forEach((f) => ((f.seen = true), (f.api = undefined)));
    update();
    busy(true);
    // local validation runs first inside tokenize: an invalid card sends no request
    const p = (pending = tokenize(readCard(form)).then(
      (token) => {
        const result = { token_id: token.id, device_session_id: session, token };
        if (!signal.aborted) {
          tokenInput.value = token.id;
          emit('token', result);
          // the post flow stays busy (and guarded) while the browser leaves the page
          if (options.flow == 'spa') busy(!!(pending = undefined));
          else HTMLFormElement.prototype.submit.call(form);
        }
        return result;
      },
      (error: PayTokenError) => {
        pending = undefined;
        if (!signal.aborted) {
          busy(false);
          fail(error, active);
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
    const f = fields.find((x) => x.el == e.target);
    const el = f?.el;
    if (type == 'submit') {
      e.preventDefault();
      submit().catch(() => {}); // reported through the `error` event
    } else if (!f || !el) {
      // not one of ours
    } else if (type[0] == 'f') {
      const blur = type == 'focusout';
      if (blur && el.value) f.seen = true;
      update();
      fieldEvent(blur ? 'blur' : 'focus', f);
    } else {
      if (f.kind) {
        const [v, caret] = formatValue(f.kind, el.value, el.selectionStart ?? el.value.length, f.v, (e as InputEvent).inputType, brand);
        if (v != el.value) el.value = v;
        if (doc.activeElement == el && el.selectionStart != null) el.setSelectionRange(caret, caret);
      }
      if (el.value != f.v) {
        f.v = el.value;
        f.api = undefined;
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
      update();
    },
    unmount() {
      if (signal.aborted) return;
      ctrl.abort();
      saved.reverse().forEach(([el, n, v]) => set(el, n, v));
      added.forEach((el) => el.remove());
      delete (form as unknown as Slot)[KEY];
    },
  });
}
