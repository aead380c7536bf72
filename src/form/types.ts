import type { PayTokenError } from '../errors/base';
import type { Token } from '../types/index';
import type { Brand, CardInput } from '../card/types';
import type { Messages } from '../fields/messages';
import type { FieldState } from '../fields/types';

/**
 * The form layer's public types: field and form states, events and their payloads, options, the mounted form.
 */

export type { FieldError, FieldState } from '../fields/types';

/**
 * The state of the whole form: each field's state by key (the `data-paytoken-card` value, or
 * `address.<name>` for `data-paytoken-card-address`), the detected brand, whether a tokenization is under way,
 * and whether the form can be submitted now (every field valid and nothing under way).
 */
export interface FormState {
  /** Each field's state, keyed by its `data-paytoken-card` value or `address.<name>`. */
  fields: Record<string, FieldState>;
  /** The card number's brand, or null when unknown. */
  brand: Brand | null;
  /** A tokenization is under way. */
  submitting: boolean;
  /** Every field is valid and nothing is under way. */
  canSubmit: boolean;
}

/** Payload of the field events (`change`, `focus`, `blur`, `validityChange`): the field key and its new state. */
export interface FieldEvent {
  /** The field key (`card_number`, `address.city`). */
  field: string;
  /** The field's new state. */
  state: FieldState;
}

/** What a successful submit gives: the token id, this page's `device_session_id`, and the Token itself. */
export interface TokenResult {
  /** The token id: your server charges it as `source_id`. */
  token_id: string;
  /** This page's `device_session_id`, sent with the charge. */
  device_session_id: string;
  /** Whether the card has reward points (the Token's `card.points_card`; false when absent): offer "pay with points". */
  points_card: boolean;
  /** The Token, its number masked. */
  token: Token;
  /** The months without interest chosen in the `installments` select; absent for "pay in full" or no select. */
  payment_plan?: {
    /** Number of monthly payments (3, 6, 9, 12 or 18). */
    payments: number;
  };
}

/**
 * Payload of the `error` event: `code` and `message` as for a field (see `formMessage`), `field` when the
 * error concerns one field (local rules; API 2004 -> card number, 2005 -> expiry, 2006 and 2009 -> CVV2), and
 * the `error` itself (`ValidationError`, `ApiError`, `NetworkError`, `TimeoutError` or `ConfigurationError`).
 */
export interface FormErrorEvent {
  /** The message code (`card_number.luhn`, `3001`; see `formMessage`). */
  code: string;
  /** The message in the current locale. */
  message: string;
  /** The field the error concerns, when it concerns one. */
  field?: string;
  /** The typed error (`ValidationError`, `ApiError`, `NetworkError`, `TimeoutError` or `ConfigurationError`). */
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
  /** A field's value changed (typing, paste, autofill). */
  change: FieldEvent;
  /** A field gained focus. */
  focus: FieldEvent;
  /** A field lost focus. */
  blur: FieldEvent;
  /** A field's `valid` or `potentiallyValid` changed. */
  validityChange: FieldEvent;
  /** The card number's brand changed. */
  brand: {
    /** The new brand, or null when unknown. */
    brand: Brand | null;
  };
  /** A submit started: the card is checked locally, then tokenized. */
  submit: FormState;
  /** The card was tokenized; in the `post` flow the form is posted right after. */
  token: TokenResult;
  /** A submit failed, locally (no request sent) or at the API or the network. */
  error: FormErrorEvent;
}

/** Options of `form.mount`. */
export interface FormOptions {
  /**
   * Language of the messages: `es-MX`, or English for any tag starting with `en`. Can be changed later with
   * `setLocale`.
   * @default 'es-MX'
   */
  locale?: string;
  /**
   * The merchant's own messages by code (`card_number.luhn`, `3001`, ...), winning over the built-in ones; a
   * message may be one text or `'es text|en text'` (see `formMessage`).
   * @default {} (the built-in es-MX and English messages)
   */
  messages?: Messages;
  /**
   * What a successful submit does. `post` (the classic flow): `token_id` and `device_session_id` are written into
   * hidden inputs and the form is posted to its `action`. `spa`: nothing is posted; `submit()` resolves with them
   * and the `token` event carries them.
   * @default 'post'
   */
  flow?: 'post' | 'spa';
  /**
   * Name of the hidden input that receives the token id; an existing input of that name is reused.
   * @default 'token_id' (the name the merchant's server reads)
   */
  tokenField?: string;
  /**
   * Name of the hidden input that receives this page's `device_session_id`; an existing input of that name is
   * reused. See `DEVICE_SESSION_FIELD` in src/fraud/session.ts for why it differs from the classic calls' name.
   * @default 'device_session_id' (the spec's field name, so the form posts straight into a charge request)
   */
  deviceSessionField?: string;
  /**
   * Months without interest the merchant offers (spec, Resources > PaymentPlan: 3, 6, 9, 12, 18; others are
   * dropped): adds a labelled `<select name="payment_plan">` before the submit button ("pay in full" first, then
   * "N meses sin intereses" / "N months without interest"). The choice is posted with the form (`post` flow) and
   * is the token result's `payment_plan` (`{payments}`), for your server's charge. Offer it for credit cards
   * and amounts you choose; the API refuses plans it cannot apply.
   * @default [] (no select)
   */
  installments?: readonly number[];
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
