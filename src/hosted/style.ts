import { configError } from '../errors/configuration';

/**
 * The `style` option of hosted fields: CSS for the input inside each frame, by state. `base` always applies;
 * `focus`, `invalid`, `valid`, `placeholder` (the placeholder text) and `autofill` (a value the browser filled)
 * apply on top. Property names in camelCase (`fontSize`) or CSS form (`font-size`); values as CSS text.
 *
 * @example { base: { color: '#222', fontSize: '16px', fontFamily: 'system-ui, sans-serif' }, invalid: { color: '#b00020' } }
 */
export type FieldsStyle = Partial<Record<StyleState, Record<string, string>>>;

/** The states a style can target. */
export type StyleState = 'base' | 'focus' | 'invalid' | 'valid' | 'placeholder' | 'autofill';

/** The selector of each state inside the frame. */
export const STYLE_SELECTORS: Readonly<Record<StyleState, string>> = {
  base: 'input',
  focus: 'input:focus',
  invalid: 'input[aria-invalid=true]',
  valid: 'input.valid',
  placeholder: 'input::placeholder',
  autofill: 'input:autofill',
};

/**
 * CSS properties a style may set: text and spacing only. Nothing that loads content (no `background`, `url()`,
 * `content`, `cursor`, `mask`, `filter`, `border-image`) and nothing that moves or resizes the frame's content
 * over the page (no `position`, `transform`, `width`, `height`, `margin`, `display`): `color`, `caret-color`,
 * `opacity`, `font-family`, `font-size`, `font-style`, `font-variant`, `font-weight`, `letter-spacing`,
 * `line-height`, `padding` and its four sides, `text-align`, `text-decoration`, `text-shadow`, `text-transform`,
 * `word-spacing`, `-webkit-text-fill-color`, `transition`.
 */
export const STYLE_PROPERTIES =
  /^(color|caret-color|opacity|font-(family|size|style|variant|weight)|letter-spacing|line-height|padding(-(top|right|bottom|left))?|text-(align|decoration|shadow|transform)|word-spacing|-webkit-text-fill-color|transition)$/;

/**
 * Font families a style may name: the generic families and fonts that ship with the major systems (a web font
 * would have to be loaded, which the frame's CSP forbids): `system-ui`, `-apple-system`, `BlinkMacSystemFont`,
 * `Segoe UI`, `Roboto`, `Helvetica Neue`, `Helvetica`, `Arial`, `Noto Sans`, `Ubuntu`, `Cantarell`,
 * `Liberation Sans`/`Mono`, `DejaVu Sans`/`Sans Mono`, `Georgia`, `Times New Roman`, `Times`, `Courier New`,
 * `Courier`, `Menlo`, `Monaco`, `Consolas`, `SF Mono`, and the generic `sans-serif`, `serif`, `monospace`,
 * `cursive`, `ui-sans-serif`, `ui-serif`, `ui-monospace`, `ui-rounded`. Case-insensitive, quoted or not.
 */
export const SYSTEM_FONTS =
  /^(system-ui|-apple-system|blinkmacsystemfont|segoe ui|roboto|helvetica( neue)?|arial|noto sans|ubuntu|cantarell|(liberation|dejavu) (sans|mono)|dejavu sans mono|georgia|times( new roman)?|courier( new)?|menlo|monaco|consolas|sf mono|(ui-)?(sans-serif|serif|monospace)|cursive|ui-rounded)$/;

/** camelCase to CSS form: `fontSize` -> `font-size`, `WebkitTextFillColor` -> `-webkit-text-fill-color`. */
const kebab = (p: string) => p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^webkit-/, '-webkit-');

/** The states of {@link STYLE_SELECTORS}, as the merchant page checks them (without the frame's selectors). */
const STATES = /^(base|focus|invalid|valid|placeholder|autofill)$/;

/** What a value may not hold: anything that could load content or leave the declaration. */
const REFUSED_VALUE = /url\(|image(-set)?\(|element\(|var\(|expression\(|[\\;{}<@!]/i;

/**
 * Whether a `font-family` value names only fonts of {@link SYSTEM_FONTS} or of `brandFamilies` (the `fonts`
 * option's families; case-insensitive, quoted or not).
 */
const fontsAllowed = (brandFamilies: readonly string[]) => (value: string) =>
  value.split(',').every((f) => {
    const name = f
      .trim()
      .replace(/^["']|["']$/g, '')
      .toLowerCase();
    return SYSTEM_FONTS.test(name) || brandFamilies.some((family) => family.toLowerCase() === name);
  });
const systemFonts = /* @__PURE__ */ fontsAllowed([]);

const thrower = (where: string, why: string) => {
  throw configError(where, why);
};

/**
 * Walks a `style` option: returns its allowed declarations with CSS property names, calls `refuse(place, why)`
 * for each refused place (a state, or a declaration: `style.base.backgroundImage`) and leaves that place out;
 * `fonts`, when given, must accept a `font-family` value.
 */
function walk(
  style: unknown,
  refuse: (where: string, why: string) => void,
  fonts?: (value: string) => boolean,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  if (style === undefined) return out;
  if (!style || typeof style !== 'object') return (refuse('style', 'an object of states'), out);
  for (const [state, props] of Object.entries(style)) {
    if (!STATES.test(state) || !props || typeof props !== 'object') {
      refuse(`style.${state}`, 'not a state with an object of CSS properties');
      continue;
    }
    const rules: Record<string, string> = (out[state] = {});
    for (const [name, value] of Object.entries(props as object)) {
      const prop = kebab(name);
      if (
        !STYLE_PROPERTIES.test(prop) ||
        typeof value !== 'string' ||
        value.length > 100 ||
        REFUSED_VALUE.test(value) ||
        (fonts && prop === 'font-family' && !fonts(value))
      ) {
        refuse(`style.${state}.${name}`, 'not in the allowlist');
      } else rules[prop] = value;
    }
  }
  return out;
}

/**
 * Checks a `style` option and returns it with CSS property names.
 *
 * Refused, each with a ConfigurationError whose `option` names the place (`style.base.backgroundImage`): a state
 * other than `StyleState` (base, focus, invalid, valid, placeholder, autofill); a property not in
 * `STYLE_PROPERTIES` (src/hosted/style.ts); a value that is not a string of at most 100 characters, or holds
 * anything that could load content or leave the declaration (`url(`, `image(`, `image-set(`, `element(`, `var(`, `expression(`, `\`, `;`, `{`, `}`, `<`, `@`, `!`); a `font-family` naming
 * a font outside `SYSTEM_FONTS` (src/hosted/style.ts).
 *
 * @param style the option as given (anything; not an object is refused).
 * @returns `{state: {css-property: value}}`.
 * @throws ConfigurationError as above.
 */
export const checkStyle = (style: unknown): Record<string, Record<string, string>> => walk(style, thrower, systemFonts);

/**
 * The frame's reading of the style it was sent: the declarations {@link checkStyle} allows, each refused state or
 * declaration left out and given to `refuse(place, why)` (the frame reports the first to the merchant page); a
 * `font-family` may also name the families of the `fonts` it loaded (`brandFamilies`). Never throws (unless
 * `refuse` does).
 */
export const styleRules = (
  style: unknown,
  refuse: (where: string, why: string) => void = () => {},
  brandFamilies: readonly string[] = [],
): Record<string, Record<string, string>> => walk(style, refuse, fontsAllowed(brandFamilies));
