/**
 * Gecko adapter: Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi. Each tab is a new
 * browser context (BiDi user context: its own cookies and storage). Firefox's background services are off and
 * every non-loopback connection goes to a local trap (./isolation.ts). Path: FIREFOX_PATH.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { geckoAx } from './accessibility';
import { callSource, contentFrameScope, focusAtEnd, installProbe, type Engine, type Key, type Tab } from './engine';
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

export async function launchFirefox(): Promise<Engine> {
  const trap = await startTrap();
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      extraPrefsFirefox: firefoxPrefs(trap.port),
      args: ['--width=1280', '--height=800'],
    });
  } catch (e) {
    await trap.close();
    throw e;
  }
  return {
    name: 'firefox',
    version: await browser.version(),
    webdriverFlag: true,
    shapes: ['desktop'],
    async newTab() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      return puppeteerTab(page, () => context.close());
    },
    async close() {
      await browser.close();
      await trap.close();
    },
  };
}
