import { describe, expect, it } from 'vitest';
import { HOLDER_NAME_MAX, validateHolderName, type FieldResult } from '../../../src/card/index';
import { WEIRD_INPUTS } from '../helpers';

const ok: FieldResult = { field: 'holder_name', valid: true, potentiallyValid: true };
const bad = (reason: FieldResult['reason'], potentiallyValid = false): FieldResult => ({
  field: 'holder_name',
  valid: false,
  potentiallyValid,
  reason,
});

const EMOJI = '\u{1F600}'; // one code point, two UTF-16 units
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // one grapheme, five code points
const THUMB = '\u{1F44D}\u{1F3FD}'; // one grapheme (thumbs up, medium skin tone), two code points

describe('validateHolderName', () => {
  it('max is 80 (spec: card holder_name max 80)', () => {
    expect(HOLDER_NAME_MAX).toBe(80);
  });

  it.each<{ name: string; input: unknown; expected: FieldResult }>([
    { name: 'plain', input: 'Ana Pérez', expected: ok },
    { name: 'single letter', input: 'A', expected: ok },
    { name: 'padded', input: '  Ana Pérez  ', expected: ok },
    { name: 'accents and ñ', input: 'José Peña Ñúñez', expected: ok },
    { name: 'digits allowed', input: 'Juan 2', expected: ok },
    { name: 'CJK', input: '山田太郎', expected: ok },
    { name: '80 ASCII', input: 'a'.repeat(80), expected: ok },
    { name: '81 ASCII', input: 'a'.repeat(81), expected: bad('too_long') },
    { name: '200 ASCII', input: 'a'.repeat(200), expected: bad('too_long') },
    { name: '80 after trimming', input: `   ${'a'.repeat(80)}   `, expected: ok },
    { name: '80 with inner spaces', input: `${'a'.repeat(39)}  ${'b'.repeat(39)}`, expected: ok },
    { name: '80 emoji (160 UTF-16 units) count as 80', input: EMOJI.repeat(80), expected: ok },
    { name: '81 emoji', input: EMOJI.repeat(81), expected: bad('too_long') },
    { name: '79 letters + 1 emoji (81 UTF-16 units)', input: 'a'.repeat(79) + EMOJI, expected: ok },
    { name: '80 letters + 1 emoji', input: 'a'.repeat(80) + EMOJI, expected: bad('too_long') },
    { name: '80 precomposed é', input: '\u00e9'.repeat(80), expected: ok },
    { name: '40 decomposed é (80 code points)', input: 'e\u0301'.repeat(40), expected: ok },
    { name: '41 decomposed é (82 code points)', input: 'e\u0301'.repeat(41), expected: bad('too_long') },
    { name: '40 thumbs with a skin tone (80 code points)', input: THUMB.repeat(40), expected: ok },
    { name: '41 thumbs with a skin tone (82 code points)', input: THUMB.repeat(41), expected: bad('too_long') },
    // required
    { name: 'empty', input: '', expected: bad('required', true) },
    { name: 'spaces', input: '   ', expected: bad('required', true) },
    { name: 'tabs and newlines', input: '\t\n\r ', expected: bad('required', true) },
    { name: 'no-break spaces', input: '\u00a0\u00a0', expected: bad('required', true) },
    { name: 'null', input: null, expected: bad('required', true) },
    { name: 'undefined', input: undefined, expected: bad('required', true) },
    // type
    { name: 'number', input: 42, expected: bad('type') },
    { name: 'boolean', input: false, expected: bad('type') },
    { name: 'object', input: { name: 'Ana' }, expected: bad('type') },
    { name: 'array', input: ['Ana'], expected: bad('type') },
    { name: 'String object', input: new String('Ana'), expected: bad('type') },
  ])('$name', ({ input, expected }) => {
    expect(validateHolderName(input)).toStrictEqual(expected);
  });

  it.each(WEIRD_INPUTS)('never throws on %s', (_n, v) => {
    let r: FieldResult | undefined;
    expect(() => {
      r = validateHolderName(v);
    }).not.toThrow();
    expect(r?.field).toBe('holder_name');
    expect(r?.valid).toBe(false);
  });
});

describe('validateHolderName: control and bidirectional-control characters are format', () => {
  it.each<{ name: string; input: string }>([
    { name: 'NUL', input: 'Ana\u0000Pérez' },
    { name: 'ESC (ANSI colour)', input: 'Ana \u001b[31mPérez' },
    { name: 'CR inside', input: 'Ana\rPérez' },
    { name: 'LF inside (forged log line)', input: 'Ana\nfraud charge ok' },
    { name: 'TAB inside', input: 'Ana\tPérez' },
    { name: 'DEL', input: 'Ana\u007f' },
    { name: 'C1 control U+0085', input: 'Ana\u0085Pérez' },
    { name: 'RLO U+202E', input: 'Ana \u202ezereP' },
    { name: 'LRE U+202A', input: '\u202aAna' },
    { name: 'PDF U+202C', input: 'Ana\u202c' },
    { name: 'LRI U+2066', input: '\u2066Ana' },
    { name: 'PDI U+2069', input: 'Ana\u2069' },
    { name: 'RLM U+200F', input: 'Ana\u200f' },
    { name: 'ALM U+061C', input: 'Ana\u061c' },
    { name: 'line separator U+2028', input: 'Ana\u2028Pérez' },
    { name: 'zero width space U+200B', input: 'An\u200ba' },
    { name: 'zero width non-joiner U+200C', input: 'An\u200ca' },
    { name: 'zero width joiner U+200D (emoji families too)', input: FAMILY },
    { name: 'word joiner U+2060', input: 'An\u2060a' },
    { name: 'byte order mark U+FEFF inside', input: 'Ana\ufeffPérez' },
    { name: 'byte order mark U+FEFF at the start (trim() would strip it)', input: '\ufeffAna' },
    { name: 'lone high surrogate', input: 'Ana\ud83d' },
    { name: 'lone low surrogate', input: '\ude00Ana' },
  ])('$name -> format', ({ input }) => {
    expect(validateHolderName(input)).toStrictEqual(bad('format'));
  });

  it.each<{ name: string; input: string }>([
    { name: 'leading and trailing tabs and newlines are trimmed, not refused', input: '\tAna Pérez\n' },
    { name: 'Arabic letters (right-to-left script, no control)', input: 'محمد علي' },
    { name: 'no-break space inside', input: 'Ana\u00a0Pérez' },
  ])('$name -> valid', ({ input }) => {
    expect(validateHolderName(input)).toStrictEqual(ok);
  });
});
