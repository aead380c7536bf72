import type { Db } from './db';

/** A job of the scheduler: what to do (`kind`, `ref`, `data`) and when (`due`, epoch ms). */
export interface Job {
  seq: number;
  kind: string;
  due: number;
  /** What the job is about (a transaction, a subscription): to find or cancel it. */
  ref: string;
  data: Record<string, unknown>;
}

/** The scheduler's jobs: added in the transaction that decides them, done exactly once (time/scheduler.ts). */
export class JobRepo {
  constructor(readonly db: Db) {}

  add(kind: string, due: number, ref: string, data: Record<string, unknown> = {}): void {
    this.db.prepare('INSERT INTO jobs (kind, due, ref, doc) VALUES (?, ?, ?, ?)').run(kind, Math.round(due), ref, JSON.stringify(data));
  }

  /** The earliest job not done with `due` at or before `until` (ties: the first added), or undefined. */
  nextDue(until: number): Job | undefined {
    const r = this.db
      .prepare<[number], { seq: number; kind: string; due: number; ref: string; doc: string }>(
        'SELECT seq, kind, due, ref, doc FROM jobs WHERE done IS NULL AND due <= ? ORDER BY due, seq LIMIT 1',
      )
      .get(until);
    return r && { seq: r.seq, kind: r.kind, due: r.due, ref: r.ref, data: JSON.parse(r.doc) as Record<string, unknown> };
  }

  /** When the earliest pending job is due (epoch ms), or undefined when none is pending. */
  nextDueAt(): number | undefined {
    return this.db.prepare<[], { due: number | null }>('SELECT MIN(due) AS due FROM jobs WHERE done IS NULL').get()?.due ?? undefined;
  }

  /** Marks a job done at `at` (with the error that stopped it, if any): it never runs again. */
  finish(seq: number, at: number, error: string | null = null): void {
    this.db.prepare('UPDATE jobs SET done = ?, error = ? WHERE seq = ?').run(at, error, seq);
  }

  /** Cancels the pending jobs of `kind` about `ref` (marked done, error `cancelled`). */
  cancel(kind: string, ref: string, at: number): void {
    this.db.prepare("UPDATE jobs SET done = ?, error = 'cancelled' WHERE kind = ? AND ref = ? AND done IS NULL").run(at, kind, ref);
  }

  /** The pending jobs about `ref`, earliest first (the dashboard; tests). */
  pendingFor(ref: string): Job[] {
    return this.db
      .prepare<[string], { seq: number; kind: string; due: number; ref: string; doc: string }>(
        'SELECT seq, kind, due, ref, doc FROM jobs WHERE done IS NULL AND ref = ? ORDER BY due, seq',
      )
      .all(ref)
      .map((r) => ({ seq: r.seq, kind: r.kind, due: r.due, ref: r.ref, data: JSON.parse(r.doc) as Record<string, unknown> }));
  }

  /** How many jobs are pending. */
  get pending(): number {
    return this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM jobs WHERE done IS NULL').get()!.n;
  }
}
