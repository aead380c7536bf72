import type { Deps } from './env';
import { EXPIRE_JOB, expireChallengeJob } from './resources/charges/three-ds';

/**
 * Every kind of job the scheduler runs (time/scheduler.ts) and its handler: one list, so a newcomer finds what
 * happens on the clock in one place. Each handler runs inside its job's database transaction.
 */
export function registerJobs(d: Deps): void {
  d.scheduler.on(EXPIRE_JOB, (job) => expireChallengeJob(d, job));
}
