/**
 * The one interface the cross-engine scenarios are written against (e2e/engines/scenarios/), and the helpers built
 * on it. Each engine implements it in a thin adapter: Chromium with Playwright (chromium.ts), Gecko with
 * puppeteer-core over WebDriver BiDi (firefox.ts), WebKit with W3C WebDriver over plain HTTP (webkit.ts).
 *
 * Everything a scenario observes goes through means every engine has: key events sent by the driver, the page's
 * own DOM read by a script, and a page-side probe (installed after each load) that records CSP violations,
 * errors and the URLs the page fetched (PerformanceObserver). Requests are checked on the servers' side (the
 * sandbox's and the merchant's request logs), so no engine needs network interception.
 */

import type { AxExpected, AxReading } from './accessibility';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** Keys a scenario may press: one key, or a modifier and a key (`Control+v`, `Shift+ArrowLeft`). */
export type Key =
  | 'Tab'
  | 'Enter'
  | 'Backspace'
  | 'Delete'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'Home'
  | 'End'
  | 'Control+a'
  | 'Control+c'
  | 'Control+v'
  | 'Control+x'
  | 'Control+Backspace'
  | 'Shift+ArrowLeft'
  | 'Shift+ArrowRight'
  | 'Shift+Tab';

/**
 * The shape and display of a new tab: a desktop window (1280x800), a phone (Chromium: emulated touch device; WebKit:
 * phone-sized window), or one of the displays of WCAG 2.2's 1.4.10, 1.4.4 and forced colours:
 * - `narrow`: a viewport 320 CSS px wide (1.4.10 reflow). WebKit: MiniBrowser's narrowest window, 447 CSS px.
 * - `zoom`: the page zoomed 200% in a 1280x800 window (1.4.4), that is a 640x400 CSS px viewport at device pixel
 *   ratio 2 (Chromium: the context's scale factor; Firefox: `layout.css.devPixelsPerPx` 2). WebKit: a 640 px window
 *   at ratio 1 (its driver sets no zoom): the same layout, not the same pixels.
 * - `forced-colors`: `(forced-colors: active)` (Chromium: emulated; Firefox: `browser.display.document_color_use`
 *   2, "override the page's colours: always"). WebKitGTK has no forced-colours mode.
 * - `reduced-motion`: a desktop window whose shopper asked for less motion, `(prefers-reduced-motion: reduce)`
 *   (2.3.3): Chromium emulates it; Firefox's pref `ui.prefersReducedMotion` 1; WebKitGTK follows GTK's
 *   `gtk-enable-animations` off (a `settings.ini` of its own).
 */
export type Shape = 'desktop' | 'phone' | 'narrow' | 'zoom' | 'forced-colors' | 'reduced-motion';

/** The CSS px viewport (WebKit: the window) each {@link Shape} asks for; each engine takes the shapes it can show. */
export const VIEWPORT: Record<Shape, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  narrow: { width: 320, height: 640 },
  zoom: { width: 640, height: 400 },
  'forced-colors': { width: 1280, height: 800 },
  'reduced-motion': { width: 1280, height: 800 },
};

/** A document a scenario reads and types into: the page itself ({@link Tab}) or one of its iframes (`Tab.frame`). */
export interface Scope {
  /**
   * Types `text` as key events into the element `selector`: focused first (caret at the end) unless it already has
   * focus, in which case the caret stays where the shopper left it.
   */
  type(selector: string, text: string): Promise<void>;
  /**
   * Runs `fn(...args)` in the document and returns its (awaited, JSON-serialisable) result. `fn` is sent as source
   * text: it must not use anything from its closure.
   */
  evaluate<T>(fn: (...args: any[]) => T | Promise<T>, ...args: unknown[]): Promise<T>;
  /**
   * What the engine's own accessibility tree says of the element `selector`, through its driver (./accessibility.ts):
   * `expected` is the role and name the scenario expects (Gecko's driver can only find by them).
   */
  ax(selector: string, expected: AxExpected): Promise<AxReading>;
}

/** A card saved in the browser, for its autofill (`Tab.autofill`); the expiry year has four digits. */
export interface SavedCard {
  number: string;
  name: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
}

/** {@link Tab.driver}: which driver runs the tab, and its handle. */
export type TabDriver =
  | { kind: 'playwright'; page: import('playwright-core').Page }
  | { kind: 'puppeteer'; page: import('puppeteer-core').Page }
  | { kind: 'webdriver'; url: string; sessionId: string; capabilities: Record<string, unknown> };

/** A page in a fresh browser profile. */
export interface Tab extends Scope {
  /** Navigates and waits for the load event, then installs the probe. */
  goto(url: string): Promise<void>;
  /** Presses a key (key down and up) on the focused element. */
  press(key: Key): Promise<void>;
  /** Clicks the element `selector` (scrolled into view). */
  click(selector: string): Promise<void>;
  /**
   * The document inside the iframe `selector` of the page (a hosted field's frame, of another origin), found anew
   * at each call (so it follows reloads and remounts). Its `type` leaves the focus where it is when the page's
   * active element is that iframe and the frame's is the element; else it focuses the element (`focusAtEnd`
   * there, forced; WebKit: a click on it first), and sends the keys as `press` does, to whatever has focus. Playwright and puppeteer: the iframe element's content frame; WebDriver: `POST
   * /session/{id}/frame` with the element, and back to the top-level document after each call.
   */
  frame(selector: string): Scope;
  /**
   * The browser's own autofill of a saved card, started from the element `input` inside the iframe `frame`, as a
   * shopper who picks the card in the autofill dropdown there; the browser then fills what its rules let it, in
   * that frame, the page and the other frames. Only where a driver can trigger it: Chromium (DevTools protocol
   * `Autofill.trigger`, Chrome's autofill manager itself). Absent in Gecko and WebKit: neither WebDriver BiDi nor
   * WebKitWebDriver can start the browser's autofill, and WebKitGTK's MiniBrowser has no card autofill at all.
   */
  autofill?(frame: string, input: string, card: SavedCard): Promise<void>;
  /** Saves a PNG of the viewport. */
  screenshot(path: string): Promise<void>;
  /** Console errors and uncaught page errors the driver itself saw (engines whose driver reports them; else []). */
  driverErrors(): string[];
  /**
   * The driver's own handle on this tab, for code written against a driver rather than this interface
   * (`paytoken/testing`'s modules): Playwright's or puppeteer's `Page`, or the WebDriver server and session.
   */
  driver: TabDriver;
  close(): Promise<void>;
}

/** What {@link contentFrameScope} needs of a Playwright or puppeteer page: element query, evaluation of source text, keys. */
interface DevtoolsPage {
  $(selector: string): Promise<{ contentFrame(): Promise<{ evaluate(source: string): Promise<unknown> } | null> } | null>;
  evaluate(source: string): Promise<unknown>;
  keyboard: { type(text: string): Promise<void> };
}

/**
 * `Tab.frame` for the engines driven over a DevTools-style protocol (Playwright in Chromium, puppeteer in Firefox):
 * the iframe element's content frame, found anew at each call; `type` focuses the element unless the page's active
 * element is that iframe and the frame's is the element, then types with the page's keyboard.
 */
export function contentFrameScope(
  page: DevtoolsPage,
  selector: string,
  ax: (frame: string, sel: string, expected: AxExpected) => Promise<AxReading>,
): Scope {
  const frame = async () => (await (await page.$(selector))?.contentFrame()) ?? Promise.reject(new Error(`no frame ${selector}`));
  return {
    async type(sel, text) {
      const f = await frame();
      if (!((await page.evaluate(callSource(isActive, [selector]))) && (await f.evaluate(callSource(isActive, [sel])))))
        await f.evaluate(callSource(focusAtEnd, [sel, true]));
      await page.keyboard.type(text);
    },
    evaluate: async (fn, ...args) => (await frame()).evaluate(callSource(fn, args)) as Promise<any>,
    ax: (sel, expected) => ax(selector, sel, expected),
  };
}

/** A running browser of one engine. */
export interface Engine {
  name: EngineName;
  /** Browser and engine version, as the browser reports it. */
  version: string;
  /** Whether the driver sets `navigator.webdriver` (the one automation sign a real driven browser shows). */
  webdriverFlag: boolean;
  /** Which shapes this engine can take (every engine: desktop). */
  shapes: Shape[];
  /** Opens a tab in a fresh profile (no cookies, no storage): a new browser context, or a new browser. */
  newTab(shape?: Shape): Promise<Tab>;
  close(): Promise<void>;
}

/** What the probe recorded in the current document. */
export interface Probe {
  csp: string[];
  errors: string[];
  /** URLs of every resource the document loaded or fetched (PerformanceObserver, buffered: from the start). */
  resources: string[];
}

/**
 * Installs the probe in the current document (idempotent): a `securitypolicyviolation` listener, `error` and
 * `unhandledrejection` listeners, a wrapper of `console.error`, a buffered PerformanceObserver of resources, and
 * a buffered ReportingObserver of CSP violations where the engine has one (Chromium also reports there the
 * violations from before the probe was installed, as in a hosted field's frame that started before the driver
 * could reach it; Firefox ESR 153 and WebKitGTK 2.50 do not; a violation after it counts twice, which changes no
 * "zero violations" check).
 * Uses no HTML or script sink (the pages run with Trusted Types required).
 */
export function installProbe(): void {
  const w = window as unknown as { __paytokenProbe?: { csp: string[]; errors: string[]; resources: string[] } };
  if (w.__paytokenProbe) return;
  const p = (w.__paytokenProbe = { csp: [] as string[], errors: [] as string[], resources: [] as string[] });
  document.addEventListener('securitypolicyviolation', (e) => p.csp.push(`${e.violatedDirective} ${e.blockedURI}`), true);
  addEventListener('error', (e) => p.errors.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => p.errors.push(String(e.reason)));
  const error = console.error;
  console.error = (...a: unknown[]) => {
    p.errors.push(a.map(String).join(' '));
    error.apply(console, a);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) p.resources.push(e.name);
  }).observe({ type: 'resource', buffered: true });
  for (const e of performance.getEntriesByType('navigation')) p.resources.push(e.name);
  // violations from before the probe (a frame's start-up): the buffered reports, where the engine has them
  if (typeof ReportingObserver === 'function') {
    new ReportingObserver(
      (reports) => {
        for (const r of reports) {
          const b = r.body as unknown as { effectiveDirective?: string; blockedURL?: string };
          p.csp.push(`${b.effectiveDirective} ${b.blockedURL} (report)`);
        }
      },
      { types: ['csp-violation'], buffered: true },
    ).observe();
  }
}

/** The probe's records in the current document (installing it first if a navigation replaced the document). */
export async function probe(tab: Scope): Promise<Probe> {
  await tab.evaluate(installProbe);
  return tab.evaluate(() => {
    const p = (window as unknown as { __paytokenProbe: { csp: string[]; errors: string[]; resources: string[] } }).__paytokenProbe;
    return { csp: [...p.csp], errors: [...p.errors], resources: [...new Set(p.resources)] };
  });
}

/**
 * Focuses the element `selector` with the caret at the end of its value, unless it already has focus (or `force`:
 * in an iframe, whose `activeElement` stays its input after the shopper has moved on to the page or another frame).
 * Inputs without a text selection (`type="email"`, `"number"`) are focused only (the caret is theirs).
 */
export function focusAtEnd(selector: string, force = false): void {
  const el = document.querySelector<HTMLInputElement>(selector)!;
  if (!force && document.activeElement === el) return;
  el.focus();
  if (el.selectionStart !== null) el.setSelectionRange(el.value.length, el.value.length);
}

/** Whether the element `selector` is its document's active element (for an iframe: the frame holds the focus). */
export const isActive = (selector: string): boolean => document.activeElement === document.querySelector(selector);

/** The source of `fn` called with `args` as JSON: the one way every adapter sends a script. */
export const callSource = (fn: (...args: any[]) => unknown, args: unknown[]): string => `(${fn.toString()})(...${JSON.stringify(args)})`;

/**
 * Polls `fn(...args)` in the page every 50 ms until it returns a truthy value (returned), across navigations
 * (an evaluation that fails while a document is replaced is retried). Throws after `timeoutMs` with `what` and the
 * last error.
 */
export async function waitFor<T>(
  tab: Scope,
  what: string,
  fn: (...args: any[]) => T | Promise<T>,
  args: unknown[] = [],
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await tab.evaluate(fn, ...args);
      if (v) return v;
      last = v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until `selector` exists and its text content (trimmed) matches `text`; returns that text. */
export const waitForText = (tab: Scope, selector: string, text: string | RegExp, timeoutMs?: number): Promise<string> =>
  waitFor(
    tab,
    `${selector} to read ${String(text)}`,
    (sel: string, src: string, flags: string, exact: string | null) => {
      const t = document.querySelector(sel)?.textContent?.trim();
      if (t == null) return null;
      return (exact != null ? t === exact : new RegExp(src, flags).test(t)) ? t : null;
    },
    [selector, text instanceof RegExp ? text.source : '', text instanceof RegExp ? text.flags : '', typeof text === 'string' ? text : null],
    timeoutMs,
  ) as Promise<string>;

/**
 * The value of the input `selector` and its caret (selectionStart), whether it is its document's active element
 * (`focused`; in a frame, the shopper's keys go there when the page's active element is that iframe too),
 * `aria-invalid`, and the text of what `aria-describedby` names.
 */
export const field = (tab: Scope, selector: string) =>
  tab.evaluate((sel: string) => {
    const el = document.querySelector<HTMLInputElement>(sel)!;
    return {
      value: el.value,
      caret: el.selectionStart,
      focused: document.activeElement === el,
      invalid: el.getAttribute('aria-invalid'),
      description: describedBy(el),
    };
    function describedBy(e: HTMLElement) {
      return (e.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .filter(Boolean)
        .join(' ');
    }
  }, selector);
