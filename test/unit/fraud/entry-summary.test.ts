/**
 * The card entry's summariser (src/fraud/entry-summary.ts), DOM-free: the log of one input in, the summary out.
 * The recorder that fills the log in a browser is tested in entry.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { summarizeEntry, type EntryLog } from '../../../src/fraud/entry-summary';

const log = (patch: Partial<EntryLog> = {}): EntryLog => ({
  methods: [],
  presses: [],
  focuses: [],
  lastChange: NaN,
  capitals: 0,
  unfocused: 0,
  deletions: 0,
  ...patch,
});

describe('summarizeEntry', () => {
  it('nothing noted: zeros and nulls', () => {
    expect(summarizeEntry(log())).toEqual({
      methods: [],
      keys: 0,
      key_interval_ms: null,
      key_dwell_ms: null,
      key_flight_ms: null,
      focus_to_complete_ms: null,
      focus_changes: 0,
      shiftless_capitals: 0,
      unfocused_keys: 0,
      corrections: 0,
    });
  });

  it("a person's presses: intervals, holds and flights each their median, the spreads their interquartile range", () => {
    const presses = [
      [0, 95],
      [180, 260],
      [330, 450],
      [600, 690],
      [720, 800],
    ];
    expect(summarizeEntry(log({ methods: ['typed'], presses, focuses: [-400, 2000], lastChange: 720.04 }))).toMatchObject({
      keys: 5,
      // intervals 180, 150, 270, 120: sorted 120, 150, 180, 270
      key_interval_ms: [180, 120],
      // holds 95, 80, 120, 90, 80
      key_dwell_ms: 90,
      // flights 85, 70, 150, -90: sorted -90, 70, 85, 150
      key_flight_ms: [85, 80],
      focus_to_complete_ms: 1120,
      focus_changes: 2,
    });
  });

  it('a press not released (Tab leaving the field) counts as a key, without a hold or a flight', () => {
    const s = summarizeEntry(
      log({
        presses: [
          [0, 80],
          [200, NaN],
          [400, 470],
        ],
      }),
    );
    // holds 80 and 70: the median by nearest rank is the upper one
    expect(s).toMatchObject({ keys: 3, key_dwell_ms: 80, key_flight_ms: [120, 0], key_interval_ms: [200, 0] });
  });

  it('counts are passed through under their summary names', () => {
    expect(summarizeEntry(log({ capitals: 2, unfocused: 3, deletions: 4 }))).toMatchObject({
      shiftless_capitals: 2,
      unfocused_keys: 3,
      corrections: 4,
    });
  });
});
