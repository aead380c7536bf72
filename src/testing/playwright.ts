/**
 * `paytoken/testing/playwright`: the test helpers for a Playwright `Page` (`@playwright/test`, `playwright` or
 * `playwright-core`), in Chromium, Firefox and WebKit. The same helpers as `paytoken/testing/puppeteer` (both
 * drivers name what the helpers use the same: src/testing/devtools.ts). docs/testing.md.
 */
export { completeThreeDSecure, fillCard, type DevtoolsFrame, type DevtoolsPage } from './devtools';
export { FillCardError, type CardToFill, type CompleteOptions, type FillCardOptions, type ThreeDSecureAnswer } from './fill';
