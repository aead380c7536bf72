/**
 * The one rule of characters no name, address line or free text may hold (src/card/result.ts `UNSAFE_TEXT`): a table
 * of what it refuses, by Unicode property, and of what it must keep (the letters, marks and spaces of real names).
 */
import { describe, expect, it } from 'vitest';
import { UNSAFE_TEXT } from '../../../src/card/result';
import { validateHolderName } from '../../../src/card/holder';

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

describe('UNSAFE_TEXT', () => {
  it.each([
    [0x0000, 'NUL (Cc)'],
    [0x001b, 'ESC (Cc)'],
    [0x000a, 'LF (Cc)'],
    [0x0085, 'NEL (Cc, C1)'],
    [0x00ad, 'soft hyphen (Cf)'],
    [0x034f, 'combining grapheme joiner (Default_Ignorable)'],
    [0x061c, 'Arabic letter mark (Cf)'],
    [0x115f, 'Hangul choseong filler (Default_Ignorable)'],
    [0x180e, 'Mongolian vowel separator (Cf)'],
    [0x200b, 'zero-width space (Cf)'],
    [0x200d, 'zero-width joiner (Cf)'],
    [0x202e, 'right-to-left override (Cf)'],
    [0x2028, 'line separator (Zl)'],
    [0x2029, 'paragraph separator (Zp)'],
    [0x2060, 'word joiner (Cf)'],
    [0x2062, 'invisible times (Cf)'],
    [0x2066, 'left-to-right isolate (Cf)'],
    [0x2800, 'Braille blank (a blank look-alike)'],
    [0x3164, 'Hangul filler (Default_Ignorable)'],
    [0xe000, 'private use (Co)'],
    [0xfe0f, 'variation selector 16 (Default_Ignorable)'],
    [0xfeff, 'BOM (Cf)'],
    [0xffa0, 'halfwidth Hangul filler (Default_Ignorable)'],
    [0xfff9, 'interlinear annotation anchor (Cf)'],
    [0xe0041, 'tag Latin capital A (Cf)'],
    [0xf0000, 'supplementary private use A (Co)'],
    [0x10ffff, 'noncharacter, unassigned (Cn)'],
  ])('refuses %s: %s', (cp) => {
    const text = `Ana${String.fromCodePoint(cp)}Pérez`;
    expect(UNSAFE_TEXT.test(text), hex(cp)).toBe(true);
    expect(validateHolderName(text)).toMatchObject({ valid: false, reason: 'format' });
  });

  it('refuses a lone surrogate (Cs)', () => expect(UNSAFE_TEXT.test('Ana\ud800Pérez')).toBe(true));

  it.each([
    ['Ana Pérez'],
    ['José Ñúñez-Ávila'],
    ["O'Brien Müller"],
    ['Zoë Ørsted Åberg'],
    ['Łukasz Świątek'],
    ['François Œuvre'],
    ['Nguyễn Văn An'],
    ['Δημήτρης Παπαδόπουλος'],
    ['Иван Петров'],
    ['山田 太郎'],
    ['김민준'],
    ['محمد علي'],
    ['Ana\u00a0Pérez'],
    ['e\u0301 (combining acute)'],
  ])('keeps %s', (name) => expect(UNSAFE_TEXT.test(name)).toBe(false));
});
