/**
 * The card entry's summariser: one DOM-free function that turns what the recorder (./entry.ts) noted of one
 * input's events into the summary sent before the token. The form layer and the hosted frames both summarise
 * through it; it sees times and counts only, never a key or a value.
 */

/**
 * How a field's value was entered, each way seen once:
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

/**
 * What the recorder notes of one input (kept in memory, never sent): event times in milliseconds
 * (`Event.timeStamp`) and counts.
 */
export interface EntryLog {
  /** Every way the value was entered, in the order first seen. */
  methods: EntryMethod[];
  /** Each trusted key press (repeats of a held key not counted): [press time, release time, or NaN if none]. */
  presses: number[][];
  /** The times the input received the focus. */
  focuses: number[];
  /** The time of the last change of the value, or NaN. */
  lastChange: number;
  /** Capital letters typed on a physical letter key with neither Shift nor Caps Lock down. */
  capitals: number;
  /** Trusted key presses while the document did not have the focus (`document.hasFocus()` false). */
  unfocused: number;
  /** Trusted deletions (`deleteContentBackward` and the like): the shopper's corrections. */
  deletions: number;
}

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
  /**
   * Median and interquartile range of the times from a key's release to the next key's press (negative when the
   * next key went down first); null without such a pair. A driver that holds each key for the delay it waits
   * between keys releases it just as it presses the next: about 0, whatever the delay.
   */
  key_flight_ms: [median: number, spread: number] | null;
  /** From the first focus to the last change of the value; null without both. */
  focus_to_complete_ms: number | null;
  /** How many times the input received the focus. */
  focus_changes: number;
  /** Capital letters typed on a physical letter key with neither Shift nor Caps Lock down. */
  shiftless_capitals: number;
  /** Trusted key presses while the document did not have the focus. */
  unfocused_keys: number;
  /** Trusted deletions: the shopper's corrections. */
  corrections: number;
}

/** Milliseconds rounded to 0.1 ms. */
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The value at fraction `q` of sorted `values` (nearest rank). */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Median and interquartile range of `values` (finite ones only), rounded; null when there is none. */
const spread = (values: number[]): [number, number] | null => {
  const sorted = values.filter(isFinite).sort((a, b) => a - b);
  return sorted.length ? [round(quantile(sorted, 0.5)), round(quantile(sorted, 0.75) - quantile(sorted, 0.25))] : null;
};

/** The {@link EntrySummary} of what the recorder noted of one input. Pure: no DOM, no clock. */
export function summarizeEntry(log: EntryLog): EntrySummary {
  const { presses } = log;
  const next = presses.slice(1);
  return {
    methods: log.methods,
    keys: presses.length,
    key_interval_ms: spread(next.map(([down], i) => down! - presses[i]![0]!)),
    key_dwell_ms: spread(presses.map(([down, up]) => up! - down!))?.[0] ?? null,
    key_flight_ms: spread(next.map(([down], i) => down! - presses[i]![1]!)),
    focus_to_complete_ms: log.focuses.length && isFinite(log.lastChange) ? round(Math.max(0, log.lastChange - log.focuses[0]!)) : null,
    focus_changes: log.focuses.length,
    shiftless_capitals: log.capitals,
    unfocused_keys: log.unfocused,
    corrections: log.deletions,
  };
}
