// @vitest-environment happy-dom
/**
 * `impossible_geometry` (src/fraud/geometry.ts): sizes measured from the bench's browsers (docs/device-data.md):
 * people's windows in three engines, a zoomed-out page, a phone; and what the automated set-ups showed.
 */
import { describe, expect, it, vi } from 'vitest';
import { impossibleGeometry } from '../../../src/fraud/geometry';
import { stub } from './helpers';

interface Sizes {
  screen: [number, number, number, number];
  outer: [number, number];
  inner: [number, number];
  touch?: number;
  framed?: boolean;
}

function measured({ screen, outer, inner, touch = 0, framed = false }: Sizes): boolean {
  const [width, height, availWidth, availHeight] = screen;
  vi.stubGlobal('screen', { width, height, availWidth, availHeight });
  stub(window, 'outerWidth', outer[0]);
  stub(window, 'outerHeight', outer[1]);
  stub(window, 'innerWidth', inner[0]);
  stub(window, 'innerHeight', inner[1]);
  stub(navigator, 'maxTouchPoints', touch);
  if (framed) vi.stubGlobal('top', {});
  return impossibleGeometry();
}

describe('impossibleGeometry', () => {
  it.each<[string, Sizes]>([
    ['Chromium, a 1000 x 800 window', { screen: [1280, 1024, 1280, 1024], outer: [1000, 800], inner: [1000, 657] }],
    ['Firefox', { screen: [1280, 1024, 1280, 1024], outer: [1152, 921], inner: [1152, 836] }],
    ['WebKit', { screen: [1280, 1024, 1280, 1024], outer: [1024, 768], inner: [1024, 730] }],
    ['a narrow 390 px window', { screen: [1280, 1024, 1280, 1024], outer: [390, 844], inner: [390, 757] }],
    [
      'Windows, maximized (outer 16 px over the available area)',
      { screen: [1536, 864, 1536, 816], outer: [1552, 832], inner: [1536, 730] },
    ],
    ['fullscreen (F11)', { screen: [1920, 1080, 1920, 1040], outer: [1920, 1080], inner: [1920, 1080] }],
    [
      'a page zoomed out to 80% (the viewport larger both ways)',
      { screen: [1920, 1080, 1920, 1040], outer: [1280, 800], inner: [1600, 870] },
    ],
    [
      'a phone (its viewport follows toolbars and keyboard)',
      { screen: [390, 844, 390, 844], outer: [390, 664], inner: [390, 700], touch: 5 },
    ],
    ['an 800 x 600 viewport in a window just its size', { screen: [1280, 1024, 1280, 1024], outer: [800, 720], inner: [800, 600] }],
    [
      'a frame (the hosted fields) taller than the window',
      { screen: [1280, 1024, 1280, 1024], outer: [1000, 800], inner: [400, 1200], framed: true },
    ],
  ])("a person's browser, %s: possible", (_what, sizes) => {
    expect(measured(sizes)).toBe(false);
  });

  it.each<[string, Sizes]>([
    ['headless Chromium (800 x 600 screen, all of it available)', { screen: [800, 600, 800, 600], outer: [780, 580], inner: [800, 600] }],
    ['the same screen seen from a frame', { screen: [800, 600, 800, 600], outer: [780, 580], inner: [300, 50], framed: true }],
    [
      'fingerprint injection: a viewport taller than the window, not wider',
      { screen: [1536, 864, 1536, 816], outer: [1548, 828], inner: [1536, 864] },
    ],
    [
      "Puppeteer's default 800 x 600 viewport in a 1050 x 1004 window",
      { screen: [1280, 1024, 1280, 1024], outer: [1050, 1004], inner: [800, 600] },
    ],
  ])('%s: impossible', (_what, sizes) => {
    expect(measured(sizes)).toBe(true);
  });
});
