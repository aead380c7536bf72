import { cardBrand, cvv2Length } from '../card/brands';
import type { Brand } from '../card/types';

/**
 * The inputs formatted as the shopper types, pastes or autofills, by their `data-paytoken-card` value:
 * - `card_number`: digits grouped by brand (American Express 4-6-5, at most 15 digits; the others 4-4-4-4-3,
 *   at most 19);
 * - `expiry`: a combined `MM/YY`: a first digit 2-9 becomes `0N/`, `M/` becomes `0M/`, and a pasted or autofilled
 *   `MM/YYYY` (or `MM-YYYY`) becomes `MM/YY`, and so does a pasted ISO 8601 month `YYYY-MM` (`2027-10` gives
 *   `10/27`);
 * - `expiration_month`: at most 2 digits (a first digit 2-9 becomes `0N`); `expiration_year`: at most 4 digits;
 * - `cvv2`: digits, as many as the brand prints (4 for amex, 3 for the others, at most 4 while it is unknown).
 */
export type FormatKind = 'card_number' | 'expiry' | 'expiration_month' | 'expiration_year' | 'cvv2';

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * Formats an input value and keeps the caret after the same digit it followed.
 *
 * Separators belong to the formatter, never to the shopper: a backspace (delete) that removed only a separator
 * also removes the digit before (after) it, unless the separator was the last character; a trailing separator
 * (`12/`) is added while typing, never while deleting. Any character that is not a digit is dropped.
 *
 * @param kind the field's {@link FormatKind}.
 * @param value the value the browser holds after the edit.
 * @param caret the caret offset in `value` (UTF-16 units); `value.length` when unknown.
 * @param prev the value before the edit (the last formatted value), to tell that a separator was deleted.
 * @param inputType the `InputEvent.inputType` (`insertText`, `insertFromPaste`, `deleteContentBackward`, ...);
 *   anything not starting with `delete` counts as typing.
 * @param brand for `cvv2`: the brand of the card number field (`null` when unknown); `card_number` finds its own.
 * @returns `[formatted value, caret offset in it]`.
 */
export function formatValue(
  kind: FormatKind,
  value: string,
  caret: number,
  prev = '',
  inputType = '',
  brand: Brand | null = null,
): [string, number] {
  const del = /^del/.test(inputType);
  const atEnd = caret >= value.length;
  // YYYY-MM -> MM/YYYY, then M/ -> 0M/, then MM/YYYY -> MM/YY
  if (kind === 'expiry' && !del)
    value = value
      .replace(/^20(\d\d)\D+(\d\d?)$/, '$2/$1')
      .replace(/^(\d)\D/, '0$1/')
      .replace(/\D+20(\d\d)$/, '/$1');
  let d = digits(value);
  let n = digits(value.slice(0, caret)).length; // digits before the caret
  if (del && !atEnd && value !== prev && d === digits(prev)) {
    // only a separator went: take the digit beside it too
    if (/Back/.test(inputType)) {
      if (n) d = d.slice(0, n - 1) + d.slice(n--);
    } else d = d.slice(0, n) + d.slice(n + 1);
  }
  if (!del && (kind === 'expiry' || kind === 'expiration_month') && d >= '2') d = '0' + d; // a month starting with 2-9
  if (kind === 'card_number') brand = cardBrand(d);
  d = d.slice(
    0,
    kind === 'card_number'
      ? brand === 'amex'
        ? 15
        : 19
      : kind === 'cvv2'
        ? (cvv2Length(brand) ?? 4)
        : kind === 'expiration_month'
          ? 2
          : 4,
  );
  const gaps = kind === 'card_number' ? (brand === 'amex' ? [4, 10] : [4, 8, 12, 16]) : kind === 'expiry' ? [2] : [];
  /** the digits with their separators; at the end only while typing (`12/`) */
  const group = (digitsShown: string) => {
    let out = '';
    for (let i = 0; i <= digitsShown.length; i++) {
      if (gaps.includes(i) && (i < digitsShown.length || !del) && kind === 'expiry') out += '/';
      else if (gaps.includes(i) && i < digitsShown.length) out += ' ';
      out += digitsShown[i] ?? '';
    }
    return out;
  };
  const out = group(d);
  return [out, atEnd ? out.length : group(d.slice(0, n)).length];
}

/** The part of an input the formatter touches (an `HTMLInputElement` fits): no DOM type needed. */
export interface FormattableInput {
  value: string;
  selectionStart: number | null;
  setSelectionRange(start: number, end: number): void;
}

/**
 * Formats an input in place after an edit (see {@link formatValue}) and keeps its caret after the same digit,
 * moving the caret only while the input has focus (setting it elsewhere would pull the focus back in Safari).
 *
 * @param input the input. @param kind its {@link FormatKind}. @param prev its value before the edit.
 * @param inputType the edit's `InputEvent.inputType` ('' for a `change` event). @param brand for `cvv2`.
 * @param focused whether the input has focus.
 */
export function formatInput(
  input: FormattableInput,
  kind: FormatKind,
  prev: string,
  inputType: string | undefined,
  brand: Brand | null,
  focused: boolean,
): void {
  const [value, caret] = formatValue(kind, input.value, input.selectionStart ?? input.value.length, prev, inputType, brand);
  if (value !== input.value) input.value = value;
  if (focused && input.selectionStart != null) input.setSelectionRange(caret, caret);
}
