/**
 * How the frame's two scripts meet. The first is inline in the frame page (allowed by its hash in the page's CSP):
 * it shows the inputs, formats and validates as the shopper types, and says `ready`. The later script
 * (`frame-later.js?v=...`, a file of its own, cached for good under its version) holds what nobody sees: device
 * data, the card entry's signals, tokenization, brand fonts. This module, in the first script, loads the later one
 * when it is needed, and keeps the inputs' events until it arrives.
 */
import type { FrameContext, FrameLater } from './context';

/** The global the later script's build defines (`PayTokenFrameLater`, vite.config.ts). */
type LaterGlobal = { PayTokenFrameLater?: { installLater(frame: FrameContext): FrameLater } };
type TrustedTypes = { createPolicy(name: string, rules: { createScriptURL(): string }): { createScriptURL(url: string): unknown } };

/** The Trusted Types policy the later script's URL goes through (CSP `trusted-types paytoken-frame`); made once. */
let policy: { createScriptURL(url: string): unknown } | null | undefined;

/**
 * Loads the later script named by the frame page (`<script data-later="frame-later.js?v=...">`) and installs it
 * in this frame. Its URL passes `require-trusted-types-for 'script'` through the policy `paytoken-frame`, which
 * makes that one URL and nothing else.
 *
 * @param frame the frame's context. @returns the later part; rejects when the script does not load.
 */
export function loadLaterScript(frame: FrameContext): Promise<FrameLater> {
  return new Promise((resolve, reject) => {
    const { win, doc } = frame;
    const url = doc.querySelector('script[data-later]')?.getAttribute('data-later') ?? '';
    const tt = (win as unknown as { trustedTypes?: TrustedTypes }).trustedTypes;
    policy ??= tt ? tt.createPolicy('paytoken-frame', { createScriptURL: () => url }) : null;
    const script = doc.createElement('script');
    script.src = (policy ? policy.createScriptURL(url) : url) as string;
    script.onload = () => resolve((win as unknown as LaterGlobal).PayTokenFrameLater!.installLater(frame));
    script.onerror = reject;
    doc.head.append(script);
  });
}

/**
 * The frame's `laterPart()`: the part `load` gives, asked for once; after a failure (the network), the next call
 * asks again.
 */
export const laterOnce = (frame: FrameContext, load: (frame: FrameContext) => Promise<FrameLater>): (() => Promise<FrameLater>) => {
  let part: Promise<FrameLater> | undefined;
  return () =>
    (part ??= load(frame).catch((error: unknown) => {
      part = undefined;
      throw error;
    }));
};

/** Runs `task` when the frame's main thread is idle (`requestIdleCallback`; a new task where there is none). */
export const whenIdle = (task: () => void): void =>
  void ('requestIdleCallback' in globalThis ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 1));

/** The input events the later part's watchers read (the card entry's signals), kept from the frame's start. */
export const EARLY_EVENT_TYPES = ['focus', 'blur', 'keydown', 'keyup', 'input', 'paste', 'drop'];
/** At most this many events are kept before the later part takes them. */
const MAX_EARLY_EVENTS = 2000;

/**
 * Keeps the events of `inputs` (of {@link EARLY_EVENT_TYPES}, in the order they happen) in `frame.earlyEvents`,
 * each with whether the document had the focus then, until the later part takes them and replays them to its own
 * listeners (see `watchFromStart`): a shopper who types before it has arrived is seen as one who typed after.
 */
export function recordEarlyEvents(frame: FrameContext, inputs: readonly HTMLInputElement[]): void {
  const early: [Event, boolean][] = (frame.earlyEvents = []);
  const keep = (event: Event) =>
    frame.earlyEvents === early && early.length < MAX_EARLY_EVENTS && early.push([event, frame.doc.hasFocus()]);
  for (const input of inputs) for (const type of EARLY_EVENT_TYPES) input.addEventListener(type, keep, { capture: true });
}

/** The `fail` data of a tokenization the frame could not start: its later script did not load (code 1004). */
export const notLoaded = (frame: FrameContext) => ({
  type: 'network',
  message: 'The hosted-field frame could not load its script',
  code: '1004',
  text: frame.messageFor('1004'),
});
