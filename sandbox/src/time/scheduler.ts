import { loggableError } from '../domain/errors';
import type { Store } from '../store/index';
import type { Job } from '../store/jobs';
import type { Clock } from './clock';
import { isBusy, isStorageError } from '../store/db';

export type { Job } from '../store/jobs';

/** What runs a job: synchronous, inside the job's database transaction (its writes and the job's end commit together). */
export type JobHandler = (job: Job) => void;

/** Most jobs one run may execute: a bound against a job that keeps scheduling itself in the past. */
export const MAX_JOBS_PER_RUN = 100_000;

/**
 * The scheduler of due jobs (subscription billing, charges past their due date, payouts settling, 3-D Secure
 * challenges expiring, webhook retries): jobs are rows written in the transaction that decides them; each runs in
 * time order (then in the order added), exactly once: its handler and its end commit in one transaction, so a
 * crash either loses both or neither, and a restart finds it still due. It runs on its own in real time
 * ({@link Scheduler.start}), and on demand when the simulation API moves the clock ({@link Scheduler.advance}).
 */
export class Scheduler {
  readonly #handlers = new Map<string, JobHandler>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running = false;

  constructor(
    readonly store: Store,
    readonly clock: Clock,
    readonly log: (line: string) => void = () => {},
  ) {}

  /** Registers the handler of a job kind (one per kind). */
  on(kind: string, handler: JobHandler): this {
    this.#handlers.set(kind, handler);
    return this;
  }

  /** Adds a job; call it inside the transaction that decides it. @param due epoch ms. */
  schedule(kind: string, due: number, ref: string, data: Record<string, unknown> = {}): void {
    this.store.jobs.add(kind, due, ref, data);
  }

  /** Cancels the pending jobs of `kind` about `ref` (inside the caller's transaction). */
  cancel(kind: string, ref: string): void {
    this.store.jobs.cancel(kind, ref, this.clock.nowMs());
  }

  /**
   * Runs every job due by `until` (epoch ms; default now), earliest first, each in its own transaction, moving the
   * clock to each job's due time first so that what it writes is dated when it was due. A job whose handler
   * throws is ended with its error (logged), so it cannot block the ones after it. When the database itself fails
   * (busy, read-only, full: `isStorageError`), the job rolls back and stays due, the run stops, and the error goes
   * on (logged): the job runs again at the next run, once the cause is gone.
   * @returns how many jobs ran.
   */
  runDue(until = this.clock.nowMs()): number {
    if (this.#running) return 0;
    this.#running = true;
    let ran = 0;
    try {
      for (let job = this.store.jobs.nextDue(until); job && ran < MAX_JOBS_PER_RUN; job = this.store.jobs.nextDue(until), ran++) {
        this.clock.moveTo(job.due);
        this.#runOne(job);
      }
    } finally {
      this.#running = false;
    }
    return ran;
  }

  #runOne(job: Job): void {
    const handler = this.#handlers.get(job.kind);
    try {
      this.store.tx(() => {
        handler?.(job);
        this.store.jobs.finish(job.seq, this.clock.nowMs(), handler ? null : `no handler for ${job.kind}`);
      });
    } catch (e) {
      if (isStorageError(e)) {
        this.log(
          `job ${job.kind} ${job.ref} waits: the database is ${isBusy(e) ? 'busy' : 'failing'} (${(e as Error).message}); it runs again later`,
        );
        throw e;
      }
      this.log(`job ${job.kind} ${job.ref} failed: ${loggableError(e)}`);
      this.store.jobs.finish(job.seq, this.clock.nowMs(), (e as Error).message.slice(0, 500));
    }
  }

  /** {@link runDue}, a failing database logged instead of thrown (the timer's run, and the one before each request). */
  runDueQuietly(): number {
    try {
      return this.runDue();
    } catch (e) {
      if (!isStorageError(e)) throw e;
      return 0;
    }
  }

  /**
   * Moves the clock `seconds` forward, running in time order every job that falls due on the way (and the jobs
   * those schedule, when they fall due before the end). @returns the new now and how many jobs ran.
   */
  advance(seconds: number): { now: number; jobs: number } {
    const target = this.clock.nowMs() + seconds * 1000;
    const jobs = this.runDue(target);
    this.clock.moveTo(target);
    return { now: this.clock.nowMs(), jobs };
  }

  /** Runs due jobs on its own: at the next due time, checked at least every `everyMs` (default 1 s). */
  start(everyMs = 1000): void {
    const tick = () => {
      this.runDueQuietly();
      let next: number | undefined;
      try {
        next = this.store.jobs.nextDueAt();
      } catch (e) {
        this.log(`scheduler: ${(e as Error).message}; it tries again in ${everyMs} ms`);
      }
      const wait = next === undefined ? everyMs : Math.max(10, Math.min(everyMs, next - this.clock.nowMs()));
      this.#timer = setTimeout(tick, wait);
      this.#timer.unref();
    };
    this.stop();
    this.#timer = setTimeout(tick, 0);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
