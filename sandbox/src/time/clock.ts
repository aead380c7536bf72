/**
 * The sandbox's one clock: every date it writes (records, due dates, time to live, 3-D Secure challenges, jobs)
 * is read here. It is the real clock plus an offset that only grows: the simulation API moves it forward
 * (`POST /sandbox/v1/{merchant_id}/clock/advance`), and the offset is stored with the data, so a moved clock
 * stays moved across a restart. Only a snapshot's restore (simulate/snapshots.ts) sets it back, possibly below zero.
 */
export class Clock {
  #offsetMs: number;

  /**
   * @param real the real time in epoch milliseconds. @default Date.now
   * @param offsetMs the stored offset to start from, milliseconds (below zero after a restore to an earlier time). @default 0
   * @param save called with the new offset each time the clock moves (the store persists it).
   */
  constructor(
    private readonly real: () => number = Date.now,
    offsetMs = 0,
    private readonly save: (offsetMs: number) => void = () => {},
  ) {
    this.#offsetMs = Number.isFinite(offsetMs) ? offsetMs : 0;
  }

  /** Now, in epoch milliseconds. */
  nowMs(): number {
    return this.real() + this.#offsetMs;
  }

  /** Now, as a Date. */
  now(): Date {
    return new Date(this.nowMs());
  }

  /** How far ahead of the real clock this one is, milliseconds. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock to `ms` (epoch milliseconds); a time at or before now changes nothing (time never goes back). */
  moveTo(ms: number): void {
    const offset = ms - this.real();
    if (offset <= this.#offsetMs) return;
    this.#offsetMs = offset;
    this.save(offset);
  }

  /** Sets the clock to `ms` (epoch milliseconds), earlier than now included: a snapshot's restore. */
  restoreTo(ms: number): void {
    this.#offsetMs = ms - this.real();
    this.save(this.#offsetMs);
  }

  /** Puts the clock back on real time (the sandbox's reset). */
  reset(): void {
    this.#offsetMs = 0;
    this.save(0);
  }
}
