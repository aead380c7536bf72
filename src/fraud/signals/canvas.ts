import { hash128 } from '../hash';

/**
 * The PNG file of a canvas's data URL (`data:image/png;base64,...`), as a binary string, without the private
 * `deBG` chunk Firefox adds to each exported PNG: its 16 bytes change from one browser run to the next, so the same
 * pixels would give a new visitor id per run (PNG, ISO/IEC 15948:2004 section 5.3: length, type, data, CRC; the
 * type, data and CRC go). Throws when the rest is not base64.
 */
export const stablePng = (url: string): string => atob(url.slice(22)).replace(/deBG[^]{20}/, '');

/**
 * 2D canvas rendering: {@link hash128} of the {@link stablePng} PNG of a probe picture (text in the generic
 * `monospace`, the font the `fonts` signal measures against, so one font loads for both; over an anti-aliased disc,
 * on a 160 x 60 canvas). Read through `toDataURL` (faster than `getImageData` in a fresh page) and twice: files that
 * differ (anti-fingerprinting noise) throw `unstable`; a `SecurityError` becomes `blocked` in the runner. No emoji:
 * the colour emoji font is slow to load. The measurements behind these choices are in docs/performance.md.
 */
export function canvas(): Promise<string> | undefined {
  const c = document.createElement('canvas');
  const x = c.getContext('2d');
  if (!x) return;
  c.width = 160;
  c.height = 60;
  x.arc(50, 30, 25, 0, 7);
  x.fill();
  x.fillStyle = '#f60';
  x.font = '15px monospace';
  x.fillText('Cwm fjordbank glyphs', 2, 25);
  const a = stablePng(c.toDataURL());
  if (a !== stablePng(c.toDataURL())) throw 'unstable';
  return hash128(a);
}
