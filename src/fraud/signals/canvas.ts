import { hash128 } from '../hash';

/**
 * 2D canvas rendering: {@link hash128} (SHA-256, 128 bits) of the PNG data URL of a probe picture (text over an
 * anti-aliased disc, on a 160 x 60 canvas that holds it: fewer pixels to encode than the default 300 x 150).
 * The text is set in the generic `monospace` (each system's own: Consolas, Menlo, DejaVu Sans Mono, ...), the
 * fallback the `fonts` signal measures against, so one font file is loaded for both signals: with Arial here, a
 * separate font load, the two signals took 3.7 ms more (sum of their medians, 30 fresh headless Chromium pages
 * each, A/B).
 * No emoji: loading the colour emoji font costs 10-20 ms in a fresh page, a quarter of the time budget this
 * collection aims at. The picture is read twice; when the reads differ (anti-fingerprinting noise added on
 * each read, as by canvas-blocking extensions) it throws `unstable`. A
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
  const a = c.toDataURL();
  if (a !== c.toDataURL()) throw 'unstable';
  return hash128(a);
}
