import { CARD_ELEMENT_FIELDS, type FrameConfig, type HostedField } from '../protocol';

/** Default placeholders of the card element's inputs, `Spanish|English` (the merchant's `placeholders` win). */
const PLACEHOLDERS: Partial<Record<HostedField, string>> = {
  card_number: '1234 1234 1234 1234|1234 1234 1234 1234',
  expiry: 'MM/AA|MM/YY',
  cvv2: 'CVV2|CVV2',
};

/** The inputs of one frame: the card element's, or the one input of a split field. */
export type FrameInputs = [HostedField, HTMLInputElement][];

/**
 * Builds the card element's inputs in the frame page: the page's input becomes the card number, and the expiry,
 * CVV2 and (unless it stays on the merchant page, `holder: false`) holder name follow it in keyboard order, each
 * a copy of it (same attributes: no spellcheck; described by the error line only while in error). The wrapper gets the `card` class:
 * one row when the frame is wide, wrapping when narrow (frame.css).
 *
 * @param doc the frame's document. @param config the frame's configuration.
 * @returns the inputs by field, in order.
 */
export function buildCardElement(doc: Document, config: FrameConfig): FrameInputs {
  const first = doc.getElementById('i') as HTMLInputElement;
  const template = first.cloneNode() as HTMLInputElement; // before the first input gets its field's class
  const fields = CARD_ELEMENT_FIELDS.filter((field) => field !== 'holder_name' || config.holder !== false);
  (doc.getElementById('w') as HTMLElement).classList.add('card');
  let previous = first;
  return fields.map((field) => {
    const input = field === 'card_number' ? first : (template.cloneNode() as HTMLInputElement);
    if (input !== first) {
      input.id = `i-${field}`;
      previous.after(input);
    }
    input.classList.add(field);
    previous = input;
    return [field, input];
  });
}

/**
 * Labels the card element's inputs in a locale: each input's accessible name (the page's default labels, sent in
 * the configuration as `labels`) and placeholder.
 */
export function labelCardElement(inputs: FrameInputs, config: FrameConfig, locale: string): void {
  const english = +/^en/i.test(locale);
  for (const [field, input] of inputs) {
    const label = config.labels?.[field]?.split('|')[english] ?? '';
    input.setAttribute('aria-label', label);
    input.placeholder = config.placeholders?.[field] ?? PLACEHOLDERS[field]?.split('|')[english] ?? label;
  }
}
