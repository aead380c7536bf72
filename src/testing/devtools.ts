import {
  completeThreeDSecureWith,
  fillCardWith,
  type CardToFill,
  type CompleteOptions,
  type Driver,
  type FillCardOptions,
  type ThreeDSecureAnswer,
} from './fill';

/** A frame of a Playwright or puppeteer page: what the helpers use of it. */
export interface DevtoolsFrame {
  evaluate(source: string): Promise<unknown>;
  click(selector: string): Promise<void>;
}

/**
 * A Playwright `Page` or a puppeteer `Page`: what the helpers use of it (both drivers name these the same). Typed
 * by shape, so neither driver's types are needed to compile against `paytoken/testing`.
 */
export interface DevtoolsPage extends DevtoolsFrame {
  $(selector: string): Promise<{ contentFrame(): Promise<DevtoolsFrame | null> } | null>;
  keyboard: { type(text: string): Promise<void>; press(key: string): Promise<void> };
}

/** The {@link Driver} of a Playwright or puppeteer page: the iframe element's content frame, the page's keyboard. */
function devtoolsDriver(page: DevtoolsPage): Driver {
  const frame = async (iframe: string) => {
    const f = await (await page.$(iframe))?.contentFrame();
    if (!f) throw new Error(`no frame ${iframe}`);
    return f;
  };
  return {
    evaluate: (source) => page.evaluate(source),
    evaluateIn: async (iframe, source) => (await frame(iframe)).evaluate(source),
    async clickAndType(iframe, selector, keys) {
      await (iframe ? await frame(iframe) : page).click(selector);
      for (const step of keys) await (typeof step === 'string' ? page.keyboard.type(step) : page.keyboard.press(step.key));
    },
  };
}

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
