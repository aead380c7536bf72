/**
 * The frame's later part (built to `frame-later.js`, the global `PayTokenFrameLater`): what the shopper does not
 * see, loaded by the first script (./loader.ts) after `ready`, in idle time, long before anyone can pay; at once
 * when the shopper interacts or the page tokenizes first, and before `ready` when the mount declares brand fonts
 * (`ready` waits for what the shopper sees). It holds the device data (from the first interaction), the card
 * entry's signals, tokenization and the brand fonts. Every frame of a mount loads it (each watches how its own
 * fields are entered); device data and tokenization run in the frame that holds the card number only.
 *
 * Watchers of the inputs (entry signals) go here, through {@link watchFromStart}: they see every event since the
 * frame started, as if they had been there.
 */
import { configError } from '../../errors/configuration';
import { deviceData } from '../../fraud/device-data';
import { entrySummary, watchEntry, type EntryField } from '../../fraud/entry';
import type { FrameContext, FrameLater } from './context';
import { reportProblem } from './problem';
import type { FieldInput } from './field';
import { checkFonts, loadFonts } from './fonts';
import type { SiblingHandle } from './siblings';
import { tokenizeInFrame } from './tokenize';

/**
 * Runs `watch(input)` (a watcher that adds listeners to the input, like `watchEntry`) as if it had been called
 * when the frame started: the input's `early` events are replayed to its listeners, in the order they happened,
 * and the events to come reach them as usual. What a listener reads of the input itself (its value) is as of now,
 * and so is the document's focus: a watcher that needs the focus of an early event is given it (`frame.earlyEvents`).
 */
export function watchFromStart(input: HTMLInputElement, early: readonly Event[], watch: (input: HTMLInputElement) => void): void {
  const listeners: [string, EventListener][] = [];
  const add = (type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    listeners.push([type, listener]);
    input.addEventListener(type, listener, options);
  };
  watch(
    new Proxy(input, {
      get: (target, key) => {
        const value: unknown = key === 'addEventListener' ? add : Reflect.get(target, key, target);
        return typeof value === 'function' && value !== add ? value.bind(target) : value;
      },
    }),
  );
  for (const event of early) for (const [type, listener] of listeners) if (event.target === input && event.type === type) listener(event);
}

/** Loads the mount's brand fonts, if it declares any, and then says `ready` (a refused entry is reported first). */
function loadBrandFonts(frame: FrameContext): void {
  const declared = frame.frameSettings.frameConfig.fonts;
  if (declared === undefined) return;
  const reported = frame.configProblem;
  const fonts = checkFonts(declared, (where, why) => (frame.configProblem ??= configError(where, why)));
  if (!reported) reportProblem(frame);
  void loadFonts(frame.doc, fonts).then(frame.sayReady);
}

/**
 * Watches how each of the frame's own fields is entered, from the frame's start (`watchFromStart`, a replayed key
 * press counted with the focus the document had when it happened), and offers a split field's summary to the
 * card-number frame on its sibling handle (`fieldEntry`).
 */
function watchOwnEntry(frame: FrameContext, early: readonly [Event, boolean][]): void {
  const focusThen = new Map(early);
  const focused = (event: Event) => focusThen.get(event) ?? frame.doc.hasFocus();
  const events = early.map(([event]) => event);
  for (const own of frame.ownFields as FieldInput[])
    watchFromStart(own.fieldInput, events, (input) => watchEntry(input, own.fieldKey as EntryField, undefined, focused));
  focusThen.clear(); // replayed: the events to come are read as they happen
  const handle = (frame.win as unknown as { __paytoken?: SiblingHandle }).__paytoken;
  if (handle) handle.fieldEntry = () => entrySummary()?.[handle.fieldKey as EntryField];
}

/**
 * Installs the later part in a frame (called once, by the first script's loader): loads the brand fonts, watches
 * how the frame's fields are entered (from the frame's start), and in the frame holding the card number starts
 * the device data at the shopper's first interaction (at once when it came before this script).
 *
 * @param frame the frame's context, as the first script built it.
 */
export function installLater(frame: FrameContext): FrameLater {
  const early = frame.earlyEvents ?? [];
  frame.earlyEvents = undefined;
  loadBrandFonts(frame);
  watchOwnEntry(frame, early);
  const number = frame.ownFields.some((own) => own.fieldKey === 'card_number');
  const startDeviceData = (): Promise<unknown> =>
    frame.configProblem
      ? Promise.resolve()
      : deviceData({ collect: frame.frameSettings.frameConfig.deviceData !== false }, () => frame.frameTokenConfig!);
  if (number) {
    if (early.some(([event]) => event.type === 'focus')) void startDeviceData();
    else
      for (const own of frame.ownFields as FieldInput[])
        own.fieldInput.addEventListener('focus', () => void startDeviceData(), { once: true });
  }
  return {
    tokenize: (request) => tokenizeInFrame(frame, request, startDeviceData()),
  };
}
