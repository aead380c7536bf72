import type { Db } from './db';
import { statement } from './statements';

/** A job of the scheduler: what to do (`kind`, `ref`, `data`) and when (`due`, epoch ms). */
export interface Job {
  seq: number;
  kind: string;
  due: number;
  /** What the job is about (a transaction, a subscription): to find or cancel it. */
  ref: string;
  data: Record<string, unknown>;
}

/**
 * The scheduler's jobs: added in the transaction that decides them, done exactly once (time/scheduler.ts).
 *
 * Every request asks for the due jobs first (http/due-jobs.ts), so the answer "none due" is kept in memory: a time
 * at or before the earliest pending job's due time, lowered by every {@link add} (a job added in a transaction that
 * rolls back only lowers it more) and read again from the table once a look finds nothing due outside a
 * transaction. Until that time, {@link nextDue} answers without reading. A write to the table from elsewhere (a
 * snapshot's restore) calls {@link forgetEarliest}.
 */
export class JobRepo {
  /** No pending job is due before this (epoch ms); -Infinity: not known. */
  #earliest = -Infinity;

  constructor(readonly db: Db) {}

  add(kind: string, due: number, ref: string, data: Record<string, unknown> = {}): void {
    const at = Math.round(due);
    statement(this.db, 'INSERT INTO jobs (kind, due, ref, doc) VALUES (?, ?, ?, ?)').run(kind, at, ref, JSON.stringify(data));
    this.#earliest = Math.min(this.#earliest, at);
  }

  /** The jobs table was written other than by this repository: the next {@link nextDue} reads it. */
  forgetEarliest(): void {
    this.#earliest = -Infinity;
  }

  /** The earliest job not done with `due` at or before `until` (ties: the first added), or undefined. */
  nextDue(until: number): Job | undefined {
    if (until < this.#earliest) return undefined;
    const r = statement<[number], { seq: number; kind: string; due: number; ref: string; doc: string }>(
      this.db,
      'SELECT seq, kind, due, ref, doc FROM jobs WHERE done IS NULL AND due <= ? ORDER BY due, seq LIMIT 1',
    ).get(until);
    // outside a transaction what it read is committed, so the earliest pending due time it reads next holds
    if (!r && !this.db.inTransaction) this.#earliest = this.nextDueAt() ?? Infinity;
    return r && { seq: r.seq, kind: r.kind, due: r.due, ref: r.ref, data: JSON.parse(r.doc) as Record<string, unknown> };
  }

  /** When the earliest pending job is due (epoch ms), or undefined when none is pending. */
  nextDueAt(): number | undefined {
    return statement<[], { due: number | null }>(this.db, 'SELECT MIN(due) AS due FROM jobs WHERE done IS NULL').get()?.due ?? undefined;
  }

  /** Marks a job done at `at` (with the error that stopped it, if any): it never runs again. */
  finish(seq: number, at: number, error: string | null = null): void {
    statement(this.db, 'UPDATE jobs SET done = ?, error = ? WHERE seq = ?').run(at, error, seq);
  }

  /** Cancels the pending jobs of `kind` about `ref` (marked done, error `cancelled`). */
  cancel(kind: string, ref: string, at: number): void {
    statement(this.db, "UPDATE jobs SET done = ?, error = 'cancelled' WHERE kind = ? AND ref = ? AND done IS NULL").run(at, kind, ref);
  }

  /** The pending jobs about `ref`, earliest first (the dashboard; tests). */
  pendingFor(ref: string): Job[] {
    return statement<[string], { seq: number; kind: string; due: number; ref: string; doc: string }>(
      this.db,
      'SELECT seq, kind, due, ref, doc FROM jobs WHERE done IS NULL AND ref = ? ORDER BY due, seq',
    )
      .all(ref)
      .map((r) => ({ seq: r.seq, kind: r.kind, due: r.due, ref: r.ref, data: JSON.parse(r.doc) as Record<string, unknown> }));
  }

  /** How many jobs are pending. */
  get pending(): number {
    return statement<[], { n: number }>(this.db, 'SELECT count(*) AS n FROM jobs WHERE done IS NULL').get()!.n;
  }
}
