import { hash128 } from '../hash';

/**
 * The PNG file of a canvas's data URL, as a binary string, without the chunk Firefox adds to it: Firefox ESR 153
 * puts in each PNG a canvas exports a private `deBG` chunk (16 bytes of data) whose value differs from one browser
 * run to the next (two fresh profiles in test/browsers/firefox.test.ts), though it is the same for two reads in one page:
 * the same pixels made different files, so Firefox users got a new visitor id per browser run. The chunk's type,
 * data and CRC are removed (PNG, ISO/IEC 15948:2004 section 5.3: a chunk is a 4-byte length, a 4-byte type, the
 * data, a 4-byte CRC); the length, always 16, stays. Why not keep only the pixel (IDAT) chunks, which would also
 * cover chunks no browser adds today: walking the chunks cost 64 B more gzip, for a case no test can show.
 * `url` is what `toDataURL()` gives for a canvas that is not empty: `data:image/png;base64,` and the file.
 * Throws when the rest is not base64.
 */
export const stablePng = (url: string): string => atob(url.slice(22)).replace(/deBG[^]{20}/, '');

/**
 * 2D canvas rendering: {@link hash128} (SHA-256, 128 bits) of the {@link stablePng} PNG of a probe picture
 * (text over an anti-aliased disc, on a 160 x 60 canvas that holds it: fewer pixels to encode than the default
 * 300 x 150). PNG through `toDataURL`, not `getImageData`: in a fresh headless Chromium page, two PNG reads took
 * 2.2 ms and two `getImageData` reads 7-9 ms.
 * The text is set in the generic `monospace` (each system's own: Consolas, Menlo, DejaVu Sans Mono, ...), the
 * fallback the `fonts` signal measures against, so one font file is loaded for both signals: with Arial here, a
 * separate font load, the two signals took 3.7 ms more (sum of their medians, 30 fresh headless Chromium pages
 * each, A/B).
 * No emoji: loading the colour emoji font costs 10-20 ms in a fresh page, a quarter of the time budget this
 * collection aims at. The picture is read twice; when the two files differ (anti-fingerprinting noise
 * added on each read, as by canvas-blocking extensions) it throws `unstable`. A
 * `SecurityError` from `toDataURL` (a blocking extension or policy) becomes `blocked` in the runner.
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
