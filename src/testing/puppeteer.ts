/**
 * `paytoken/testing/puppeteer`: the test helpers for a puppeteer `Page` (`puppeteer` or `puppeteer-core`; CDP or
 * WebDriver BiDi), in Chrome and Firefox. The same helpers as `paytoken/testing/playwright` (both drivers name what
 * the helpers use the same: src/testing/devtools.ts). docs/testing.md.
 */
export { completeThreeDSecure, fillCard, type DevtoolsFrame, type DevtoolsPage } from './devtools';
export { FillCardError, type CardToFill, type CompleteOptions, type FillCardOptions, type ThreeDSecureAnswer } from './fill';
