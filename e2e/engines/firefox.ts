/**
 * Gecko adapter: Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi. Each tab is a new
 * browser context (BiDi user context: its own cookies and storage). Firefox's background services are off and
 * every non-loopback connection goes to a local trap (./isolation.ts). Path: FIREFOX_PATH.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { geckoAx } from './accessibility';
import { callSource, contentFrameScope, focusAtEnd, installProbe, VIEWPORT, type Engine, type Key, type Shape, type Tab } from './engine';
import { firefoxPrefs, startTrap } from './isolation';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** A puppeteer page as a {@link Tab}: shared by any puppeteer-driven engine. */
export function puppeteerTab(page: Page, closeAll: () => Promise<void>): Tab {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
      await page.evaluate(callSource(installProbe, []));
    },
    async type(selector, text) {
      await page.evaluate(callSource(focusAtEnd, [selector]));
      await page.keyboard.type(text);
    },
    async press(key: Key) {
      const [mod, k] = key.includes('+') ? (key.split('+') as ['Control' | 'Shift', string]) : [null, key];
      if (mod) await page.keyboard.down(mod);
      await page.keyboard.press(k as 'Tab');
      if (mod) await page.keyboard.up(mod);
    },
    async click(selector) {
      await page.click(selector);
    },
    evaluate: (fn, ...args) => page.evaluate(callSource(fn, args)) as Promise<any>,
    frame: (selector) => contentFrameScope(page, selector, (frame, sel, expected) => geckoAx(page, frame, sel, expected)),
    ax: (selector, expected) => geckoAx(page, null, selector, expected),
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    driver: { kind: 'puppeteer', page },
    driverErrors: () => [...errors],
    close: closeAll,
  };
}

/** Each display's own prefs (a pref is the browser's, not a context's: one more Firefox per display, started when first asked). */
const DISPLAY_PREFS: Partial<Record<Shape, Record<string, string | number>>> = {
  zoom: { 'layout.css.devPixelsPerPx': '2' },
  'forced-colors': { 'browser.display.document_color_use': 2 },
  'reduced-motion': { 'ui.prefersReducedMotion': 1 },
};
/** The tab shapes Firefox takes (see {@link Shape}; no phone). */
const SHAPES: Shape[] = ['desktop', 'narrow', 'zoom', 'forced-colors', 'reduced-motion'];

export async function launchFirefox(): Promise<Engine> {
  const trap = await startTrap();
  const launch = (prefs: Record<string, string | number> = {}) =>
    puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      extraPrefsFirefox: { ...firefoxPrefs(trap.port), ...prefs },
      args: ['--width=1280', '--height=800'],
    });
  let browser: Browser;
  try {
    browser = await launch();
  } catch (e) {
    await trap.close();
    throw e;
  }
  const displays = new Map<Shape, Promise<Browser>>();
  const browserFor = (shape: Shape) => {
    const prefs = DISPLAY_PREFS[shape];
    if (!prefs) return Promise.resolve(browser);
    if (!displays.has(shape)) displays.set(shape, launch(prefs));
    return displays.get(shape)!;
  };
  return {
    name: 'firefox',
    version: await browser.version(),
    webdriverFlag: true,
    shapes: SHAPES,
    async newTab(shape = 'desktop') {
      if (!SHAPES.includes(shape)) throw new Error(`firefox: no ${shape} tab`);
      const context = await (await browserFor(shape)).createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(VIEWPORT[shape]);
      return puppeteerTab(page, () => context.close());
    },
    async close() {
      for (const display of displays.values()) await (await display.catch(() => null))?.close();
      await browser.close();
      await trap.close();
    },
  };
}
