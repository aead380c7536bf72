import type { CardField, FieldResult, Reason } from './types';

/** A passing result for `field`. */
export const pass = (field: CardField): FieldResult => ({ field, valid: true, potentiallyValid: true });

/** A failing result for `field`; `potentiallyValid` says whether typing more could still make it pass. */
export const fail = (field: CardField, reason: Reason, potentiallyValid = false): FieldResult => ({
  field,
  valid: false,
  potentiallyValid,
  reason,
});

/**
 * Characters no name or address line may hold: C0 and C1 controls (NUL, ESC, CR, LF, TAB, DEL, ...), the line and
 * paragraph separators U+2028/U+2029, the bidirectional controls (Unicode UAX #9: ALM U+061C, LRM/RLM
 * U+200E/U+200F, embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069), the zero-width characters
 * (U+200B-U+200D, word joiner U+2060, BOM U+FEFF) and lone UTF-16 surrogates (`\p{Cs}` under the `u` flag). They
 * forge log lines, hide, join or reorder text in receipts and back offices, break UTF-8 encoding, and no printed
 * card or address carries them.
 */
export const UNSAFE_TEXT = /[\p{Cc}\p{Cs}\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/u;

/**
 * The text rules of a name or address line that passed {@link presence}: `format` when the trimmed text holds an
 * {@link UNSAFE_TEXT} character, or U+FEFF anywhere (`trim()` strips it at either end), `too_long` when it has more
 * than `max` code points. @returns that failure or undefined.
 */
export const textRules = (field: CardField, v: string, max: number): FieldResult | undefined =>
  v.includes('\ufeff') || UNSAFE_TEXT.test((v = v.trim()))
    ? fail(field, 'format')
    : [...v].length > max
      ? fail(field, 'too_long')
      : undefined;

/** True for `null`, `undefined`, `''` and strings of white space only: a field left empty. */
export const blank = (v: unknown): boolean => v == null || (typeof v === 'string' && !v.trim());

/**
 * The checks every field starts with: `required` (blank; potentially valid) or `type` (neither a string nor,
 * when `numbers` is set, an integer). @returns that failure, or undefined when the value may go on.
 */
export const presence = (field: CardField, v: unknown, numbers?: boolean): FieldResult | undefined =>
  blank(v) ? fail(field, 'required', true) : typeof v === 'string' || (numbers && Number.isInteger(v)) ? undefined : fail(field, 'type');
