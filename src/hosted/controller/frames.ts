import type { Brand } from '../../card/types';
import { configError } from '../../errors/configuration';
import { LABELS, labelIn } from '../labels';
import { CARD_ELEMENT_FIELDS, type FrameKind, type HostedField, type HostedFieldState } from '../protocol';
import type { FieldContainers, HostedFields } from './types';

/** The attributes a container gets for the merchant's CSS (present or absent), in {@link renderContainer}'s order. */
export const CONTAINER_ATTRIBUTES = [
  'data-paytoken-focused',
  'data-paytoken-invalid',
  'data-paytoken-valid',
  'data-paytoken-empty',
  'data-paytoken-brand',
];

/** Where a container keeps the mount it holds, so a second mount on it unmounts the first. */
export const MOUNT_SLOT = /* @__PURE__ */ Symbol.for('paytoken.fields');

/** A container that may hold a mount. */
export type Container = HTMLElement & { [MOUNT_SLOT]?: HostedFields };

/** One frame on the merchant page: what it holds (a field, or `card`: the card element), its container and iframe. */
export interface FieldFrame {
  fieldKey: FrameKind;
  /** The fields it holds: the card element's inputs, or the one field of a split frame. */
  frameFields: HostedField[];
  fieldContainer: Container;
  fieldIframe: HTMLIFrameElement;
  frameLoaded: boolean;
}

/** Finds an element by selector, or takes the element given. */
export const findElement = (doc: Document, target: string | Element): Element | null =>
  typeof target === 'string' ? doc.querySelector(target) : target;

/**
 * One {@link FieldFrame} per container, checked: either `card` alone (the card element), or split fields with
 * `card_number` among them; every key is known, every container exists.
 * @param holderOnPage the holder name stays on the merchant page (`holderName`): the card element leaves it out.
 * @throws ConfigurationError naming the field (`fields.cvv2: no element #cvv`, `fields.card: alone`).
 */
export function fieldFrames(doc: Document, containers: FieldContainers, holderOnPage: unknown): FieldFrame[] {
  const entries = Object.entries(containers ?? {}) as [FrameKind, string | HTMLElement][];
  const keys = entries.map(([key]) => key);
  if (keys.includes('card') && keys.length > 1) throw configError('fields.card', 'alone: the card element holds every field');
  if (!keys.includes('card') && !keys.includes('card_number')) throw configError('fields.card_number', 'required');
  return entries.map(([key, target]) => {
    if (!Object.hasOwn(LABELS, key)) throw configError(`fields.${key}`, 'unknown field');
    const container = findElement(doc, target) as Container | null;
    if (!container?.tagName) throw configError(`fields.${key}`, `no element ${target}`);
    const frameFields = key === 'card' ? CARD_ELEMENT_FIELDS.filter((field) => field !== 'holder_name' || !holderOnPage) : [key];
    return { fieldKey: key, frameFields, fieldContainer: container, fieldIframe: doc.createElement('iframe'), frameLoaded: false };
  });
}

/** A field's state before its frame has said anything. */
export const initialState = (): HostedFieldState => ({ empty: true, focused: false, valid: false, potentiallyValid: true });

/** The `<label for>` elements of a frame's container. */
export const labelsOf = (doc: Document, frame: FieldFrame): NodeListOf<HTMLLabelElement> | HTMLLabelElement[] =>
  frame.fieldContainer.id ? doc.querySelectorAll<HTMLLabelElement>(`label[for="${CSS.escape(frame.fieldContainer.id)}"]`) : [];

/** A frame's label: its `<label for>` text, else the container's `aria-label`, else the default in `locale`. */
export const frameLabel = (doc: Document, frame: FieldFrame, locale: string): string =>
  labelsOf(doc, frame)[0]?.textContent?.trim().replace(/\s+/g, ' ') ||
  frame.fieldContainer.getAttribute('aria-label') ||
  labelIn(frame.fieldKey, locale);

/** Sets an attribute to `''` (true) or a text, or removes it (false, null). */
export const setAttribute = (el: Element, name: string, value: string | null | boolean) =>
  value === null || value === false ? el.removeAttribute(name) : el.setAttribute(name, value === true ? '' : value);

/**
 * Renders the state of a frame's fields on its container: focused or invalid when one is, valid or empty when all
 * are (a split field's container shows its one field), and the brand on the card number's container.
 */
export function renderContainer(frame: FieldFrame, states: readonly HostedFieldState[], brand: Brand | null | false): void {
  const flags = [
    states.some((s) => s.focused),
    states.some((s) => !!s.error),
    states.every((s) => s.valid),
    states.every((s) => s.empty),
    brand,
  ];
  flags.forEach((value, i) => setAttribute(frame.fieldContainer, CONTAINER_ATTRIBUTES[i]!, value));
}
