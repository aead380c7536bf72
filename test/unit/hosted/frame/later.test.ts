// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * The frame's later part (src/hosted/frame/later.ts): it arrives after `ready`, yet its watchers see the inputs'
 * events from the frame's start, in order (`watchFromStart`), and the device data starts at the shopper's first
 * interaction even when that came before it. The frame says `ready` without it; every frame loads it in idle time
 * (before `ready` when the mount declares brand fonts). Key presses replayed to the entry's recorder keep the focus
 * the document had when they happened; split frames offer their field's summary to the card-number frame, which
 * sends it beside its token request.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameContext, FrameLater } from '../../../../src/hosted/frame/context';
import { ordinaryBrowser, stub } from '../../fraud/helpers';
import { holdDeviceData, jsonResponse, TOKEN } from '../../helpers';
import type { SiblingHandle } from '../../../../src/hosted/frame/siblings';
import type { EntrySummary } from '../../../../src/fraud/entry';
import { startTestFrame } from '../frame-harness';

beforeEach(() => {
  vi.resetModules();
  ordinaryBrowser();
  stub(globalThis, 'isSecureContext', true);
});

/** A later part the test hands over when it wants (`arrive`), counting the frame's requests for it. */
function heldLater() {
  let asked = 0;
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const load = async (frame: FrameContext): Promise<FrameLater> => {
    asked++;
    await arrived;
    return (await import('../../../../src/hosted/frame/later')).installLater(frame);
  };
  return { load, arrive, asked: () => asked };
}

describe('watchFromStart', () => {
  it("replays the input's earlier events to the watcher's listeners in the order they happened, then the events to come", async () => {
    const { watchFromStart } = await import('../../../../src/hosted/frame/later');
    document.body.innerHTML = '<input><input id="other">';
    const [input, other] = [...document.querySelectorAll('input')];
    const early: Event[] = [];
    const fire = (target: HTMLInputElement, type: string) => {
      const event = new Event(type);
      target.addEventListener(type, () => early.push(event), { once: true });
      target.dispatchEvent(event);
    };
    fire(input!, 'focus');
    fire(input!, 'keydown');
    fire(other!, 'keydown'); // another input's: not replayed to this one's watcher
    fire(input!, 'input');
    fire(input!, 'keydown');
    input!.value = '42';
    const seen: string[] = [];
    watchFromStart(input!, early, (watched) => {
      for (const type of ['input', 'keydown', 'focus']) watched.addEventListener(type, (e) => seen.push(`${e.type} ${watched.value}`));
      expect(watched.matches('input:not(#other)')).toBe(true); // the input's own methods, bound to it
    });
    expect(seen).toEqual(['focus 42', 'keydown 42', 'input 42', 'keydown 42']);
    input!.dispatchEvent(new Event('input'));
    expect(seen.at(-1)).toBe('input 42');
  });
});

describe('the later part in the frame', () => {
  it('the card-number frame says ready without it, then loads it in idle time; a first focus before it starts the device data when it arrives', async () => {
    const log: string[] = [];
    holdDeviceData(log);
    const later = heldLater();
    const { sent, input } = await startTestFrame({}, undefined, { load: later.load });
    expect(sent.map((m) => m.t)).toContain('ready');
    await vi.waitFor(() => expect(later.asked()).toBe(1));
    input.dispatchEvent(new Event('focus')); // the shopper, before the later part has arrived
    await new Promise((r) => setTimeout(r, 50));
    expect(log).toEqual([]);
    later.arrive();
    await vi.waitFor(() => expect(log).toEqual(['device-data sent']), { timeout: 3000 });
    expect(later.asked()).toBe(1);
  });

  it('a tokenization before it has arrived waits for it, and is answered', async () => {
    const log: string[] = [];
    holdDeviceData(log).resolve(new Response('{}', { status: 201 }));
    const later = heldLater();
    const { sent, deliver, input } = await startTestFrame({}, undefined, { load: later.load });
    input.value = '4111 1111 1111 1111';
    deliver({ t: 'tokenize', id: 7, holder_name: 'Ana Perez' });
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.filter((m) => m.t === 'token')).toEqual([]);
    later.arrive();
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ t: 'token', id: 7 }), { timeout: 3000 });
  });

  it('every frame of split fields says ready without it, then loads it in idle time; with brand fonts before ready', async () => {
    for (const field of ['expiry', 'cvv2', 'holder_name']) {
      vi.resetModules();
      const later = heldLater();
      const { sent } = await startTestFrame({}, undefined, { field, load: later.load, frames: [] });
      expect(sent.map((m) => m.t)).toContain('ready');
      await vi.waitFor(() => expect(later.asked(), field).toBe(1));
    }
    vi.resetModules();
    const later = heldLater();
    const { sent } = await startTestFrame({ fonts: [] }, undefined, { field: 'cvv2', load: later.load, frames: [] });
    expect(later.asked()).toBe(1);
    expect(sent.map((m) => m.t)).not.toContain('ready');
    later.arrive();
    await vi.waitFor(() => expect(sent.map((m) => m.t)).toContain('ready'));
  });
});

/** A trusted event of `type` on `input` at `at` ms, as the browser's would be (happy-dom's own are untrusted). */
function fireTrusted(input: HTMLInputElement, type: string, at: number, extra: Record<string, unknown> = {}) {
  const event = new Event(type);
  for (const [k, v] of Object.entries({ isTrusted: true, timeStamp: at, getModifierState: () => false, ...extra }))
    Object.defineProperty(event, k, { value: v });
  input.dispatchEvent(event);
}

/** Types `digits` into `input` as a keyboard does, from `at` ms, 150 ms apart. */
function typeKeys(input: HTMLInputElement, digits: string, at: number) {
  [...digits].forEach((d, i) => {
    const t = at + i * 150;
    fireTrusted(input, 'keydown', t, { code: `Digit${d}`, key: d });
    input.value += d;
    fireTrusted(input, 'input', t + 1, { inputType: 'insertText' });
    fireTrusted(input, 'keyup', t + 70, { code: `Digit${d}`, key: d });
  });
}

describe('the card entry through the later part', () => {
  it('key presses typed with the focus before it arrived, replayed when the document has lost it, are not counted unfocused', async () => {
    holdDeviceData([]); // the first focus starts the device data: its POST held
    let focused = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    const later = heldLater();
    const { input } = await startTestFrame({}, undefined, { load: later.load });
    fireTrusted(input, 'focus', 0);
    typeKeys(input, '4111', 100);
    focused = false; // the shopper moved on to another frame before the later part arrived
    later.arrive();
    const { entrySummary } = await import('../../../../src/fraud/entry');
    await vi.waitFor(() => expect(entrySummary()?.card_number?.keys).toBe(4));
    expect(entrySummary()!.card_number).toMatchObject({ methods: ['typed'], unfocused_keys: 0, focus_changes: 1 });
    typeKeys(input, '1', 2000); // a key press now, while the document lacks the focus, is counted
    expect(entrySummary()!.card_number).toMatchObject({ keys: 5, unfocused_keys: 1 });
  });

  it("a split frame offers its field's summary on its sibling handle once its later part has loaded, never a value", async () => {
    const later = heldLater();
    const { input, win } = await startTestFrame({ label: 'CVV2' }, undefined, { field: 'cvv2', load: later.load, frames: [] });
    const handle = (win as unknown as { __paytoken: SiblingHandle }).__paytoken;
    fireTrusted(input, 'focus', 0);
    typeKeys(input, '123', 100);
    expect(handle.fieldEntry).toBeUndefined();
    later.arrive();
    await vi.waitFor(() => expect(handle.fieldEntry?.()).toMatchObject({ methods: ['typed'], keys: 3, key_interval_ms: [150, 0] }));
    expect(JSON.stringify(handle.fieldEntry!())).not.toContain('123');
  });

  it("the card-number frame sends its siblings' summaries with its own, after the token request, and hands the token over after both", async () => {
    const bodies: [string, string][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        bodies.push([String(url).replace(/.*\/v1\/[^/]+/, ''), String(init.body)]);
        return jsonResponse(201, String(url).endsWith('/tokens') ? TOKEN : {});
      }),
    );
    const summary = { methods: ['typed'], keys: 3 };
    const { input, deliver, sent, parent } = await startTestFrame(); // beside expiry and CVV2 frames (the harness's)
    const [expiry, cvv2] = (parent.frames as { __paytoken: SiblingHandle }[]).map((f) => f.__paytoken);
    expect(expiry!.fieldKey).toBe('expiry');
    cvv2!.fieldEntry = () => summary as unknown as EntrySummary;
    input.value = '4111 1111 1111 1111';
    fireTrusted(input, 'focus', 0);
    await vi.waitFor(() => expect(bodies.map(([path]) => path)).toContain('/device-data'), { timeout: 3000 });
    deliver({ t: 'tokenize', id: 3, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ t: 'token', id: 3 }), { timeout: 3000 });
    // (a collection an earlier test started may post here too: only this frame's order is asserted)
    const paths = bodies.map(([path]) => path);
    expect(paths.filter((path) => path !== '/device-data')).toEqual(['/tokens', '/device-data/entry']);
    expect(paths.indexOf('/device-data')).toBeLessThan(paths.indexOf('/tokens'));
    const entry = JSON.parse(bodies.find(([path]) => path === '/device-data/entry')![1]).entry;
    expect(Object.keys(entry).sort()).toEqual(['card_number', 'cvv2']); // the expiry frame's later part has not loaded
    expect(entry.cvv2).toEqual(summary);
  });
});
