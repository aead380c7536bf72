/**
 * The card element and split fields on the displays of WCAG 2.2's 1.4.10 (reflow at 320 CSS px), 1.4.4 (text at
 * 200%), forced colours (2.4.7 focus visible, 1.4.3/1.4.11 contrast) and reduced motion (2.3.3), in every engine that can take the display
 * (../engine.ts `Shape`: how each engine gets it, and what WebKit cannot). docs/accessibility.md's table holds the
 * results per engine.
 */
import { expect } from 'vitest';
import { waitFor, type Scope, type Tab } from '../engine';
import type { Ctx, Scenario } from '../harness';
import { axeViolations } from './axe';
import { FUTURE_YY } from './helpers';
import { FRAME, openHosted } from './hosted';

/** The card element's frame on `/`. */
const ELEMENT = '#card iframe';

/** Whether each input of the frame lies wholly within the frame's viewport (nothing cut off by its height or width). */
const inputsInside = (frame: Scope) =>
  frame.evaluate(() =>
    [...document.querySelectorAll('input')].every((i) => {
      const r = i.getBoundingClientRect();
      return r.width > 0 && r.left >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    }),
  );

/**
 * Scrolls each iframe (a selector) into view, as a shopper reaching it does, and waits until every input of its
 * frame is whole in it: the page sizes a frame after the height its content reports, and Chromium runs no rendering
 * step (so no ResizeObserver) in a cross-origin frame outside the viewport.
 */
async function expectInputsWhole(tab: Tab, iframes: string[], what: string): Promise<void> {
  for (const iframe of iframes) {
    await scrollToFrame(tab, iframe);
    const end = Date.now() + 10_000;
    while (!(await inputsInside(tab.frame(iframe))) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(await inputsInside(tab.frame(iframe)), `${what}: ${iframe}`).toBe(true);
  }
}

/** Scrolls the iframe `selector` to the middle of the viewport, as a shopper does before typing there (WebKit's click does not). */
const scrollToFrame = (tab: Tab, selector: string) =>
  tab.evaluate((sel: string) => document.querySelector(sel)!.scrollIntoView({ block: 'center' }), selector);

/** Whether the page scrolls sideways. */
const scrollsSideways = (tab: Tab) => tab.evaluate(() => document.documentElement.scrollWidth > innerWidth);

/** Opens the card element (`/?lang=en`) and waits until its inputs are enabled. */
async function openElement(ctx: Ctx, tab: Tab): Promise<void> {
  await tab.goto(`${ctx.merchantUrl}/?lang=en`);
  await waitFor(tab.frame(ELEMENT), 'the card element ready', () => document.querySelector<HTMLInputElement>('input')?.disabled === false);
}

/** Types a whole card into the card element and waits for its status line to say it is complete. */
async function completeElement(tab: Tab): Promise<void> {
  await scrollToFrame(tab, ELEMENT);
  const frame = tab.frame(ELEMENT);
  for (const [sel, text] of [
    ['input.card_number', '4111111111111111'],
    ['input.expiry', `12${FUTURE_YY}`],
    ['input.cvv2', '123'],
    ['input.holder_name', 'Ana Perez'],
  ] as const)
    await frame.type(sel, text);
  await waitFor(frame, 'the card complete', () => document.getElementById('s')!.textContent === 'Card complete.');
}

/** The CVV2 left with two digits (blurred by script: keyboard order is the accessibility scenario's): its error shown. */
async function showCvv2Error(tab: Tab): Promise<void> {
  await scrollToFrame(tab, FRAME.cvv2);
  await tab.frame(FRAME.cvv2).type('input', '12');
  await tab.frame(FRAME.cvv2).evaluate(() => document.querySelector('input')!.blur());
  await waitFor(tab.frame(FRAME.cvv2), 'the CVV2 error', () => /3-digit/.test(document.getElementById('e')!.textContent!));
}

const SPLIT_FRAMES = (tab: Tab) => Object.values(FRAME).map((f) => tab.frame(f));

/**
 * A merchant's `transition` (the style allowlist), applied in a frame as the frame applies the merchant's style (a
 * constructed stylesheet, src/hosted/frame/style.ts): the duration the frame's input then computes.
 */
const merchantTransition = (frame: Scope) =>
  frame.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('input { transition: color 1s }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return getComputedStyle(document.querySelector('input')!).transitionDuration;
  });

/** Whether the document matches `(prefers-reduced-motion: reduce)`. */
const reducesMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export const display: Scenario[] = [
  {
    name: 'display: reflow at 320 CSS px (WebKit: 447, its narrowest window): / and /split scroll no sideways, every input is whole in its frame, the card element wraps onto two rows and takes a whole card',
    async run(ctx) {
      const tab = await ctx.tab('narrow');
      await openElement(ctx, tab);
      expect(await tab.evaluate(() => innerWidth)).toBeLessThanOrEqual(ctx.engine.name === 'webkit' ? 447 : 320);
      expect(await scrollsSideways(tab), '/').toBe(false);
      await expectInputsWhole(tab, [ELEMENT], '/');
      const tops = await tab
        .frame(ELEMENT)
        .evaluate(() => [...document.querySelectorAll('input')].map((i) => i.getBoundingClientRect().top));
      expect(new Set(tops).size).toBeGreaterThanOrEqual(2);
      await completeElement(tab);
      await openHosted(ctx, tab, '?lang=en', false);
      expect(await scrollsSideways(tab), '/split').toBe(false);
      await showCvv2Error(tab);
      await expectInputsWhole(tab, Object.values(FRAME), '/split');
    },
  },
  {
    name: 'display: text at 200% (the page zoomed 200% in a 1280 px window: 640 CSS px at pixel ratio 2; WebKit: a 640 px window): every input and the error whole in its frame, no sideways scroll',
    async run(ctx) {
      const tab = await ctx.tab('zoom');
      await openHosted(ctx, tab, '?lang=en', false);
      const [width, ratio] = await tab.evaluate(() => [innerWidth, devicePixelRatio]);
      expect([width, ratio]).toEqual([640, ctx.engine.name === 'webkit' ? 1 : 2]);
      // the zoom is the browser's, so every document has it: the frames too
      if (ratio === 2) expect(await tab.frame(FRAME.cvv2).evaluate(() => devicePixelRatio)).toBe(2);
      await showCvv2Error(tab);
      expect(await scrollsSideways(tab), '/split').toBe(false);
      await expectInputsWhole(tab, Object.values(FRAME), '/split');
      // the error line is whole in its frame (the frame grew to hold it)
      await waitFor(
        tab.frame(FRAME.cvv2),
        'the error whole',
        () => document.getElementById('e')!.getBoundingClientRect().bottom <= innerHeight + 0.5,
      );
      await openElement(ctx, tab);
      expect(await scrollsSideways(tab), '/').toBe(false);
      await expectInputsWhole(tab, [ELEMENT], '/');
      await completeElement(tab);
    },
  },
  {
    name: "display: forced colours: (forced-colors: active) holds in the page and in every frame, the focused input draws a 2px outline there, and axe-core's WCAG 2.2 AA rules find nothing on / and /split nor inside their frames",
    engines: ['chromium', 'firefox'],
    async run(ctx) {
      const tab = await ctx.tab('forced-colors');
      await openHosted(ctx, tab, '?lang=en', false);
      const forced = () => matchMedia('(forced-colors: active)').matches;
      expect(await tab.evaluate(forced), 'the page').toBe(true);
      for (const frame of SPLIT_FRAMES(tab)) expect(await frame.evaluate(forced)).toBe(true);
      await tab.frame(FRAME.number).type('input', '4');
      const ring = await tab.frame(FRAME.number).evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return [document.activeElement!.tagName, `${s.outlineStyle} ${s.outlineWidth}`];
      });
      expect(ring).toEqual(['INPUT', 'solid 2px']);
      await showCvv2Error(tab);
      expect(await axeViolations(tab), '/split').toEqual([]);
      for (const frame of SPLIT_FRAMES(tab)) expect(await axeViolations(frame)).toEqual([]);
      await openElement(ctx, tab);
      expect(await axeViolations(tab), '/').toEqual([]);
      expect(await axeViolations(tab.frame(ELEMENT)), ELEMENT).toEqual([]);
    },
  },
  {
    name: "display: reduced motion (2.3.3): (prefers-reduced-motion: reduce) holds in the page and in every frame, and the merchant's transition does not play in the card element nor in a split field; without the preference it does",
    async run(ctx) {
      const plain = await ctx.tab();
      await openElement(ctx, plain);
      expect([await plain.evaluate(reducesMotion), await plain.frame(ELEMENT).evaluate(reducesMotion)]).toEqual([false, false]);
      expect(await merchantTransition(plain.frame(ELEMENT)), 'no preference').toBe('1s');
      const tab = await ctx.tab('reduced-motion');
      await openElement(ctx, tab);
      expect(await tab.evaluate(reducesMotion), 'the page').toBe(true);
      expect(await tab.frame(ELEMENT).evaluate(reducesMotion), ELEMENT).toBe(true);
      expect(await merchantTransition(tab.frame(ELEMENT)), ELEMENT).toBe('0s');
      await openHosted(ctx, tab, '?lang=en', false);
      for (const [id, frame] of Object.entries(FRAME)) {
        expect(await tab.frame(frame).evaluate(reducesMotion), id).toBe(true);
        expect(await merchantTransition(tab.frame(frame)), id).toBe('0s');
      }
    },
  },
  {
    name: 'display: WebKitGTK has no forced-colours mode: (forced-colors: none) holds and forced-color-adjust is not a property it knows',
    engines: ['webkit'],
    async run(ctx) {
      const tab = await ctx.tab();
      await openElement(ctx, tab);
      const support = () => [
        matchMedia('(forced-colors: none)').matches,
        matchMedia('(forced-colors: active)').matches,
        CSS.supports('forced-color-adjust', 'none'),
      ];
      expect(await tab.evaluate(support)).toEqual([true, false, false]);
      expect(await tab.frame(ELEMENT).evaluate(support)).toEqual([true, false, false]);
    },
  },
];
