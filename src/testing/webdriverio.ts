/**
 * `paytoken/testing/webdriverio`: the test helpers for a WebdriverIO `browser` (any W3C WebDriver: chromedriver,
 * geckodriver, WebKitWebDriver, safaridriver). docs/testing.md.
 */
import {
  completeThreeDSecureWith,
  fillCardWith,
  type CardToFill,
  type CompleteOptions,
  type Driver,
  type FillCardOptions,
  type ThreeDSecureAnswer,
} from './fill';

export { FillCardError, type CardToFill, type CompleteOptions, type FillCardOptions, type ThreeDSecureAnswer } from './fill';

/** WebDriver key codes (W3C WebDriver, Keyboard actions). */
const KEYS = { End: '\uE010', Backspace: '\uE003' } as const;

/** A WebdriverIO element: what the helpers use of it. */
export interface WdioElement {
  elementId: string;
  click(): Promise<unknown>;
}

/** A WebdriverIO `browser`: what the helpers use of it. Typed by shape, so WebdriverIO's types are not needed. */
export interface WdioBrowser {
  execute(script: string): Promise<unknown>;
  /** An element (awaited: WebdriverIO's chainable element is a promise of it). */
  $(selector: string): unknown;
  /** WebdriverIO 9's frame switch (an element, or null for the top document). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- its parameter type is WebdriverIO's own Element
  switchFrame?(context: any): Promise<unknown>;
  /** WebdriverIO 8's. */
  switchToFrame(id: null | object): Promise<unknown>;
  /** W3C WebDriver's Perform Actions (WebdriverIO's protocol command). */
  performActions(actions: { type: 'key'; id: string; actions: { type: 'keyDown' | 'keyUp'; value: string }[] }[]): Promise<unknown>;
}

/** The {@link Driver} of a WebdriverIO browser: frames by WebDriver's frame switch, back to the top after each command. */
function wdioDriver(browser: WdioBrowser): Driver {
  const inFrame = async <T>(iframe: string | null, step: () => Promise<T>): Promise<T> => {
    if (!iframe) return step();
    const element = (await browser.$(iframe)) as WdioElement;
    await (browser.switchFrame ? browser.switchFrame(element) : browser.switchToFrame(element));
    try {
      return await step();
    } finally {
      await (browser.switchFrame ? browser.switchFrame(null) : browser.switchToFrame(null));
    }
  };
  return {
    evaluate: (source) => browser.execute(`return ${source}`),
    evaluateIn: (iframe, source) => inFrame(iframe, () => browser.execute(`return ${source}`)),
    clickAndType: (iframe, selector, keys) =>
      inFrame(iframe, async () => {
        await ((await browser.$(selector)) as WdioElement).click();
        // one key down and up per character, in order: WebdriverIO's `keys()` presses an array as one chord, which
        // drops a repeated character (the second 1 of 4111)
        const chars = keys.flatMap((step) => (typeof step === 'string' ? [...step] : [KEYS[step.key]]));
        const actions = chars.flatMap((value) => [
          { type: 'keyDown' as const, value },
          { type: 'keyUp' as const, value },
        ]);
        if (actions.length) await browser.performActions([{ type: 'key', id: 'keyboard', actions }]);
      }),
  };
}

/**
 * Types `card` into the hosted fields on the page (the card element, or the split fields) as a shopper does: a
 * click on each input, then one key event per character, field by field; no value is set by script. Resolves
 * when the mount reports the card complete (every container `data-paytoken-valid`).
 * @param browser WebdriverIO's `browser`. @param card a `testCards` entry fits.
 * @param options `within`: a selector of the element holding the mount, when the page has several; `timeoutMs`.
 * @throws FillCardError naming the field (`card_number`, `expiry`, `cvv2`, ...) the mount reports an error on or
 *   that is not complete in time; or `card` when no mount (or several, without `within`) is on the page.
 */
export const fillCard = (browser: WdioBrowser, card: CardToFill, options?: FillCardOptions): Promise<void> =>
  fillCardWith(wdioDriver(browser), card, options);

/**
 * Answers the sandbox's 3-D Secure bank page (the page itself or in an iframe) with its "Approve" or "Fail" test
 * button, and resolves when the browser has left it. A sandbox in `--mode production` has no such buttons.
 * @throws Error when no bank page shows within `timeoutMs` (default 10 s) or it has no test buttons.
 */
export const completeThreeDSecure = (browser: WdioBrowser, answer: ThreeDSecureAnswer, options?: CompleteOptions): Promise<void> =>
  completeThreeDSecureWith(wdioDriver(browser), answer, options);
