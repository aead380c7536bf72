/**
 * The React binding's tests run in happy-dom, which loads no frames: each iframe gets a stand-in window whose
 * `postMessage` is recorded, and `deliver` plays a frame's message to the page (as test/unit/hosted/controller/mount.test.ts
 * does). `listeners()` counts the `message` listeners the mounts added and how many are still live.
 */
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/hosted/protocol';

export const CONFIG = { merchantId: 'm1', publicKey: 'pk_test_1', baseUrl: 'http://127.0.0.1:4010' };
const API = 'http://127.0.0.1:4010';

export const iframes = () => [...document.querySelectorAll('iframe')];
export const iframeIn = (id: string) => document.querySelector<HTMLIFrameElement>(`#${id} iframe`)!;
/** The channel id in a frame's URL. */
export const chOf = (f: HTMLIFrameElement) => new URLSearchParams(new URL(f.src).hash.slice(1)).get('ch')!;
/** The messages the page posted to a frame. */
export const posted = (f: HTMLIFrameElement) =>
  (f.contentWindow!.postMessage as unknown as Mock).mock.calls.map((c) => c[0] as { t: string; [k: string]: unknown });

/** Delivers a message to the page as if the frame `from` had sent it. */
export const deliver = (from: HTMLIFrameElement, body: object) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { paytoken: PROTOCOL_VERSION, ch: chOf(from), ...body },
      origin: API,
      source: from.contentWindow as Window,
    }),
  );
/** Every mounted frame says it is ready. */
export const readyAll = () => iframes().forEach((f, i) => deliver(f, { t: 'ready', height: 40, session: `s${i}` }));
export const FIELD_STATE = { empty: false, focused: false, valid: true, potentiallyValid: true };

/** Every `message` listener added on window with a signal (the mounts'), and how many are still live. */
export function listeners() {
  const signals: AbortSignal[] = [];
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation(
    (type: string, fn: EventListenerOrEventListenerObject, opts?: boolean | AddEventListenerOptions) => {
      if (type === 'message' && typeof opts === 'object' && opts.signal) signals.push(opts.signal);
      add(type, fn, opts);
    },
  );
  return { added: () => signals.length, live: () => signals.filter((s) => !s.aborted).length };
}

/** Installs the stand-in frame windows and React's act environment for the tests of the file. */
export function fakeFrames() {
  const real = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement & { fake?: object }) {
        return this.isConnected ? (this.fake ??= { postMessage: vi.fn() }) : null;
      },
    });
  });
  afterEach(() => {
    if (real) Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', real);
    vi.restoreAllMocks();
  });
}
