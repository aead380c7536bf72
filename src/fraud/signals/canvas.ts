import { hash128 } from '../hash';

/**
 * Draws the probe picture (text over an anti-aliased disc) and returns its PNG data URL. No emoji: loading the
 * colour emoji font costs 10-20 ms in a fresh page, a quarter of the time budget this collection aims at.
 */
function draw(): string | undefined {
  const c = document.createElement('canvas'); // 300 x 150, the default size
  const x = c.getContext('2d');
  if (!x) return;
  x.arc(50, 30, 25, 0, 7);
  x.fill();
  x.fillStyle = '#f60';
  x.font = '15px Arial';
  x.fillText('Cwm fjordbank glyphs', 2, 25);
  return c.toDataURL();
}

/**
 * 2D canvas rendering: {@link hash128} (SHA-256, 128 bits) of the probe picture's PNG data URL. The picture is drawn twice; when the two
 * differ (anti-fingerprinting noise, as in Brave or Safari's advanced protection) it throws `unstable`. A
 * `SecurityError` from `toDataURL` (a blocking extension or policy) becomes `blocked` in the runner.
 */
export function canvas(): Promise<string> | undefined {
  const a = draw();
  if (a === undefined) return;
  if (a !== draw()) throw 'unstable';
  return hash128(a);
}
