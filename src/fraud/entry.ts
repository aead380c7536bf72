/**
 * Behavioural signals of the card entry: how the card number got into its input, never what it is. The form layer
 * and the hosted card-number frame each watch their input ({@link watchEntry}); when the shopper submits,
 * `deviceDataSent` (./device-data.ts) sends the summary under the page's `device_session_id`, after the device
 * data and before the token is handed over.
 */

/**
 * How a card number was entered, each way seen once:
 * - `typed`: trusted input events that followed trusted key presses (a keyboard, an on-screen keyboard, an IME);
 * - `pasted`: a trusted paste or drop (`insertFromPaste`, `insertFromDrop`);
 * - `autofilled`: the browser's autofill: the input matches `:autofill` (`:-webkit-autofill`), or a trusted input
 *   event without an `inputType` or with `insertReplacementText`;
 * - `inserted`: trusted text insertion with no key press, not a paste nor autofill (automation's `insertText`,
 *   Playwright's `fill`; also dictation);
 * - `scripted`: the value changed without the trusted input events that would have produced it (`input.value =`
 *   from a script, or a synthetic `input` event).
 */
export type EntryMethod = 'typed' | 'pasted' | 'autofilled' | 'inserted' | 'scripted';

/** The summary of one input's entry; times in milliseconds (0.1 ms steps). Never a value, nor its length. */
export interface EntrySummary {
  /** Every way the value was entered, in the order first seen. */
  methods: EntryMethod[];
  /** Trusted key presses in the input (repeats of a held key not counted). */
  keys: number;
  /** Median and interquartile range of the times between key presses; null under 2 presses. */
  key_interval_ms: [median: number, spread: number] | null;
  /** Median time a key was held down (press to release); null without a release. */
  key_dwell_ms: number | null;
  /** From the first focus to the last change of the value; null without both. */
  focus_to_complete_ms: number | null;
  /** How many times the input received the focus. */
  focus_changes: number;
}

/** The summaries of the inputs watched on this page (one per input; usually just the card number). */
const watched = new Set<() => EntrySummary>();

/** Milliseconds rounded to 0.1 ms. */
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The value at fraction `q` of sorted `values` (nearest rank). */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Whether the browser's autofill filled `input` (`:autofill`, standard; `:-webkit-autofill` in older WebKit). */
const autofilled = (input: HTMLInputElement) => {
  try {
    return input.matches(':autofill');
  } catch {
    try {
      return input.matches(':-webkit-autofill');
    } catch {
      return false;
    }
  }
};

/**
 * Watches how the card number is entered in `input` (listeners only: nothing is read but trusted events' types and
 * times and the count of digits, to tell a value set by script) until `signal` aborts. Does nothing without an
 * input.
 */
export function watchEntry(input: HTMLInputElement | null | undefined, signal?: AbortSignal): void {
  if (!input) return;
  const methods = new Set<EntryMethod>();
  const downs: number[] = [];
  const held = new Map<string, number>();
  const dwells: number[] = [];
  let keysBefore = 0;
  let firstFocus: number | undefined;
  let lastChange: number | undefined;
  let focuses = 0;
  let trustedDigits = 0;
  const digits = () => input.value.replace(/\D/g, '').length;
  const on = (type: string, listener: (e: KeyboardEvent & InputEvent) => void) =>
    input.addEventListener(type, listener as EventListener, { capture: true, signal });

  on('focus', (e) => {
    focuses++;
    firstFocus ??= e.timeStamp;
  });
  on('keydown', (e) => {
    if (!e.isTrusted || e.repeat) return;
    downs.push(e.timeStamp);
    held.set(e.code || e.key, e.timeStamp);
  });
  on('keyup', (e) => {
    const down = held.get(e.code || e.key);
    if (e.isTrusted && down !== undefined) dwells.push(e.timeStamp - down);
  });
  on('input', (e) => {
    lastChange = e.timeStamp;
    if (!e.isTrusted) return methods.add('scripted');
    const type = e.inputType;
    methods.add(
      /Paste|Drop/.test(type)
        ? 'pasted'
        : autofilled(input) || !type || type === 'insertReplacementText'
          ? 'autofilled'
          : downs.length > keysBefore || /^delete/.test(type)
            ? 'typed'
            : 'inserted',
    );
    keysBefore = downs.length;
    // the digits this trusted event left, once the page's own handlers (formatting) have run too
    trustedDigits = digits();
    setTimeout(() => (trustedDigits = digits()));
  });

  const summary = (): EntrySummary => {
    const seen = new Set(methods);
    if (digits() && digits() !== trustedDigits) seen.add('scripted');
    const intervals = downs
      .slice(1)
      .map((t, i) => t - downs[i]!)
      .sort((a, b) => a - b);
    const holds = [...dwells].sort((a, b) => a - b);
    return {
      methods: [...seen],
      keys: downs.length,
      key_interval_ms: intervals.length
        ? [round(quantile(intervals, 0.5)), round(quantile(intervals, 0.75) - quantile(intervals, 0.25))]
        : null,
      key_dwell_ms: holds.length ? round(quantile(holds, 0.5)) : null,
      focus_to_complete_ms: firstFocus !== undefined && lastChange !== undefined ? round(Math.max(0, lastChange - firstFocus)) : null,
      focus_changes: focuses,
    };
  };
  watched.add(summary);
  signal?.addEventListener('abort', () => watched.delete(summary));
}

/**
 * The entry summary of the card number watched last on this page, as the body member `entry` of
 * `POST /device-data/entry` (`{ card_number: EntrySummary }`), or undefined when no input is watched.
 */
export function entrySummary(): { card_number: EntrySummary } | undefined {
  const last = [...watched].pop();
  return last && { card_number: last() };
}
