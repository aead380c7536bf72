import type { Driver } from './fill';

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
export function devtoolsDriver(page: DevtoolsPage): Driver {
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
