import type { Deps } from '../env';
import { apiError } from '../domain/errors';
import { newId } from '../domain/ids';
import type { DbImage } from '../store/snapshot';

/** Most snapshots one merchant keeps (in memory); taking one more pushes out its oldest. */
export const MAX_SNAPSHOTS = 20;

/** One snapshot: the merchant's whole database and the time on its clock when it was taken (epoch ms). */
interface Snapshot {
  image: DbImage;
  nowMs: number;
}

/**
 * A merchant's snapshots (simulation API, `POST {base}/sandbox/v1/{merchant_id}/snapshots`): each is its whole
 * database (records, ledger, events, deliveries, jobs, the clock's offset) as SQLite serializes it, kept in memory,
 * at most {@link MAX_SNAPSHOTS} (the oldest pushed out). A restore puts every row back in one transaction and the
 * clock back on the snapshot's time, earlier than now included, so jobs due after it run again as time moves.
 */
export class Snapshots {
  readonly #taken = new Map<string, Snapshot>();

  constructor(
    private readonly d: Deps,
    readonly max = MAX_SNAPSHOTS,
  ) {}

  /** Takes a snapshot now. @returns its id (`snap...`). */
  take(): string {
    const id = newId('snap');
    const snapshot = { image: this.d.store.image(), nowMs: this.d.clock.nowMs() };
    while (this.#taken.size >= this.max) this.#taken.delete(this.#taken.keys().next().value!);
    this.#taken.set(id, snapshot);
    return id;
  }

  /**
   * Brings the merchant's data and clock back to snapshot `id`. @returns the clock's time after it (epoch ms).
   * @throws 1005 when no snapshot has that id (never taken, pushed out, or of another merchant).
   */
  restore(id: string): number {
    const s = this.#taken.get(id);
    if (!s) throw apiError(1005, `No snapshot ${id}`);
    this.d.store.tx(() => {
      this.d.store.restore(s.image);
      this.d.clock.restoreTo(s.nowMs);
    });
    this.d.deliveries.kick();
    return this.d.clock.nowMs();
  }

  /** How many snapshots are kept. */
  get size(): number {
    return this.#taken.size;
  }
}
