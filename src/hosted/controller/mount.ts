import type { Brand } from '../../card/types';
import { PayTokenError, type ErrorType } from '../../errors/base';
import { configError } from '../../errors/configuration';
import type { Messages } from '../../form/messages';
import { checkBaseUrl, checkFieldsUrl, checkPublicKey, DEFAULT_TIMEOUT_MS, type ClientConfig } from '../../http/config';
import type { Token } from '../../types/index';
import { accept, channelId, envelope, frameUrl, parseFromFrame, type FailData, type HostedField, type HostedFieldState, type ToFrame } from '../protocol';
import type { FieldsStyle } from '../style';

/**
 * A client configuration; `fieldsUrl` (where the frame pages are served) defaults to `{baseUrl}/fields/v1`, the
 * API origin, which serves them (the local sandbox does, and in production the processor). See `ClientConfig`.
 */
export type FieldsConfig = ClientConfig;

/** Where each field's frame goes: a CSS selector or an element (an empty container, e.g. a `div`), by field. */
export type FieldContainers = Partial<Record<HostedField, string | HTMLElement>>;

/**
 * Options of `fields.mount`.
 * - `locale`: `es-MX` (default) or `en` (any tag starting with `en`): messages, default labels.
 * - `messages`: the merchant's own messages by code (as for the form layer, `formMessage`).
 * - `style`: CSS for the inputs, from an allowlist (see `FieldsStyle`, `checkStyle`).
 * - `placeholders`: placeholder text by field.
 * - `flow`: `post` (default when the card-number container is inside a form): the form's submit tokenizes,
 *   writes `token_id` and `device_session_id` into hidden inputs (names: `tokenField`, `deviceSessionField`)
 *   and posts the form; `spa`: nothing is posted, call `tokenize()`.
 * - `form`: the form of the `post` flow (element or id); default the card-number container's form.
 * - `holderName`: the merchant's own holder-name input (selector or element) when `holder_name` is not hosted;
 *   read when tokenizing.
 * - `deviceData`: `false` (no consent) collects no device data in the frame; default true.
 */
export interface FieldsOptions {
  /** Language of messages and default labels: `es-MX`, or English for any tag starting with `en`. @default 'es-MX' */
  locale?: string;
  /** The merchant's own messages by code, as for the form layer (`formMessage`). @default {} */
  messages?: Messages;
  /** CSS for the inputs, from an allowlist (see `checkStyle`). @default {} */
  style?: FieldsStyle;
  /** Placeholder text by field. @default {} */
  placeholders?: Partial<Record<HostedField, string>>;
  /** `post`: the form's submit tokenizes, writes the hidden inputs and posts the form; `spa`: call `tokenize()`. @default 'post' when the card-number container is inside a form, else 'spa' */
  flow?: 'post' | 'spa';
  /** The form of the `post` flow (element or id). @default the card-number container's form */
  form?: HTMLFormElement | string;
  /** The merchant's own holder-name input (selector or element) when `holder_name` is not hosted; read when tokenizing. */
  holderName?: string | HTMLInputElement;
  /** Name of the hidden input that receives the token id (`post` flow). @default 'token_id' */
  tokenField?: string;
  /** Name of the hidden input that receives the `device_session_id` (`post` flow). @default 'device_session_id' */
  deviceSessionField?: string;
  /** `false` (no consent): the frame collects and sends no device data. @default true */
  deviceData?: boolean;
}

/** What a tokenization gives: the token id, the frame's `device_session_id` (for the charge) and the Token (number masked). */
export interface FieldsTokenResult {
  /** The token id: your server charges it as `source_id`. */
  token_id: string;
  /** The card-number frame's `device_session_id`, sent with the charge. */
  device_session_id: string;
  /** The Token, its number masked. */
  token: Token;
}

/** The state of all the hosted fields (no value: there is none on this page). */
export interface FieldsState {
  /** Each mounted field's state (no value: there is none on this page). */
  fields: Partial<Record<HostedField, HostedFieldState>>;
  /** The card number's brand, or null when unknown. */
  brand: Brand | null;
  /** Every frame loaded and configured. */
  ready: boolean;
  /** A tokenization is under way. */
  submitting: boolean;
  /** Ready, every field valid, nothing under way. */
  canSubmit: boolean;
  /** The `device_session_id` the device data was collected under (in the card-number frame); '' until ready. */
  deviceSessionId: string;
}

/** Payload of the field events: the field and its new state. */
export interface FieldsFieldEvent {
  /** The hosted field. */
  field: HostedField;
  /** Its new state. */
  state: HostedFieldState;
}

/**
 * Events and their payloads: `ready` (every frame loaded), `change` / `focus` / `blur` / `validityChange` (a
 * field), `brand` (the card number's brand changed; null when unknown), `token` (tokenized), `error` (a
 * tokenization failed: `code` and `message` as in the form layer, `field` when it concerns one, the typed error).
 */
export interface FieldsEvents {
  /** Every frame loaded and configured. */
  ready: FieldsState;
  /** A field's value changed (typing, paste, autofill); no value is given. */
  change: FieldsFieldEvent;
  /** A field gained focus. */
  focus: FieldsFieldEvent;
  /** A field lost focus. */
  blur: FieldsFieldEvent;
  /** A field's `valid` or `potentiallyValid` changed. */
  validityChange: FieldsFieldEvent;
  /** The card number's brand changed. */
  brand: {
    /** The new brand, or null when unknown. */
    brand: Brand | null;
  };
  /** The card was tokenized. */
  token: FieldsTokenResult;
  /** A tokenization failed. */
  error: {
    /** The message code, as in the form layer (`card_number.luhn`, `3001`). */
    code: string;
    /** The message in the current locale. */
    message: string;
    /** The field it concerns, when it concerns one (its frame shows the error and takes focus). */
    field?: string;
    /** The typed error. */
    error: PayTokenError;
  };
}

/** Mounted hosted fields. No method returns a value the shopper typed. */
export interface HostedFields {
  /** Subscribes to an event (see {@link FieldsEvents}). @returns a function that unsubscribes. */
  on<K extends keyof FieldsEvents>(type: K, listener: (event: FieldsEvents[K]) => void): () => void;
  /** A snapshot of the {@link FieldsState}. */
  state(): FieldsState;
  /** Moves the focus into a field's input. */
  focus(field: HostedField): void;
  /** Empties a field, or every field when none is named. */
  clear(field?: HostedField): void;
  /** Switches the language of messages and default labels at once (a frame still loading gets it when ready). */
  setLocale(locale: string): void;
  /**
   * Tokenizes: the card-number frame reads the other frames and `POST /tokens` from the API origin. One
   * request however often it is called while one is under way (the same promise). The token comes once the
   * frame's device-data POST has completed too (1,500 ms after the request at most: `deviceDataSent`).
   * @param data `holder_name` when it is not hosted (default: the `holderName` input's value), `address`.
   * @returns {@link FieldsTokenResult}.
   * @throws (rejects) ValidationError (no request sent; the fields show their errors), ApiError, NetworkError,
   *   TimeoutError, ConfigurationError (not ready, unmounted, or a setting a frame refused); the `error` event
   *   fires as well.
   */
  tokenize(data?: { holder_name?: string; address?: Record<string, string> }): Promise<FieldsTokenResult>;
  /** Removes every frame, listener, attribute and input the mount added. Idempotent. */
  unmount(): void;
}

/** Default labels (when the container has no `<label for>` nor `aria-label`): Spanish|English. */
const LABELS: Record<HostedField, string> = {
  card_number: 'Número de tarjeta|Card number',
  expiry: 'Vencimiento (MM/AA)|Expiry (MM/YY)',
  expiration_month: 'Mes de vencimiento|Expiry month',
  expiration_year: 'Año de vencimiento|Expiry year',
  cvv2: 'Código de seguridad|Security code',
  holder_name: 'Nombre del titular|Name on card',
};
const ATTRS = ['data-paytoken-focused', 'data-paytoken-invalid', 'data-paytoken-valid', 'data-paytoken-empty', 'data-paytoken-brand'];
const KEY = /* @__PURE__ */ Symbol.for('paytoken.fields');
type Slot = { [KEY]?: HostedFields };

/**
 * Mounts hosted fields: one iframe per field, served from the API origin, into the merchant's containers. The
 * card data is typed, checked and tokenized inside the frames; this page gets metadata only (see
 * {@link HostedFields}, {@link FieldsEvents}). The tree-shakable entry (`mountFields`), as `tokenize` is for
 * tokenization; `client.fields.mount` and the script tag's `PayToken.fields.mount` do the same.
 *
 * Mounting on a container that holds a mount first unmounts that one (React StrictMode, route changes: never
 * two sets of frames). Touches the DOM only when called (SSR safe).
 *
 * Each container gets `data-paytoken-focused`, `-invalid`, `-valid`, `-empty` (present or absent) and the
 * card number's `data-paytoken-brand`, for the merchant's CSS; each iframe a `title` (the field's label) and the
 * height of its content (its `height` attribute: no inline style). Clicking a `<label for="container id">` focuses the field; the label's text is the
 * input's accessible name.
 *
 * @param config merchant id, public key, base URL, timeout, `fieldsUrl` (see {@link FieldsConfig}).
 * @param containers where each field goes; `card_number` is required, with `expiry` (or `expiration_month` and
 *   `expiration_year`) and `cvv2`; `holder_name` optional.
 * @param options see {@link FieldsOptions}.
 * @throws ConfigurationError for a bad setting, an unknown field, a missing container, a style property outside
 *   the allowlist (naming it, e.g. `style.base.background`).
 */
export function mountFields(config: FieldsConfig, containers: FieldContainers, options: FieldsOptions = {}): HostedFields {
  // checked here: where the frames come from, and that no private key goes into them; the frames check the rest
  // (the merchant id, the time-out, the accepted brands, the style allowlist) and report a refusal (`broken`)
  const publicKey = checkPublicKey(config?.publicKey);
  const fieldsUrl = checkFieldsUrl(config.fieldsUrl, checkBaseUrl(config.baseUrl));
  const fieldsOrigin = new URL(fieldsUrl).origin;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doc = document;
  const ch = channelId();
  const ctrl = new AbortController();
  const signal = ctrl.signal;
  const listeners: { [K in keyof FieldsEvents]?: Set<(e: FieldsEvents[K]) => void> } = {};
  const added: Element[] = [];
  /** the one tokenization under way (`pending`): its id, resolve and reject */
  let waiting: [number, (r: FieldsTokenResult) => void, (e: PayTokenError) => void] | undefined;
  let locale = options.locale ?? 'es-MX';
  const first = locale; // the locale in the frames' URLs
  let brand: Brand | null = null;
  let session = '';
  let pending: Promise<FieldsTokenResult> | undefined;
  let seq = 0;
  let ready = false;
  /** a setting a frame refused (`fail` with id 0): every tokenization fails with it */
  let broken: FieldsEvents['error'] | undefined;

  const set = (el: Element, name: string, value: string | null | boolean) =>
    value === null || value === false ? el.removeAttribute(name) : el.setAttribute(name, value === true ? '' : value);
  const emit = <K extends keyof FieldsEvents>(type: K, detail: FieldsEvents[K]) =>
    listeners[type]?.forEach((fn) => {
      try {
        fn(detail);
      } catch (e) {
        setTimeout(() => {
          throw e;
        }); // reported by the browser; stops nothing
      }
    });
  const find = (sel: string | Element) => (typeof sel == 'string' ? doc.querySelector(sel) : sel);

  const entries = Object.entries(containers ?? {}) as [HostedField, string | HTMLElement][];
  if (!entries.some(([k]) => k == 'card_number')) throw configError('fields.card_number', 'required');
  const frames = entries.map(([k, sel]) => {
    if (!Object.hasOwn(LABELS, k)) throw configError(`fields.${k}`, 'unknown field'); // LABELS has every HostedField
    const el = find(sel) as (HTMLElement & Slot) | null;
    if (!el?.tagName) throw configError(`fields.${k}`, `no element ${sel}`);
    return { k, el, iframe: doc.createElement('iframe'), s: { empty: true, focused: false, valid: false, potentiallyValid: true } as HostedFieldState, ready: false };
  });
  type Frame = (typeof frames)[number];
  const byKey = (k?: string) => frames.find((f) => f.k == k);
  const card = byKey('card_number')!;
  const labels = (f: Frame) => (f.el.id ? doc.querySelectorAll<HTMLLabelElement>(`label[for="${CSS.escape(f.el.id)}"]`) : []);
  const label = (f: Frame) => labels(f)[0]?.textContent?.trim().replace(/\s+/g, ' ') || f.el.getAttribute('aria-label') || LABELS[f.k].split('|')[+/^en/i.test(locale)]!;
  const post = (f: Frame, m: ToFrame) => f.iframe.contentWindow?.postMessage(envelope(ch, m), fieldsOrigin);

  /** Renders a field's state on its container (the brand on the card number's only). */
  const render = (f: Frame) => [f.s.focused, !!f.s.error, f.s.valid, f.s.empty, f == card && brand].forEach((v, i) => set(f.el, ATTRS[i]!, v));

  const state = (): FieldsState => ({
    fields: Object.fromEntries(frames.map((f) => [f.k, { ...f.s }])),
    brand,
    ready,
    submitting: !!pending,
    canSubmit: ready && !pending && !broken && frames.every((f) => f.s.valid),
    deviceSessionId: session,
  });

  const form = (options.form ? find(typeof options.form == 'string' ? `#${CSS.escape(options.form)}` : options.form) : card.el.closest('form')) as HTMLFormElement | null;
  if (options.form && form?.tagName != 'FORM') throw configError('form', 'no such form');
  const busy = (on: boolean) => {
    if (form) {
      set(form, 'aria-busy', on && 'true');
      for (const b of form.elements) if ((b as HTMLButtonElement).type == 'submit') (b as HTMLButtonElement).disabled = on;
    }
  };
  const hidden = (name: string, value: string) => {
    let el = form!.elements.namedItem(name) as HTMLInputElement | null;
    if (!el) {
      added.push((el = doc.createElement('input')));
      el.type = 'hidden';
      el.name = name;
      form!.append(el);
    }
    el.value = value;
  };

  /**
   * The typed error of a frame's answer: the base class with the error's own properties, an `instanceof` its
   * subclass all the same (`PayTokenError` goes by type), so this page carries none of the subclasses.
   */
  const toError = (f: Pick<FailData, 'type' | 'message' | 'props'>): PayTokenError => Object.assign(new PayTokenError(f.type as ErrorType, f.message), f.props);

  const api: HostedFields = {
    on(type, fn) {
      const set = (listeners[type] ??= new Set() as never) as Set<typeof fn>;
      set.add(fn);
      return () => set.delete(fn);
    },
    state,
    focus(k) {
      const f = byKey(k);
      if (f) {
        f.iframe.focus();
        post(f, { t: 'focus' });
      }
    },
    clear(k) {
      for (const f of frames) if (!k || f.k == k) post(f, { t: 'clear' });
    },
    setLocale(l) {
      locale = l;
      for (const f of frames) {
        f.iframe.title = label(f);
        // a frame still loading has no listener yet: it gets the locale when it says it is ready
        if (f.ready) post(f, { t: 'locale', locale: l });
      }
    },
    tokenize(data = {}) {
      if (pending) return pending;
      if (broken) return emit('error', broken), Promise.reject(broken.error);
      if (!ready || signal.aborted) return Promise.reject(configError('fields', signal.aborted ? 'unmounted' : 'not ready yet'));
      const id = ++seq;
      busy(true);
      return (pending = new Promise<FieldsTokenResult>((resolve, reject) => {
        waiting = [id, resolve, reject];
        // the frame answers within its own time-out (timeoutMs); this bounds a frame that went away
        const ms = timeoutMs + 5000;
        setTimeout(() => reject(toError({ type: 'timeout', message: `No response within ${ms} ms`, props: { timeoutMs: ms } })), ms);
        post(card, { t: 'tokenize', id, holder_name: data.holder_name ?? (options.holderName ? (find(options.holderName) as HTMLInputElement | null) : null)?.value, address: data.address });
      }).finally(() => {
        waiting = pending = undefined;
        if (!signal.aborted) busy(false);
      }));
    },
    unmount() {
      if (signal.aborted) return;
      ctrl.abort();
      waiting?.[2](configError('fields', 'unmounted'));
      for (const f of frames) {
        f.iframe.remove();
        for (const a of ATTRS) f.el.removeAttribute(a);
        if (f.el[KEY] == api) delete f.el[KEY];
      }
      added.forEach((el) => el.remove());
      busy(false);
    },
  };

  addEventListener(
    'message',
    (e) => {
      const f = frames.find((x) => accept(e, fieldsOrigin, x.iframe.contentWindow));
      const m = f && parseFromFrame(e.data, ch);
      if (!f || !m) return;
      if (m.t == 'ready' || m.t == 'resize') {
        f.iframe.height = String(m.height);
        if (m.t == 'ready' && !f.ready) {
          f.ready = true;
          if (locale != first) post(f, { t: 'locale', locale });
          if (f == card) session = m.session;
          if ((ready = frames.every((x) => x.ready))) emit('ready', state());
        }
      } else if (m.t == 'state') {
        const old = f.s;
        f.s = m.state;
        if (f == card && m.brand != brand) emit('brand', { brand: (brand = m.brand) });
        render(f);
        const ev = { field: f.k, state: { ...m.state } };
        if (m.e != 'show') emit(m.e, ev);
        if (old.valid != m.state.valid || old.potentiallyValid != m.state.potentiallyValid) emit('validityChange', ev);
      } else if (m.t == 'enter') {
        form?.requestSubmit();
      } else if (m.t == 'fail' && !m.id) {
        // a setting the frame refused (the style allowlist, the merchant id, time-out or accepted brands)
        if (!broken) emit('error', (broken = { code: m.fail.code, message: m.fail.text, error: toError(m.fail) }));
      } else if (f == card && waiting?.[0] == m.id) {
        if (m.t == 'token') {
          const r = { token_id: m.token.id, device_session_id: m.session, token: m.token };
          emit('token', r);
          waiting[1](r);
        } else {
          const error = toError(m.fail);
          emit('error', { code: m.fail.code, message: m.fail.text, field: m.fail.field, error });
          api.focus(m.fail.field!);
          waiting[2](error);
        }
      }
    },
    { signal },
  );

  if (form && (options.flow ?? 'post') == 'post') {
    form.addEventListener(
      'submit',
      (e) => {
        e.preventDefault();
        api.tokenize().then((r) => {
          if (signal.aborted) return;
          hidden(options.tokenField ?? 'token_id', r.token_id);
          hidden(options.deviceSessionField ?? 'device_session_id', r.device_session_id);
          busy(true); // stays busy while the browser leaves the page
          HTMLFormElement.prototype.submit.call(form);
        }, () => {}); // reported through the `error` event
      },
      { signal },
    );
  }

  for (const f of frames) {
    f.el[KEY]?.unmount();
    f.el[KEY] = api;
    // sized by attributes, not inline styles (no style attribute, whatever the page's CSP): the frame reports its
    // content's height; the merchant's CSS may style `iframe` in the container further
    // the frame's settings travel in its URL's fragment: it is ready without asking this page for them
    const title = label(f);
    const src = frameUrl(fieldsUrl, ch, f.k, location.origin, {
      label: title,
      locale,
      placeholder: options.placeholders?.[f.k],
      style: options.style,
      messages: options.messages,
      merchantId: config.merchantId,
      publicKey,
      timeoutMs,
      deviceData: options.deviceData,
      acceptedBrands: config.acceptedBrands,
    });
    Object.assign(f.iframe, { title, src, width: '100%', height: '44', frameBorder: '0' }); // no scroll bar: the frame page hides its overflow
    for (const l of labels(f)) l.addEventListener('click', (e) => (e.preventDefault(), api.focus(f.k)), { signal });
    render(f);
    f.el.append(f.iframe);
  }
  return api;
}
