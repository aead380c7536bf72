import type { Brand } from '../../card/types';
import type { PayTokenError } from '../../errors/base';
import type { Messages } from '../../fields/messages';
import type { ClientConfig } from '../../http/config';
import type { Token } from '../../types/index';
import type { FontSource, FrameKind, HostedField, HostedFieldState } from '../protocol';
import type { FieldsStyle } from '../style';

/**
 * A client configuration; `fieldsUrl` (where the frame pages are served) defaults to `{baseUrl}/fields/v1`, the
 * API origin, which serves them (the local sandbox does, and in production the processor). See `ClientConfig`.
 */
export type FieldsConfig = ClientConfig;

/**
 * Where the frames go: a CSS selector or an element (an empty container, e.g. a `div`), by field. `card` alone
 * mounts the card element: one frame holding the card number, expiry (`MM/YY`), CVV2 and holder name (the
 * default integration); otherwise one frame per field (split fields), `card_number` required.
 */
export type FieldContainers = Partial<Record<FrameKind, string | HTMLElement>>;

/** Options of `fields.mount` (`mountFields`, `client.fields.mount`, `PayToken.fields.mount`). */
export interface FieldsOptions {
  /**
   * Language of the messages and default labels: `es-MX`, or English for any tag starting with `en`. Can be
   * changed later with `setLocale`.
   * @default 'es-MX'
   */
  locale?: string;
  /**
   * The merchant's own messages by code (`card_number.luhn`, `3001`, ...), winning over the built-in ones (see
   * `formMessage`).
   * @default {} (the built-in es-MX and English messages)
   */
  messages?: Messages;
  /**
   * CSS for the inputs inside the frames, by state, from an allowlist (see `FieldsStyle`, `checkStyle`); a
   * property outside it is refused by the frames (the `error` event, a ConfigurationError naming it).
   * @default {} (the frame's own look: system font, 16 px, no border)
   */
  style?: FieldsStyle;
  /**
   * Placeholder text by field.
   * @default {} (none)
   */
  placeholders?: Partial<Record<HostedField, string>>;
  /**
   * What the form's submit does. `post`: it tokenizes, writes `token_id` and `device_session_id` into hidden
   * inputs (names: `tokenField`, `deviceSessionField`) and posts the form to its `action`. `spa`: nothing is
   * posted; call `tokenize()`.
   * @default 'post' when the card-number container is inside a form (or `form` is given); else nothing is bound
   */
  flow?: 'post' | 'spa';
  /**
   * The form of the `post` flow: an element or its id.
   * @default the card-number container's closest form
   */
  form?: HTMLFormElement | string;
  /**
   * The merchant's own holder-name input (a selector or the element) when `holder_name` is not hosted; its value
   * is read when tokenizing. Prefer a hosted holder name: a page input with `autocomplete="cc-name"` lets a
   * script on the page harvest the shopper's autofilled card (see docs/hosted-fields.md, security).
   * @default undefined (the holder name is hosted, or passed to `tokenize({ holder_name })`)
   */
  holderName?: string | HTMLInputElement;
  /**
   * Name of the hidden input that receives the token id in the `post` flow; an existing input is reused.
   * @default 'token_id'
   */
  tokenField?: string;
  /**
   * Name of the hidden input that receives the frame's `device_session_id` in the `post` flow.
   * @default 'device_session_id'
   */
  deviceSessionField?: string;
  /**
   * `false` (no consent) collects no device data in the frame.
   * @default true
   */
  deviceData?: boolean;
  /**
   * Brand fonts for the inputs, at most 4: `{ family, src, weight?, style? }`, `src` an https URL of a `.woff2` or
   * `.woff` file; name the family in `style.base.fontFamily`. Each frame loads every file whole (FontFace API, no
   * `unicode-range`) before it says `ready`, and its CSP allows fonts from those origins only. A font that fails
   * falls back to the system stack (`ready`'s `failedFonts` names it); a refused entry is a ConfigurationError
   * naming it (`fonts[0].src`), through the `error` event.
   * @default [] (system fonts)
   */
  fonts?: readonly FontSource[];
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
  /** Each mounted field's state, by field (the card element's four, or each split field). */
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
  /** Families of the `fonts` option that failed to load (their inputs use the system stack). */
  failedFonts: string[];
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
 * field), `brand` (the card number's brand changed; null when unknown), `bin`, `token` (tokenized), `error` (a
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
  /**
   * The card number's BIN changed: its first 6 digits (8 in an eight-digit IIN range) once it is potentially
   * valid, `null` when it no longer has them. PCI DSS allows the BIN to be shown; use it for installments or
   * surcharges.
   */
  bin: {
    /** The BIN (6 or 8 digits), or null. */
    bin: string | null;
  };
  /** The card was tokenized. */
  token: FieldsTokenResult;
  /** A tokenization failed. */
  error: {
    /** The message code, as in the form layer (`card_number.luhn`, `3001`). */
    code: string;
    /** The message in the current locale. */
    message: string;
    /** The field it concerns, when it concerns one (its input shows the error and takes focus). */
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
   * Restyles every input in place (no new frames, nothing typed is lost); a frame still loading gets it when ready.
   * The frames check it against the allowlist as at mount: a refused property is the `error` event, and
   * tokenize() rejects with it. @param style see `FieldsStyle`.
   */
  setStyle(style: FieldsStyle): void;
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
