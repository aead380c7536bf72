import type { Deps } from '../env';

/** Most steps of one advance: a bound against a job that keeps scheduling itself. */
const MAX_STEPS = 100_000;

/**
 * Moves the clock `seconds` forward as the scheduler's `advance` does, and lets webhook deliveries keep up: jobs
 * run one due time at a time, and after each step the sends it started are awaited and their results recorded
 * (./dispatcher.ts `settle`) before the next, so a retry they schedule within the span runs within it too. A day
 * of the retry schedule replays in one call, each attempt dated at its due time.
 * @returns the new now (epoch ms) and how many jobs ran.
 */
export async function advanceWithDeliveries(d: Deps, seconds: number): Promise<{ now: number; jobs: number }> {
  const target = d.clock.nowMs() + seconds * 1000;
  let jobs = 0;
  await d.deliveries.settle();
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = d.store.jobs.nextDueAt();
    if (next === undefined || next > target) break;
    const ran = d.scheduler.runDue(Math.max(next, d.clock.nowMs()));
    jobs += ran;
    await d.deliveries.settle();
    if (ran === 0 && next <= d.clock.nowMs()) break;
  }
  d.clock.moveTo(target);
  return { now: d.clock.nowMs(), jobs };
}
