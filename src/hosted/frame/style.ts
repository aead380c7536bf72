import type { ConfigurationError } from '../../errors/configuration';
import { configError } from '../../errors/configuration';
import { STYLE_SELECTORS, styleRules, type StyleState } from '../style';

/**
 * Applies a merchant style with CSSOM on a constructed stylesheet: no inline `<style>`, so the frame's CSP stays
 * strict. What the allowlist refuses is left out (see `styleRules`).
 *
 * @param doc the frame's document. @param style the `style` option as the page sent it.
 * @param brandFamilies the families of the brand fonts the frame loads (a `font-family` may name them).
 * @returns the first refusal, as a ConfigurationError naming the property (`style.base.background`), or undefined.
 */
export function applyFrameStyle(doc: Document, style: unknown, brandFamilies: readonly string[] = []): ConfigurationError | undefined {
  let refusal: ConfigurationError | undefined;
  const sheet = new CSSStyleSheet();
  for (const [state, properties] of Object.entries(
    styleRules(style, (where, why) => (refusal ??= configError(where, why)), brandFamilies),
  )) {
    try {
      const rule = sheet.cssRules[sheet.insertRule(`${STYLE_SELECTORS[state as StyleState]}{}`, sheet.cssRules.length)] as CSSStyleRule;
      for (const [name, value] of Object.entries(properties)) rule.style.setProperty(name, value);
    } catch {
      /* a selector this engine does not know (`:autofill`) */
    }
  }
  doc.adoptedStyleSheets = [sheet];
  return refusal;
}
