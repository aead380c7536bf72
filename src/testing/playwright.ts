/**
 * `paytoken/testing/playwright`: the test helpers for a Playwright `Page` (`@playwright/test`, `playwright` or `playwright-core`), in Chromium, Firefox and WebKit. docs/testing.md.
 */
import { devtoolsDriver, type DevtoolsPage } from './devtools';
import {
  completeThreeDSecureWith,
  fillCardWith,
  type CardToFill,
  type CompleteOptions,
  type FillCardOptions,
  type ThreeDSecureAnswer,
} from './fill';

export { FillCardError, type CardToFill, type CompleteOptions, type FillCardOptions, type ThreeDSecureAnswer } from './fill';
export type { DevtoolsFrame, DevtoolsPage } from './devtools';

/**
 * Types `card` into the hosted fields on `page` (the card element, or the split fields) as a shopper does: a click
 * on each input, then one key event per character, field by field; no value is set by script. Resolves when the
 * mount reports the card complete (every container `data-paytoken-valid`).
 * @param page the page showing the merchant's checkout. @param card a `testCards` entry fits.
 * @param options `within`: a selector of the element holding the mount, when the page has several; `timeoutMs`.
 * @throws FillCardError naming the field (`card_number`, `expiry`, `cvv2`, ...) the mount reports an error on or
 *   that is not complete in time; or `card` when no mount (or several, without `within`) is on the page.
 */
export const fillCard = (page: DevtoolsPage, card: CardToFill, options?: FillCardOptions): Promise<void> =>
  fillCardWith(devtoolsDriver(page), card, options);

/**
 * Answers the sandbox's 3-D Secure bank page (the page itself or in an iframe) with its "Approve" or "Fail" test
 * button, and resolves when the browser has left it. A sandbox in `--mode production` has no such buttons.
 * @throws Error when no bank page shows within `timeoutMs` (default 10 s) or it has no test buttons.
 */
export const completeThreeDSecure = (page: DevtoolsPage, answer: ThreeDSecureAnswer, options?: CompleteOptions): Promise<void> =>
  completeThreeDSecureWith(devtoolsDriver(page), answer, options);
