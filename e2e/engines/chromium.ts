/**
 * Chromium adapter: Debian's Chromium, headless, driven by Playwright (playwright-core). Each tab is a new
 * browser context (its own cookies and storage). `phone` is Playwright's device emulation: touch, 390x844 CSS px,
 * device pixel ratio 3, a mobile viewport. Path: CHROMIUM_PATH.
 * The browser's own card autofill is triggered through the DevTools protocol (`Autofill.trigger`).
 */
import { chromium, type Browser } from 'playwright-core';
import { callSource, contentFrameScope, focusAtEnd, installProbe, type Engine, type Key, type Tab } from './engine';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
    shapes: ['desktop', 'phone'],
    async newTab(shape = 'desktop') {
      const context = await browser.newContext(
        shape === 'phone'
          ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
          : { viewport: { width: 1280, height: 800 } },
      );
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
        frame: (selector) => contentFrameScope(page, selector),
        async autofill(frame, input, card) {
          const cdp = await context.newCDPSession(page);
          try {
            type Node = { nodeId: number; backendNodeId: number; frameId?: string; contentDocument?: Node; children?: Node[] };
            const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
            const byId = (n: Node, id: number): Node | undefined =>
              n.nodeId === id
                ? n
                : [...(n.children ?? []), ...(n.contentDocument ? [n.contentDocument] : [])].reduce<Node | undefined>(
                    (f, c) => f ?? byId(c, id),
                    undefined,
                  );
            const iframe = byId(root, (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: frame })).nodeId)!;
            const field = byId(
              root,
              (await cdp.send('DOM.querySelector', { nodeId: iframe.contentDocument!.nodeId, selector: input })).nodeId,
            )!;
            await cdp.send('Autofill.trigger', { fieldId: field.backendNodeId, frameId: iframe.frameId, card });
          } finally {
            await cdp.detach();
          }
        },
        async screenshot(path) {
          await page.screenshot({ path });
        },
        driverErrors: () => [...errors],
        close: () => context.close(),
      };
      return tab;
    },
    close: () => browser.close(),
  };
}
