/**
 * `impossible_geometry`: screen, window and viewport sizes that no desktop browser reports together:
 * - a screen of exactly 800 x 600 with all of it available (headless Chromium's default screen, no taskbar);
 * - in a top-level page on a device without a touch screen:
 *   - a viewport taller than the window but not wider (`innerHeight > outerHeight`, `innerWidth <= outerWidth`: a
 *     viewport or window size set apart from the other, as fingerprint injection does; a page zoomed out makes
 *     the viewport larger in both directions);
 *   - a viewport of exactly 800 x 600 (Puppeteer's default emulated viewport) in a window more than 100 px wider or
 *     200 px taller, more than toolbars and a docked panel leave by chance.
 * In a frame (the hosted fields) only the screen is checked: a frame's viewport is the iframe, not the window.
 * False-positive risk: low. A Chromium browser zoomed out to 90% or less with a wide side panel or vertical tabs
 * open, whose viewport then grows taller than the window but not wider; a virtual machine at 800 x 600 without a
 * desktop panel. Phones and tablets are not checked (their viewports follow the on-screen keyboard and toolbars).
 */
export function impossibleGeometry(): boolean {
  const { width, height, availWidth, availHeight } = screen;
  if (width === 800 && height === 600 && availWidth === 800 && availHeight === 600) return true;
  if (self !== top || navigator.maxTouchPoints) return false;
  const emulated = innerWidth === 800 && innerHeight === 600 && (outerWidth > 900 || outerHeight > 800);
  return emulated || (innerHeight > outerHeight && innerWidth <= outerWidth);
}
