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
 * Characters no name, address line or free text may hold, defined by Unicode properties (Unicode 15, UAX #44): the
 * "other" characters (`\p{C}`, which is `Cc` `Cf` `Cs` `Co` `Cn`): the controls (`Cc`: NUL, ESC, CR, LF, TAB, DEL, C1), the format characters (`Cf`: soft hyphen U+00AD, bidirectional
 * marks, embeddings, overrides and isolates, zero-width characters, invisible operators U+2061-U+2064, interlinear
 * annotation U+FFF9-U+FFFB, tag characters U+E0001-U+E007F, BOM), lone surrogates (`Cs`), private-use (`Co`) and
 * unassigned (`Cn`) code points, the line and paragraph separators (`Zl`, `Zp`), every `Default_Ignorable_Code_Point`
 * (`\p{DI}`: combining grapheme joiner U+034F, Mongolian vowel separator U+180E, variation selectors, Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0), and the blank look-alike that is none of these, Braille blank U+2800. They forge log lines,
 * hide, join or reorder text in receipts and back offices, make two names that look the same differ, break UTF-8
 * encoding, and no printed card or address carries them. One rule for the library's validators and the sandbox's
 * schemas (sandbox/src/schemas/common.ts); test/unit/card/unsafe-text.test.ts holds its table.
 */
export const UNSAFE_TEXT = /[\p{C}\p{Zl}\p{Zp}\p{DI}\u2800]/u;

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
