/**
 * Chromium adapter: Debian's Chromium, headless, driven by Playwright (playwright-core). Each tab is a new
 * browser context (its own cookies and storage). `phone` is Playwright's device emulation: touch, 390x844 CSS px,
 * device pixel ratio 3, a mobile viewport. Path: CHROMIUM_PATH.
 * The browser's own card autofill is triggered through the DevTools protocol (`Autofill.trigger`).
 */
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { triggerAutofill } from '../autofill';
import { chromiumAx } from './accessibility';
import { callSource, contentFrameScope, focusAtEnd, installProbe, VIEWPORT, type Engine, type Key, type Shape, type Tab } from './engine';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What each tab shape's browser context adds to its viewport ({@link VIEWPORT}). */
const CONTEXTS: Record<Shape, Omit<BrowserContextOptions, 'viewport'>> = {
  desktop: {},
  phone: { deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  narrow: {},
  zoom: { deviceScaleFactor: 2 },
  'forced-colors': { forcedColors: 'active' },
  'reduced-motion': { reducedMotion: 'reduce' },
};

export async function launchChromium(): Promise<Engine> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    webdriverFlag: true,
    shapes: Object.keys(CONTEXTS) as Shape[],
    async newTab(shape = 'desktop') {
      const context = await browser.newContext({ viewport: VIEWPORT[shape], ...CONTEXTS[shape] });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      const tab: Tab = {
        async goto(url) {
          await page.goto(url, { waitUntil: 'load' });
          await page.evaluate(callSource(installProbe, []));
        },
        async type(selector, text) {
          await page.evaluate(callSource(focusAtEnd, [selector]));
          await page.keyboard.type(text);
        },
        press: (key: Key) => page.keyboard.press(key),
        async click(selector) {
          if (shape === 'phone') await page.tap(selector);
          else await page.click(selector);
        },
        evaluate: (fn, ...args) => page.evaluate(callSource(fn, args)) as Promise<any>,
        frame: (selector) => contentFrameScope(page, selector, (frame, sel) => chromiumAx(page, frame, sel)),
        ax: (selector) => chromiumAx(page, null, selector),
        autofill: (frame, input, card) => triggerAutofill(context, page, frame, input, card),
        async screenshot(path) {
          await page.screenshot({ path });
        },
        driver: { kind: 'playwright', page },
        driverErrors: () => [...errors],
        close: () => context.close(),
      };
      return tab;
    },
    close: () => browser.close(),
  };
}
