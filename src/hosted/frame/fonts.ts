import type { FontSource } from '../protocol';

/** At most this many brand fonts per mount. */
export const MAX_FONTS = 4;
/** A font file: an https URL of a `.woff2` or `.woff` file (a query is allowed, a fragment is not). */
const FONT_FILE = /^https:\/\/[^/?#\s]+\/[^?#\s]*\.woff2?(\?[^#\s]*)?$/i;
/** A family name: letters, digits, spaces and hyphens (it goes into CSS as a name, never as code). */
const FAMILY = /^[\p{L}\p{N} -]{1,64}$/u;
const WEIGHT = /^(normal|bold|[1-9]00)$/;
const STYLE = /^(normal|italic)$/;

/**
 * The `fonts` option as the frame reads it: at most {@link MAX_FONTS} entries, each with a `family` name, an https
 * `src` of a woff2/woff file, and optionally a `weight` and `style`. A refused entry is left out and given to
 * `refuse(place, why)` (`fonts[1].src`, `https URL of a .woff2 or .woff file`).
 *
 * @param fonts the option as sent (anything). @param refuse called for each refusal.
 * @returns the accepted entries.
 */
export function checkFonts(fonts: unknown, refuse: (where: string, why: string) => void): FontSource[] {
  if (fonts === undefined) return [];
  if (!Array.isArray(fonts) || fonts.length > MAX_FONTS) {
    refuse('fonts', `a list of at most ${MAX_FONTS} fonts`);
    return [];
  }
  return fonts.filter((font: Partial<FontSource> | null, i) => {
    const place = `fonts[${i}]`;
    const why =
      !font || typeof font !== 'object'
        ? [place, 'an object with family and src']
        : !FAMILY.test(String(font.family))
          ? [`${place}.family`, 'letters, digits, spaces and hyphens']
          : !FONT_FILE.test(String(font.src))
            ? [`${place}.src`, 'an https URL of a .woff2 or .woff file']
            : font.weight !== undefined && !WEIGHT.test(String(font.weight))
              ? [`${place}.weight`, 'normal, bold or 100-900']
              : font.style !== undefined && !STYLE.test(String(font.style))
                ? [`${place}.style`, 'normal or italic']
                : undefined;
    if (why) refuse(why[0]!, why[1]!);
    return !why;
  });
}

/**
 * Loads each font whole with the FontFace API (no `unicode-range`: the whole file, so which glyphs are typed
 * loads nothing later) and adds it to the frame's document; waits for all of them.
 *
 * @param doc the frame's document. @param fonts checked entries (see {@link checkFonts}).
 * @returns the families that failed to load (the inputs fall back to the system stack for them).
 */
export async function loadFonts(doc: Document, fonts: readonly FontSource[]): Promise<string[]> {
  const results = await Promise.all(
    fonts.map(async (font) => {
      try {
        const face = new FontFace(font.family, `url("${font.src}")`, { weight: font.weight ?? 'normal', style: font.style ?? 'normal' });
        doc.fonts.add(await face.load());
        return '';
      } catch {
        return font.family;
      }
    }),
  );
  return results.filter(Boolean);
}
