import type { AutomationFlag } from './types';

/**
 * Names of globals and document properties that automation tools leave behind (after FingerprintJS BotD's
 * detectors): ChromeDriver's `cdc_...` (on window) and `$cdc_...` (on document); `_` or `__` followed by
 * webdriver, fxdriver, driver, selenium, playwright or puppeteer (`__webdriver_evaluate`, `__selenium_unwrapped`,
 * `__fxdriver_unwrapped`, `__playwright_*`, ...); Playwright's `__pwInitScripts`; `domAutomation` and
 * `domAutomationController`. (PhantomJS, no longer maintained, is left to the `headless_ua` flag.)
 *
 * The tools assign these (ChromeDriver's injected script, CDP `Runtime.addBinding`), so they are enumerable, and
 * `Object.keys` (about 240 names on a page, 0.4 ms) finds them without `getOwnPropertyNames` (1200 names with
 * every Web IDL interface, 2.2 ms in a fresh headless Chromium page).
 */
export const AUTOMATION_NAMES = /^(\$?cdc_|__?(\w*driver|selenium|playwright|puppeteer|pwInit)|domAutomation)/i;

/**
 * Whether `name` is an automation global: a name of {@link AUTOMATION_NAMES}, or, on `window`, a data property
 * holding a native function without a name. That is what the DevTools protocol's `Runtime.addBinding` installs
 * (drivers patched to hide their traces give their bindings random names, `hhqmnapf4pza`); the browser's own
 * functions on `window` all have names, and a page's anonymous functions are not native. Read through the property
 * descriptor, so no getter runs (some log deprecation warnings).
 */
export const automationGlobal = (name: string, on: object = window): boolean => {
  const value = Object.getOwnPropertyDescriptor(on, name)?.value as unknown;
  return (
    AUTOMATION_NAMES.test(name) ||
    (on === window && typeof value === 'function' && !value.name && /\[native code\]/.test(Function.prototype.toString.call(value)))
  );
};

/** Each flag and its test; a test that throws counts as not flagged. */
export const CHECKS: [AutomationFlag, () => unknown][] = [
  ['webdriver', () => navigator.webdriver],
  ['headless_ua', () => /HeadlessChrome|PhantomJS|Electron/.test(navigator.userAgent)],
  ['zero_outer_size', () => !outerWidth && !outerHeight],
  ['languages', () => navigator.languages[0] !== navigator.language],
  [
    'automation_globals',
    () => Object.keys(window).some((n) => automationGlobal(n)) || Object.keys(document).some((n) => automationGlobal(n, document)),
  ],
];

/** The flags of `checks` whose test holds; a test that throws does not flag. */
export const flagsOf = <F>(checks: [F, () => unknown][]): F[] =>
  checks
    .filter(([, test]) => {
      try {
        return !!test();
      } catch {
        return false;
      }
    })
    .map(([flag]) => flag);

/**
 * The automation flags of this page (see {@link AutomationFlag}): signs that a script, not a person, drives the
 * browser. Never throws: a check that throws is not flagged. Flags are evidence for the server's rules, not a
 * verdict; a real browser has none of them.
 */
export const automationFlags = (): AutomationFlag[] => flagsOf(CHECKS);
