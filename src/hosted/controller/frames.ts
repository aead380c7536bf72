import type { Brand } from '../../card/types';
import { configError } from '../../errors/configuration';
import type { HostedField, HostedFieldState } from '../protocol';
import type { FieldContainers, HostedFields } from './types';

/** Default labels (when the container has no `<label for>` nor `aria-label`): Spanish|English. */
export const LABELS: Readonly<Record<HostedField, string>> = {
  card_number: 'Número de tarjeta|Card number',
  expiry: 'Vencimiento (MM/AA)|Expiry (MM/YY)',
  expiration_month: 'Mes de vencimiento|Expiry month',
  expiration_year: 'Año de vencimiento|Expiry year',
  cvv2: 'Código de seguridad|Security code',
  holder_name: 'Nombre del titular|Name on card',
};

/** The attributes a container gets for the merchant's CSS (present or absent), in {@link renderContainer}'s order. */
export const CONTAINER_ATTRIBUTES = ['data-paytoken-focused', 'data-paytoken-invalid', 'data-paytoken-valid', 'data-paytoken-empty', 'data-paytoken-brand'];

/** Where a container keeps the mount it holds, so a second mount on it unmounts the first. */
export const MOUNT_SLOT = /* @__PURE__ */ Symbol.for('paytoken.fields');

/** A container that may hold a mount. */
export type Container = HTMLElement & { [MOUNT_SLOT]?: HostedFields };

/** One field's frame on the merchant page: its container, its iframe and the last state it reported. */
export interface FieldFrame {
  fieldKey: HostedField;
  fieldContainer: Container;
  fieldIframe: HTMLIFrameElement;
  fieldState: HostedFieldState;
  frameLoaded: boolean;
}

/** Finds an element by selector, or takes the element given. */
export const findElement = (doc: Document, target: string | Element): Element | null => (typeof target === 'string' ? doc.querySelector(target) : target);

/**
 * One {@link FieldFrame} per container, checked: `card_number` is required, every key is a hosted field, every
 * container exists. @throws ConfigurationError naming the field (`fields.cvv2: no element #cvv`).
 */
export function fieldFrames(doc: Document, containers: FieldContainers): FieldFrame[] {
  const entries = Object.entries(containers ?? {}) as [HostedField, string | HTMLElement][];
  if (!entries.some(([field]) => field === 'card_number')) throw configError('fields.card_number', 'required');
  return entries.map(([field, target]) => {
    if (!Object.hasOwn(LABELS, field)) throw configError(`fields.${field}`, 'unknown field');
    const container = findElement(doc, target) as Container | null;
    if (!container?.tagName) throw configError(`fields.${field}`, `no element ${target}`);
    const fieldState = { empty: true, focused: false, valid: false, potentiallyValid: true };
    return { fieldKey: field, fieldContainer: container, fieldIframe: doc.createElement('iframe'), fieldState, frameLoaded: false };
  });
}

/** The `<label for>` elements of a frame's container. */
export const labelsOf = (doc: Document, frame: FieldFrame): ArrayLike<HTMLLabelElement> =>
  frame.fieldContainer.id ? doc.querySelectorAll<HTMLLabelElement>(`label[for="${CSS.escape(frame.fieldContainer.id)}"]`) : [];

/** A frame's label: its `<label for>` text, else the container's `aria-label`, else the default in `locale`. */
export const frameLabel = (doc: Document, frame: FieldFrame, locale: string): string =>
  labelsOf(doc, frame)[0]?.textContent?.trim().replace(/\s+/g, ' ') || frame.fieldContainer.getAttribute('aria-label') || LABELS[frame.fieldKey].split('|')[+/^en/i.test(locale)]!;

/** Sets an attribute to `''` (true) or a text, or removes it (false, null). */
export const setAttribute = (el: Element, name: string, value: string | null | boolean) =>
  value === null || value === false ? el.removeAttribute(name) : el.setAttribute(name, value === true ? '' : value);

/** Renders a field's state on its container (the brand on the card number's only). */
export const renderContainer = (frame: FieldFrame, brand: Brand | null | false) =>
  [frame.fieldState.focused, !!frame.fieldState.error, frame.fieldState.valid, frame.fieldState.empty, brand].forEach((value, i) => setAttribute(frame.fieldContainer, CONTAINER_ATTRIBUTES[i]!, value));
