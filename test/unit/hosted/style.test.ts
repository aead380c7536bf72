import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors/index';
import { checkStyle, styleRules } from '../../../src/hosted/style';

/** The error `checkStyle` throws for a style, or undefined. */
const refusal = (style: unknown) => {
  try {
    checkStyle(style);
  } catch (e) {
    return e as ConfigurationError;
  }
  return undefined;
};

describe('checkStyle (the style allowlist)', () => {
  it('takes text and spacing properties in camelCase or CSS form, by state', () => {
    expect(
      checkStyle({
        base: {
          color: '#222',
          fontSize: '16px',
          'font-weight': '600',
          letterSpacing: '0.02em',
          lineHeight: '1.4',
          padding: '4px 8px',
          textAlign: 'center',
        },
        focus: { caretColor: 'rgb(29, 78, 216)' },
        invalid: { color: '#b00020' },
        placeholder: { color: 'hsl(0 0% 50%)' },
        autofill: { WebkitTextFillColor: '#000' },
        valid: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      }),
    ).toEqual({
      base: {
        color: '#222',
        'font-size': '16px',
        'font-weight': '600',
        'letter-spacing': '0.02em',
        'line-height': '1.4',
        padding: '4px 8px',
        'text-align': 'center',
      },
      focus: { 'caret-color': 'rgb(29, 78, 216)' },
      invalid: { color: '#b00020' },
      placeholder: { color: 'hsl(0 0% 50%)' },
      autofill: { '-webkit-text-fill-color': '#000' },
      valid: { 'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    });
    expect(checkStyle(undefined)).toEqual({});
  });

  it.each([
    [{ base: { background: 'red' } }, 'style.base.background'],
    [{ base: { backgroundImage: 'none' } }, 'style.base.backgroundImage'],
    [{ focus: { position: 'fixed' } }, 'style.focus.position'],
    [{ base: { transform: 'scale(40)' } }, 'style.base.transform'],
    [{ base: { width: '100vw' } }, 'style.base.width'],
    [{ base: { content: '"x"' } }, 'style.base.content'],
    [{ base: { cursor: 'url(x.png), auto' } }, 'style.base.cursor'],
    [{ base: { color: 'url(https://evil.example/x)' } }, 'style.base.color'],
    [{ base: { color: 'red; background: url(x)' } }, 'style.base.color'],
    [{ base: { color: 'red}input{background:red' } }, 'style.base.color'],
    [{ base: { color: 'var(--x)' } }, 'style.base.color'],
    [{ base: { color: 'red !important' } }, 'style.base.color'],
    [{ base: { color: '\\75rl(x)' } }, 'style.base.color'],
    [{ base: { color: 5 } }, 'style.base.color'],
    [{ base: { color: 'x'.repeat(101) } }, 'style.base.color'],
    [{ base: { fontFamily: 'Comic Neue, sans-serif' } }, 'style.base.fontFamily'],
    [{ base: { fontFamily: 'image-set("x.png")' } }, 'style.base.fontFamily'],
    [{ hover: { color: 'red' } }, 'style.hover'],
    [{ base: 'color: red' }, 'style.base'],
    ['color: red', 'style'],
  ])('refuses %j with a ConfigurationError naming %s', (style, option) => {
    const e = refusal(style);
    expect(e).toBeInstanceOf(ConfigurationError);
    expect(e!.option).toBe(option);
    expect(e!.message.startsWith(`${option}:`)).toBe(true);
  });
});

describe('styleRules (the frame)', () => {
  it('in the frame keeps each allowed declaration and leaves out each refused one, never throwing', () => {
    expect(
      styleRules({
        base: { color: '#222', fontFamily: 'Comic Neue, sans-serif', background: 'url(x)' },
        hover: { color: 'red' },
        focus: { fontFamily: 'Arial' },
      }),
    ).toEqual({
      base: { color: '#222' },
      focus: { 'font-family': 'Arial' },
    });
    expect(styleRules('color: red')).toEqual({});
    expect(styleRules(undefined)).toEqual({});
  });
});
