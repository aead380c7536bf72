import type { FormatKind } from '../fields/format';
import type { FieldState } from './types';

/**
 * The DOM side of the form layer: the changes a mount makes to the merchant's markup (remembered, so `unmount`
 * restores it exactly), the bound card inputs with their error elements and ARIA, and how a field's state is shown.
 */

/** Sets an attribute, or removes it for `null`. */
export const setAttribute = (el: Element, name: string, value: string | null) =>
  value == null ? el.removeAttribute(name) : el.setAttribute(name, value);

/** The changes a mount makes to a document, undone by `undo`. */
export interface DomChanges {
  /** Remembers the attributes `names` (space-separated) of `el` as they are now. */
  keepAttributes(el: Element, names: string): void;
  /** Creates an element, lets `place` put it in the page, and remembers it for removal. */
  addElement<T extends HTMLElement>(tag: string, place: (el: T) => void): T;
  /** Remembers an element created elsewhere, for removal. */
  adoptElement(el: Element): void;
  /** Restores every remembered attribute (latest first) and removes every added element. */
  undo(): void;
}

/** A new record of DOM changes in `doc` (see {@link DomChanges}). */
export function domChanges(doc: Document): DomChanges {
  const saved: [Element, string, string | null][] = [];
  const elements: Element[] = [];
  return {
    keepAttributes: (el, names) => names.split(' ').forEach((n) => saved.push([el, n, el.getAttribute(n)])),
    addElement(tag, place) {
      const el = doc.createElement(tag) as never;
      place(el);
      elements.push(el);
      return el;
    },
    adoptElement: (el) => elements.push(el),
    undo() {
      saved.reverse().forEach(([el, n, v]) => setAttribute(el, n, v));
      elements.forEach((el) => el.remove());
    },
  };
}

let seq = 0;

/** A new error element put in place by `place`: `div.paytoken-error` with a unique id, a polite live region. */
export const errorElement = (changes: DomChanges, place: (el: HTMLElement) => void): HTMLElement =>
  changes.addElement('div', (el) => {
    el.className = 'paytoken-error';
    el.id = `paytoken-error-${++seq}`;
    el.setAttribute('aria-live', 'polite');
    place(el);
  });

/** A card input bound by the form layer. */
export interface BoundField {
  /** The field key: the `data-paytoken-card` value, or `address.<name>` for `data-paytoken-card-address`. */
  key: string;
  input: HTMLInputElement;
  /** How its value is formatted as the shopper types (the numeric card fields); none for names and addresses. */
  format?: FormatKind;
  /** Where its error message is shown (the input's first `aria-describedby`). */
  errorElement: HTMLElement;
  /** Its current state. */
  state: FieldState;
  /** Its value when last seen, to tell a real change from a repeated event. */
  lastValue: string;
  /** An error may show while the value could still become valid: the field was left non-empty, or a submit was tried. */
  touched?: boolean;
  /** The code of an API error about this field, shown until the field is edited. */
  apiErrorCode?: string;
}

/**
 * Binds the card inputs of a form (`[data-paytoken-card]`, `[data-paytoken-card-address]`), in page order: removes
 * the `name` of card inputs (card data is never posted to the merchant), sets `inputmode="numeric"` on the numeric
 * ones, and puts an error element after each input, first in its `aria-describedby`. Every change is recorded in
 * `changes`.
 */
export function bindFields(form: HTMLFormElement, changes: DomChanges): BoundField[] {
  return [...form.querySelectorAll<HTMLInputElement>('[data-paytoken-card],[data-paytoken-card-address]')].map((input) => {
    const card = input.dataset.paytokenCard;
    const format = card !== 'holder_name' ? (card as FormatKind | undefined) : undefined; // the other card inputs are numeric
    changes.keepAttributes(input, 'name inputmode aria-invalid aria-describedby');
    if (card) input.removeAttribute('name');
    if (format) input.setAttribute('inputmode', 'numeric');
    const errorEl = errorElement(changes, (e) => input.after(e));
    input.setAttribute('aria-describedby', `${errorEl.id} ${input.getAttribute('aria-describedby') ?? ''}`.trim()); // the error first
    return {
      key: card ?? `address.${input.dataset.paytokenCardAddress}`,
      input,
      format,
      errorElement: errorEl,
      lastValue: input.value,
      state: {} as FieldState,
    };
  });
}

/** Sets an element's text when it differs (a live region may read out text that is set again). */
export const setText = (el: Element, text: string) => el.textContent !== text && (el.textContent = text);

/** Shows a field's state: its error message (or none) and `aria-invalid`. */
export function renderField(field: BoundField): void {
  setText(field.errorElement, field.state.error?.message ?? '');
  setAttribute(field.input, 'aria-invalid', field.state.error ? 'true' : null);
}
