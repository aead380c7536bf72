// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * The frame's later part (src/hosted/frame/later.ts): it arrives after `ready`, yet its watchers see the inputs'
 * events from the frame's start, in order (`watchFromStart`), and the device data starts at the shopper's first
 * interaction even when that came before it. The frame says `ready` without it; only the frame holding the card
 * number loads it (in idle time) unless the mount declares brand fonts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameContext, FrameLater } from '../../../../src/hosted/frame/context';
import { ordinaryBrowser, stub } from '../../fraud/helpers';
import { holdDeviceData } from '../../helpers';
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

  it('the expiry and CVV2 frames of split fields never load it (no brand fonts); with brand fonts every frame does, before ready', async () => {
    for (const field of ['expiry', 'cvv2']) {
      vi.resetModules();
      const later = heldLater();
      const { sent } = await startTestFrame({}, undefined, { field, load: later.load, frames: [] });
      expect(sent.map((m) => m.t)).toContain('ready');
      await new Promise((r) => setTimeout(r, 50));
      expect(later.asked(), field).toBe(0);
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
