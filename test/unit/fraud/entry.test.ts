// @vitest-environment happy-dom
/**
 * The card entry's behavioural summary (src/fraud/entry.ts): typed, pasted, autofilled, inserted without keys, set
 * by script; key timing and focus; never a value. Events carry their `isTrusted` and `timeStamp` as the browser's
 * would (happy-dom's own are untrusted, like a script's).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entrySummary, watchEntry } from '../../../src/fraud/entry';

/** An event of `eventType` on `input`, trusted or not, at `at` ms, with extra members (inputType, code, key). */
function fire(input: HTMLInputElement, eventType: string, at: number, extra: Record<string, unknown> = {}, trusted = true) {
  const e = new Event(eventType);
  const modifiers = { getModifierState: (key: string) => key === 'CapsLock' && !!extra.capsLock };
  for (const [k, v] of Object.entries({ isTrusted: trusted, timeStamp: at, ...modifiers, ...extra }))
    Object.defineProperty(e, k, { value: v });
  input.dispatchEvent(e);
}

const watches: AbortController[] = [];
afterEach(() => watches.splice(0).forEach((c) => c.abort()));

/** A fresh watched card-number input; the watch ends with the test, or at `stop()`. */
function watched() {
  document.body.innerHTML = '<input id="pan">';
  const input = document.querySelector('input')!;
  const ctrl = new AbortController();
  watches.push(ctrl);
  watchEntry(input, 'card_number', ctrl.signal);
  return { input, stop: () => ctrl.abort() };
}

/** Types `digits` as a person's keyboard does: focus, then per key keydown, input (the value grows), keyup. */
function type(input: HTMLInputElement, digits: string, start: number, gaps: number[], dwell = 80) {
  fire(input, 'focus', start);
  let t = start + 500;
  [...digits].forEach((d, i) => {
    t += gaps[i % gaps.length]!;
    fire(input, 'keydown', t, { code: `Digit${d}`, key: d });
    input.value += d;
    fire(input, 'input', t + 1, { inputType: 'insertText' });
    fire(input, 'keyup', t + dwell, { code: `Digit${d}`, key: d });
  });
}

describe('watchEntry and entrySummary', () => {
  it('nothing watched: no summary', () => {
    expect(entrySummary()).toBeUndefined();
  });

  it("typed by a person: typed, 16 keys, the intervals' median and spread, dwell, focus to complete", () => {
    const { input, stop } = watched();
    type(input, '4111111111111111', 1000, [150, 210, 180, 260]);
    const s = entrySummary()!.card_number!;
    expect(s.methods).toEqual(['typed']);
    expect(s.keys).toBe(16);
    // intervals 150 x3, 180 x4, 210 x4, 260 x4: median 210, interquartile range 260 - 180
    expect(s.key_interval_ms).toEqual([210, 80]);
    expect(s.key_dwell_ms).toBe(80);
    expect(s.focus_to_complete_ms).toBeGreaterThan(3000);
    expect(s.focus_changes).toBe(1);
    expect(JSON.stringify(s)).not.toContain('4111');
    stop();
  });

  it('a formatter that adds spaces after the trusted input changes nothing (digits are compared)', () => {
    const { input, stop } = watched();
    input.addEventListener('input', () => (input.value = input.value.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ')));
    type(input, '4111111111111111', 0, [170]);
    expect(input.value).toBe('4111 1111 1111 1111');
    expect(entrySummary()!.card_number!.methods).toEqual(['typed']);
    stop();
  });

  it('pasted: pasted, no keys', () => {
    const { input, stop } = watched();
    fire(input, 'focus', 0);
    input.value = '4111111111111111';
    fire(input, 'input', 900, { inputType: 'insertFromPaste' });
    expect(entrySummary()!.card_number!).toMatchObject({
      methods: ['pasted'],
      keys: 0,
      key_interval_ms: null,
      key_dwell_ms: null,
      focus_to_complete_ms: 900,
    });
    stop();
  });

  it.each([
    ['an input event without inputType (Chromium)', {}],
    ['insertReplacementText (Firefox)', { inputType: 'insertReplacementText' }],
  ])('autofilled by the browser, %s: autofilled', (_what, extra) => {
    const { input, stop } = watched();
    input.value = '4111111111111111';
    fire(input, 'input', 10, extra);
    expect(entrySummary()!.card_number!.methods).toEqual(['autofilled']);
    stop();
  });

  it('autofilled, told by the :autofill state even with insertText', () => {
    const { input, stop } = watched();
    vi.spyOn(input, 'matches').mockImplementation((s: string) => s === ':autofill');
    input.value = '4111111111111111';
    fire(input, 'input', 10, { inputType: 'insertText' });
    expect(entrySummary()!.card_number!.methods).toEqual(['autofilled']);
    stop();
  });

  it('inserted by a trusted insertText without any key press (automation fill): inserted', () => {
    const { input, stop } = watched();
    fire(input, 'focus', 0);
    input.value = '4111111111111111';
    fire(input, 'input', 3, { inputType: 'insertText' });
    expect(entrySummary()!.card_number!).toMatchObject({ methods: ['inserted'], keys: 0 });
    stop();
  });

  it('set by script (input.value =) with no event at all: scripted', () => {
    const { input, stop } = watched();
    input.value = '4111111111111111';
    expect(entrySummary()!.card_number!.methods).toEqual(['scripted']);
    stop();
  });

  it('set by script with a synthetic input event: scripted', () => {
    const { input, stop } = watched();
    input.value = '4111111111111111';
    fire(input, 'input', 5, { inputType: 'insertText' }, false);
    expect(entrySummary()!.card_number!.methods).toEqual(['scripted']);
    stop();
  });

  it('typed, then replaced by script: typed and scripted', () => {
    const { input, stop } = watched();
    type(input, '4111', 0, [200]);
    input.value = '5555555555554444';
    expect(entrySummary()!.card_number!.methods).toEqual(['typed', 'scripted']);
    stop();
  });

  it('untrusted key events (a script dispatching them) are not key presses', () => {
    const { input, stop } = watched();
    fire(input, 'keydown', 1, { code: 'Digit4', key: '4' }, false);
    fire(input, 'keyup', 2, { code: 'Digit4', key: '4' }, false);
    expect(entrySummary()!.card_number!).toMatchObject({ keys: 0, key_dwell_ms: null });
    stop();
  });

  it('robotic key timing shows in the summary: 2 ms apart, released at once', () => {
    const { input, stop } = watched();
    type(input, '4111111111111111', 0, [2], 0.5);
    expect(entrySummary()!.card_number!).toMatchObject({ methods: ['typed'], keys: 16, key_interval_ms: [2, 0], key_dwell_ms: 0.5 });
    stop();
  });

  it('focus changes are counted; an empty field is never scripted', () => {
    const { input, stop } = watched();
    fire(input, 'focus', 0);
    fire(input, 'focus', 100);
    fire(input, 'focus', 200);
    expect(entrySummary()!.card_number!).toMatchObject({ methods: [], focus_changes: 3, focus_to_complete_ms: null });
    stop();
  });

  it('after the watch ends (unmount), the input is no longer summarised', () => {
    const { stop } = watched();
    stop();
    expect(entrySummary()).toBeUndefined();
  });

  it('each key held exactly the gap to the next (a driver typing with a delay): flight about 0 whatever the pace', () => {
    const { input, stop } = watched();
    fire(input, 'focus', 0);
    let t = 500;
    for (const [i, gap] of [180, 95, 240, 130, 70, 210, 160].entries()) {
      fire(input, 'keydown', t, { code: `Digit${i}`, key: String(i) });
      input.value += String(i);
      fire(input, 'input', t + 0.5, { inputType: 'insertText' });
      fire(input, 'keyup', t + gap - 1, { code: `Digit${i}`, key: String(i) });
      t += gap;
    }
    expect(entrySummary()!.card_number!.key_flight_ms).toEqual([1, 0]);
    stop();
  });

  it("a person's flights: from the release to the next press, negative when keys overlap", () => {
    const { input, stop } = watched();
    type(input, '41111', 0, [150, 60, 200, 120], 90);
    // presses 150, 60, 200, 120 apart, each held 90 ms: flights 60, -30, 110, 30
    expect(entrySummary()!.card_number!.key_flight_ms).toEqual([60, 80]);
    stop();
  });

  it('capitals: counted without Shift or Caps Lock on a physical letter key; never with Shift, Caps Lock, or no key code', () => {
    const { input, stop } = watched();
    const key = (at: number, extra: Record<string, unknown>) => fire(input, 'keydown', at, extra);
    key(10, { code: 'KeyA', key: 'A' }); // a driver's 'A' without Shift
    key(20, { code: 'KeyA', key: 'A', shiftKey: true });
    key(30, { code: 'KeyP', key: 'P', capsLock: true });
    key(40, { code: '', key: 'P' }); // an on-screen keyboard or dictation sending characters
    key(50, { code: 'KeyN', key: 'n' });
    key(60, { code: 'Digit4', key: '$' });
    expect(entrySummary()!.card_number!.shiftless_capitals).toBe(1);
    stop();
  });

  it('key presses while the document does not have the focus are counted', () => {
    const { input, stop } = watched();
    type(input, '41', 0, [150]);
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    type(input, '11', 1000, [150]);
    expect(entrySummary()!.card_number).toMatchObject({ keys: 4, unfocused_keys: 2 });
    stop();
  });

  it('corrections: trusted deletions are counted, and keep the entry typed', () => {
    const { input, stop } = watched();
    type(input, '4112', 0, [150]);
    fire(input, 'keydown', 2000, { code: 'Backspace', key: 'Backspace' });
    input.value = input.value.slice(0, -1);
    fire(input, 'input', 2001, { inputType: 'deleteContentBackward' });
    type(input, '1', 2300, [150]);
    expect(entrySummary()!.card_number).toMatchObject({ methods: ['typed'], corrections: 1, keys: 6 });
    stop();
  });

  it('every card field is summarised under its name; the summary holds no character typed', () => {
    document.body.innerHTML = '<input id="n"><input id="h"><input id="c">';
    const [number, holder, cvv] = [...document.querySelectorAll('input')];
    const ctrl = new AbortController();
    watches.push(ctrl);
    watchEntry(number, 'card_number', ctrl.signal);
    watchEntry(holder, 'holder_name', ctrl.signal);
    watchEntry(cvv, 'cvv2', ctrl.signal);
    type(number!, '4111111111111111', 0, [170]);
    type(holder!, 'ana', 5000, [140]);
    cvv!.value = '123';
    fire(cvv!, 'input', 9000, { inputType: 'insertFromPaste' });
    const summary = entrySummary()!;
    expect(Object.keys(summary)).toEqual(['card_number', 'holder_name', 'cvv2']);
    expect(summary.holder_name).toMatchObject({ methods: ['typed'], keys: 3 });
    expect(summary.cvv2).toMatchObject({ methods: ['pasted'], keys: 0 });
    expect(JSON.stringify(summary)).not.toMatch(/4111|ana|123/);
    ctrl.abort();
    expect(entrySummary()).toBeUndefined();
  });

  it('no input (a form without a card number): nothing watched, nothing thrown', () => {
    watchEntry(null);
    watchEntry(undefined);
    expect(entrySummary()).toBeUndefined();
  });
});
