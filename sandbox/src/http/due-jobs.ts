import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../env';

/**
 * Before a request is handled, runs the scheduler's jobs that fell due (./../time/scheduler.ts): whatever the clock
 * says, every request sees a world where everything due has happened (a 3-D Secure charge past its time is already
 * cancelled, a payout due to settle has settled). The scheduler also runs on its own timer; this closes the gap of
 * up to one tick. Costs one indexed read when nothing is due.
 */
export const dueJobs =
  (d: Deps): MiddlewareHandler =>
  async (_c, next) => {
    d.scheduler.runDueQuietly(); // a failing database is the request's own answer (1004 or 1000), not this one's
    await next();
  };
