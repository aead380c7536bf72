/**
 * The hosted fields as assistive technology meets them, in every engine, measured through each engine's own
 * accessibility tree (../accessibility.ts: Chromium's DevTools protocol, Gecko's WebDriver BiDi accessibility
 * locator, WebKit's WebDriver computed role and label), across the iframe: each input's name is the merchant's
 * visible label, it is a textbox, required, described by its error; the live regions' text after an error and when
 * the card is complete; the keyboard order, page -> each field -> page and back; and axe-core's WCAG 2.2 A/AA rules
 * on the page and inside every frame. The record of each engine is written to docs/accessibility.md (a generated
 * block per engine, between `<!-- ax-record:ENGINE -->` markers) and its essentials asserted here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { AxReading } from '../accessibility';
import { waitFor, type Scope, type Tab } from '../engine';
import type { Ctx, Scenario } from '../harness';
import { axeViolations } from './axe';
import { clickText, FUTURE_YY } from './helpers';
import { FRAME, openHosted } from './hosted';

/** The split checkout's containers, in page order, with their frames. */
const SPLIT = [
  ['holder-name', FRAME.holder],
  ['card-number', FRAME.number],
  ['expiry', FRAME.expiry],
  ['cvv2', FRAME.cvv2],
] as const;
/** The card element's frame on `/`, and its inputs with the default names the page sends it (English). */
const ELEMENT = '#card iframe';
const ELEMENT_INPUTS = [
  ['input.card_number', 'Card number'],
  ['input.expiry', 'Expiry (MM/YY)'],
  ['input.cvv2', 'Security code'],
  ['input.holder_name', 'Name on card'],
] as const;

/** What the frame's DOM says of an input and its two live regions (for the record, beside the engine's reading). */
const domOf = (scope: Scope, selector: string) =>
  scope.evaluate((sel: string) => {
    const input = document.querySelector(sel)!;
    const e = document.getElementById('e')!;
    const s = document.getElementById('s')!;
    return {
      required: input.getAttribute('aria-required'),
      invalid: input.getAttribute('aria-invalid'),
      describedBy: input.getAttribute('aria-describedby'),
      error: { live: e.getAttribute('aria-live'), display: getComputedStyle(e).display, text: e.textContent },
      status: { role: s.getAttribute('role'), display: getComputedStyle(s).display, text: s.textContent },
    };
  }, selector);

/** The visible text of the page's `<label for=id>`. */
const labelText = (tab: Tab, id: string) =>
  tab.evaluate((i: string) => document.querySelector(`label[for="${i}"]`)!.textContent!.trim().replace(/\s+/g, ' '), id);

/** Which container's iframe, or which page element, has the focus ('' for none). */
const focusedId = (tab: Tab) =>
  tab.evaluate(() => {
    const a = document.activeElement;
    return a?.tagName === 'IFRAME' ? `frame:${a.parentElement!.id}` : a?.id || a?.tagName.toLowerCase() || '';
  });

/** One line of the record: an element's engine reading (what the driver gives) and its states. */
const line = (what: string, ax: AxReading, extra = '') =>
  `${what}: role=${ax.role ?? '-'} name=${JSON.stringify(ax.name)}` +
  (ax.description !== undefined ? ` description=${JSON.stringify(ax.description)}` : '') +
  (ax.required !== undefined ? ` required=${ax.required} invalid=${ax.invalid}` : '') +
  (ax.live !== undefined ? ` live=${ax.live}` : '') +
  extra +
  (ax.role === null ? ` (${ax.via})` : '');

/** Writes an engine's record into docs/accessibility.md, between its markers (the one generated block it owns). */
function writeRecord(engine: string, version: string, lines: string[]): void {
  const path = 'docs/accessibility.md';
  const doc = readFileSync(path, 'utf8');
  const start = `<!-- ax-record:${engine} -->`;
  const end = `<!-- /ax-record:${engine} -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${path}: no ${start} ... ${end} block`);
  const block = `${start}\n\n${version}:\n\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n\n`;
  writeFileSync(path, doc.slice(0, from) + block + doc.slice(to));
}

/** The split checkout: names, roles, states, the error and complete announcements, the keyboard order. */
async function recordSplit(ctx: Ctx, tab: Tab, lines: string[]): Promise<void> {
  await openHosted(ctx, tab, '?lang=en', false);
  const engine = ctx.engine.name;
  lines.push('split fields (/split?lang=en), at load:');
  for (const [id, frame] of SPLIT) {
    const label = await labelText(tab, id);
    const iframe = await tab.ax(frame, { role: 'iframe', name: label });
    const title = await tab.evaluate((f: string) => document.querySelector(f)!.getAttribute('title'), frame);
    lines.push(line(`  iframe #${id}`, iframe, ` title=${JSON.stringify(title)}`));
    expect(title, id).toBe(label);
    const input = await tab.frame(frame).ax('input', { role: 'textbox', name: label });
    const dom = await domOf(tab.frame(frame), 'input');
    lines.push(line(`    input`, input, ` aria-required=${dom.required}`));
    expect([input.role, input.name], `${engine} ${id}`).toEqual(['textbox', label]);
    if (input.required !== undefined) expect(input.required, id).toBe(true);
    expect(dom.required, id).toBe('true');
    // both live regions are in the document from load, empty, not display:none
    expect(dom.error, id).toEqual({ live: 'polite', display: 'block', text: '' });
    expect(dom.status, id).toEqual({ role: 'status', display: 'block', text: '' });
  }
  lines.push(`    each frame: error line aria-live=polite, status line role=status; both present and empty from load`);

  // an error: the CVV2 left with two digits
  const cvv2 = tab.frame(FRAME.cvv2);
  await cvv2.type('input', '12');
  await tab.press('Tab');
  await waitFor(cvv2, 'the CVV2 error', () => document.getElementById('e')!.textContent !== '');
  const invalid = await cvv2.ax('input', { role: 'textbox', name: await labelText(tab, 'cvv2') });
  const afterError = await domOf(cvv2, 'input');
  lines.push('after the CVV2 is left with 2 digits:');
  lines.push(line('  cvv2 input', invalid, ` aria-invalid=${afterError.invalid}`));
  lines.push(`  live region (error line) says: ${JSON.stringify(afterError.error.text)}`);
  expect(afterError.invalid).toBe('true');
  expect(afterError.error.text).toMatch(/3-digit/);
  if (invalid.description !== undefined) expect([invalid.description, invalid.invalid]).toEqual([afterError.error.text, true]);

  // the card completed: the frame where it became complete says so
  await tab.frame(FRAME.holder).type('input', 'Ana Perez');
  await tab.frame(FRAME.number).type('input', '4111111111111111');
  await tab.frame(FRAME.expiry).type('input', `12${FUTURE_YY}`);
  await cvv2.type('input', '3');
  await waitFor(cvv2, 'the card complete', () => document.getElementById('s')!.textContent !== '');
  const complete = await domOf(cvv2, 'input');
  lines.push('after the card is complete (CVV2 typed last):');
  lines.push(`  cvv2 error line: ${JSON.stringify(complete.error.text)}; status line says: ${JSON.stringify(complete.status.text)}`);
  expect([complete.error.text, complete.status.text, complete.invalid]).toEqual(['', 'Card complete.', null]);

  // the keyboard order, from the holder name's frame: Tab to the pay button, Shift+Tab back
  // (reached with Tab from the page, past the pay button and round: WebKit moves on from a frame the keys reached)
  await clickText(tab, 'label', await labelText(tab, 'cvv2'));
  await waitFor(tab, 'the CVV2 focused', () => document.activeElement?.parentElement?.id === 'cvv2');
  for (let i = 0; i < 12 && (await focusedId(tab)) !== 'frame:holder-name'; i++) await tab.press('Tab');
  const forward = [await focusedId(tab)];
  for (let i = 0; i < 4; i++) {
    await tab.press('Tab');
    forward.push(await focusedId(tab));
  }
  const back = [];
  for (let i = 0; i < 4; i++) {
    await tab.press('Shift+Tab');
    back.push(await focusedId(tab));
  }
  lines.push(`keyboard: Tab       ${forward.join(' -> ')}`);
  lines.push(`keyboard: Shift+Tab ${back.join(' -> ')}`);
  expect(forward).toEqual(['frame:holder-name', 'frame:card-number', 'frame:expiry', 'frame:cvv2', 'pay']);
  expect(back).toEqual(['frame:cvv2', 'frame:expiry', 'frame:card-number', 'frame:holder-name']);
}

/**
 * The card element's one error line, the CVV2 left with two digits: it describes the CVV2's input alone (a screen
 * reader read the holder name with the CVV2's error when all four inputs named it).
 */
async function recordElementError(frame: Scope, lines: string[]): Promise<void> {
  await waitFor(frame, 'the CVV2 error', () => document.getElementById('e')!.textContent !== '');
  const error = (await domOf(frame, 'input.cvv2')).error.text;
  const described: (string | null)[] = [];
  for (const [sel] of ELEMENT_INPUTS) described.push((await domOf(frame, sel)).describedBy); // one at a time: WebDriver's frame context is one
  const cvv2 = await frame.ax('input.cvv2', { role: 'textbox', name: 'Security code' });
  const holder = await frame.ax('input.holder_name', { role: 'textbox', name: 'Name on card' });
  lines.push(`  after the CVV2 is left with 2 digits and the name typed, the error line says: ${JSON.stringify(error)}`);
  lines.push(line('    input.cvv2', cvv2, ` aria-describedby=${described[2]}`));
  lines.push(line('    input.holder_name', holder, ` aria-describedby=${described[3]}`));
  expect(error).toMatch(/3-digit/);
  expect(described).toEqual([null, null, 'e', null]);
  if (cvv2.description !== undefined) expect(cvv2.description).toBe(error);
  if (holder.description !== undefined) expect(holder.description).not.toBe(error);
}

/** The card element: the iframe named by the page's label, its four inputs, its error line, the complete announcement. */
async function recordElement(ctx: Ctx, tab: Tab, lines: string[]): Promise<void> {
  await tab.goto(`${ctx.merchantUrl}/?lang=en`);
  const frame = tab.frame(ELEMENT);
  await waitFor(frame, 'the card element ready', () => document.querySelector<HTMLInputElement>('input')?.disabled === false);
  const label = await labelText(tab, 'card');
  lines.push('card element (/?lang=en):');
  lines.push(line('  iframe #card', await tab.ax(ELEMENT, { role: 'iframe', name: label })));
  for (const [sel, name] of ELEMENT_INPUTS) {
    const input = await frame.ax(sel, { role: 'textbox', name });
    lines.push(line(`    ${sel}`, input, ` aria-required=${(await domOf(frame, sel)).required}`));
    expect([input.role, input.name], sel).toEqual(['textbox', name]);
  }
  await frame.type('input.card_number', '4111111111111111');
  await frame.type('input.expiry', `12${FUTURE_YY}`);
  await frame.type('input.cvv2', '12');
  await frame.type('input.holder_name', 'Ana Perez'); // the CVV2 left with two digits
  await recordElementError(frame, lines);
  await frame.type('input.cvv2', '3');
  await waitFor(frame, 'the card complete', () => document.getElementById('s')!.textContent !== '');
  const status = (await domOf(frame, 'input')).status.text;
  lines.push(`  after the four inputs are valid, the status line says: ${JSON.stringify(status)}`);
  expect(status).toBe('Card complete.');
}

export const accessibility: Scenario[] = [
  {
    name: "accessibility: across the iframe, each input is named by the merchant's label (the engine's own tree), required, described by its error; the error and the complete card are said by live regions present from load; Tab order page -> fields -> page; the record written to docs/accessibility.md",
    async run(ctx) {
      const lines: string[] = [];
      const split = await ctx.tab();
      await recordSplit(ctx, split, lines);
      await split.close(); // WebKitWebDriver holds one session at a time
      await recordElement(ctx, await ctx.tab(), lines);
      writeRecord(ctx.engine.name, ctx.engine.version, lines);
    },
  },
  {
    name: 'accessibility: axe-core (WCAG 2.2 A and AA rules) finds nothing on / and /split, nor inside any of their frames, an error shown included',
    async run(ctx) {
      const tab = await ctx.tab();
      await openHosted(ctx, tab, '?lang=en', false);
      await tab.frame(FRAME.cvv2).type('input', '12');
      await tab.press('Tab');
      await waitFor(tab.frame(FRAME.cvv2), 'the CVV2 error', () => document.getElementById('e')!.textContent !== '');
      expect(await axeViolations(tab), '/split').toEqual([]);
      for (const [, frame] of SPLIT) expect(await axeViolations(tab.frame(frame)), frame).toEqual([]);
      await tab.goto(`${ctx.merchantUrl}/?lang=en`);
      await waitFor(
        tab.frame(ELEMENT),
        'the card element ready',
        () => document.querySelector<HTMLInputElement>('input')?.disabled === false,
      );
      expect(await axeViolations(tab), '/').toEqual([]);
      expect(await axeViolations(tab.frame(ELEMENT)), ELEMENT).toEqual([]);
    },
  },
];
