/**
 * The probe list: fonts that tell operating systems and their variants apart (Windows: Segoe UI; macOS: Helvetica
 * Neue; Linux: DejaVu Sans, Ubuntu; Android: Roboto). Not Arial, though it was a probe: every desktop system has it
 * or an alias of it (Liberation Sans on Linux, Roboto on Android), so it told little, and each installed probe font
 * costs a font file load (1-3 ms in a fresh headless Chromium page) on top of the lookup (about 1 ms) a missing one
 * costs.
 */
export const PROBE_FONTS = ['DejaVu Sans', 'Helvetica Neue', 'Roboto', 'Segoe UI', 'Ubuntu'];

/**
 * Installed fonts of {@link PROBE_FONTS}: a font is there when text set in it, falling back to `monospace`,
 * measures differently from `monospace` alone (every probe font is proportional, `monospace` is not). Canvas
 * text metrics only: no DOM element, no style attribute, nothing downloaded. The `canvas` signal draws its text in
 * `monospace` too, so the page loads that font once for both.
 */
export function fonts(): string[] | undefined {
  const x = document.createElement('canvas').getContext('2d');
  if (!x) return;
  const width = (family: string) => {
    x.font = `72px ${family},monospace`;
    return x.measureText('mmmmmlli').width;
  };
  const base = width('monospace');
  return PROBE_FONTS.filter((f) => width(`"${f}"`) !== base);
}
