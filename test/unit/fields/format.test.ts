import { describe, expect, it } from 'vitest';
import { formatValue, type FormatKind } from '../../../src/fields/format';

/**
 * Cases are written with a `|` for the caret: `before` is the value the browser holds after the edit (caret
 * where the browser left it), `after` the formatted value with the caret where the formatter put it.
 */
const split = (s: string): [string, number] => [s.replace('|', ''), s.indexOf('|')];

function run(kind: FormatKind, before: string, prev: string, inputType: string, brand: 'visa' | 'amex' | null = null): string {
  const [value, caret] = split(before);
  const [out, pos] = formatValue(kind, value, caret, prev, inputType, brand);
  return out.slice(0, pos) + '|' + out.slice(pos);
}

describe('card number as you type', () => {
  it.each([
    ['first digit', '4|', '', 'insertText', '4|'],
    ['fourth digit: no trailing space', '4111|', '411', 'insertText', '4111|'],
    ['fifth digit opens a group', '41111|', '4111', 'insertText', '4111 1|'],
    ['a digit typed inside a group keeps the caret after it', '4111 2|1111', '4111 1111', 'insertText', '4111 2|111 1'],
    ['a letter is dropped, caret stays', '4111 a|', '4111 ', 'insertText', '4111|'],
    ['sixteen digits', '4111 1111 1111 1111|', '4111 1111 1111 111', 'insertText', '4111 1111 1111 1111|'],
    ['nineteen digits max', '4111 1111 1111 1111 1234|', '4111 1111 1111 1111 123', 'insertText', '4111 1111 1111 1111 123|'],
    ['amex groups 4-6-5', '378282246310005|', '', 'insertFromPaste', '3782 822463 10005|'],
    ['amex stops at 15 digits', '3782 822463 100051|', '3782 822463 10005', 'insertText', '3782 822463 10005|'],
    ['pasted with dashes', '4111-1111-1111-1111|', '', 'insertFromPaste', '4111 1111 1111 1111|'],
    ['pasted with spaces and text around it', ' 4111 1111 1111 1111 (visa)|', '', 'insertFromPaste', '4111 1111 1111 1111|'],
    ['autofill without an input type', '5555555555554444|', '', '', '5555 5555 5555 4444|'],
  ])('%s', (_name, before, prev, type, after) => {
    expect(run('card_number', before, prev, type)).toBe(after);
  });
});

describe('backspace and delete over separators', () => {
  it.each([
    ['backspace after a space removes the digit before it', '4111|1111', '4111 1111', 'deleteContentBackward', '411|1 111'],
    ['delete before a space removes the digit after it', '4111|1111', '4111 1111', 'deleteContentForward', '4111| 111'],
    ['backspace of the first digit of a group: caret before the space', '4111 |111', '4111 1111', 'deleteContentBackward', '4111| 111'],
    ['backspace at the end leaves no trailing space', '4111 |', '4111 1', 'deleteContentBackward', '4111|'],
    ['backspace over the expiry slash removes the month digit', '12|34', '12/34', 'deleteContentBackward', '1|3/4'],
    ['backspace of a trailing slash just removes it', '12|', '12/', 'deleteContentBackward', '12|'],
    ['backspace in the month of a full expiry', '1|/34', '12/34', 'deleteContentBackward', '1|3/4'],
  ])('%s', (_name, before, prev, type, after) => {
    const kind: FormatKind = prev.includes('/') ? 'expiry' : 'card_number';
    expect(run(kind, before, prev, type)).toBe(after);
  });
});

describe('expiry MM/YY', () => {
  it.each([
    ['a 1 waits for the second month digit', '1|', '', 'insertText', '1|'],
    ['two digits add the slash', '12|', '1', 'insertText', '12/|'],
    ['a first digit 2-9 is a month: 0N/', '4|', '', 'insertText', '04/|'],
    ['M/ becomes 0M/', '1/|', '1', 'insertText', '01/|'],
    ['year digits follow the slash', '12/3|', '12/', 'insertText', '12/3|'],
    ['typed without the slash', '1230|', '', 'insertFromPaste', '12/30|'],
    ['a fifth digit is refused', '12/301|', '12/30', 'insertText', '12/30|'],
    ['autofill MM/YYYY becomes MM/YY', '12/2030|', '', '', '12/30|'],
    ['autofill M/YYYY becomes MM/YY', '7/2031|', '', '', '07/31|'],
    ['pasted MM / YY with spaces', '12 / 30|', '', 'insertFromPaste', '12/30|'],
    ['pasted ISO month YYYY-MM reads as meant', '2027-10|', '', 'insertFromPaste', '10/27|'],
    ['pasted ISO month with a one-digit month', '2027-3|', '', 'insertFromPaste', '03/27|'],
    ['pasted YYYY/MM', '2031/07|', '', 'insertFromPaste', '07/31|'],
    ['pasted MM/YYYY', '10/2027|', '', 'insertFromPaste', '10/27|'],
    ['pasted MM-YYYY', '10-2027|', '', 'insertFromPaste', '10/27|'],
    ['typing 2, 0 stays a month then year (no ISO reading)', '02/0|', '02/', 'insertText', '02/0|'],
  ])('%s', (_name, before, prev, type, after) => {
    expect(run('expiry', before, prev, type)).toBe(after);
  });
});

describe('month, year and CVV2 inputs', () => {
  it.each<[FormatKind, string, string, 'visa' | 'amex' | null, string]>([
    ['expiration_month', '4|', '', null, '04|'],
    ['expiration_month', '1|', '', null, '1|'],
    ['expiration_month', '123|', '12', null, '12|'],
    ['expiration_year', '2030|', '203', null, '2030|'],
    ['expiration_year', '20301|', '2030', null, '2030|'],
    ['cvv2', '12a3|', '12', 'visa', '123|'],
    ['cvv2', '1234|', '123', 'visa', '123|'],
    ['cvv2', '1234|', '123', 'amex', '1234|'],
    ['cvv2', '12345|', '1234', null, '1234|'],
  ])('%s: %s after %s (brand %s)', (kind, before, prev, brand, after) => {
    expect(run(kind, before, prev, 'insertText', brand)).toBe(after);
  });
});

it('formatting is idempotent: a formatted value formats to itself', () => {
  for (const [kind, v] of [
    ['card_number', '4111 1111 1111 1111'],
    ['card_number', '3782 822463 10005'],
    ['expiry', '12/30'],
    ['cvv2', '123'],
  ] as const) {
    expect(formatValue(kind, v, v.length, v, 'insertText')).toStrictEqual([v, v.length]);
  }
});
