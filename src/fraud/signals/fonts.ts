/**
 * The probe list: fonts that tell operating systems apart (Windows: Segoe UI; macOS: Helvetica Neue; Linux:
 * DejaVu Sans, Ubuntu; Android: Roboto) and Arial, which Linux lacks or aliases (to Liberation Sans).
 */
export const PROBE_FONTS = ['Arial', 'DejaVu Sans', 'Helvetica Neue', 'Roboto', 'Segoe UI', 'Ubuntu'];

/**
 * Installed fonts of {@link PROBE_FONTS}: a font is there when text set in it, falling back to `monospace`,
 * measures differently from `monospace` alone (every probe font is proportional, `monospace` is not). Canvas
 * text metrics only: no DOM element, no style attribute, nothing downloaded.
 */
export function fonts(): string[] | undefined {
  const x = document.createElement('canvas').getContext('2d');
  if (!x) return;
  const width = (family: string) => ((x.font = `72px ${family},monospace`), x.measureText('mmmmmlli').width);
  const base = width('monospace');
  return PROBE_FONTS.filter((f) => width(`"${f}"`) !== base);
}
