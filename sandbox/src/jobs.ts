import type { Deps } from './env';
import { chargeDueJob, DUE_JOB } from './resources/charges/due';
import { EXPIRE_JOB, expireChallengeJob } from './resources/charges/three-ds';
import { PAYOUT_JOB, settlePayoutJob } from './resources/payouts/service';
import { BILL_JOB, billJob } from './resources/subscriptions/billing';
import { ATTEMPT_JOB } from './events/deliveries';
import { STAMP_JOB, stampInvoiceJob } from './resources/invoices/stamp';

/**
 * Every kind of job the scheduler runs (time/scheduler.ts) and its handler: one list, so a newcomer finds what
 * happens on the clock in one place. Each handler runs inside its job's database transaction.
 */
export function registerJobs(d: Deps): void {
  d.scheduler.on(EXPIRE_JOB, (job) => expireChallengeJob(d, job));
  d.scheduler.on(PAYOUT_JOB, (job) => settlePayoutJob(d, job));
  d.scheduler.on(BILL_JOB, (job) => billJob(d, job));
  d.scheduler.on(DUE_JOB, (job) => chargeDueJob(d, job));
  d.scheduler.on(ATTEMPT_JOB, (job) => d.deliveries.onAttemptDue(job.ref));
  d.scheduler.on(STAMP_JOB, (job) => stampInvoiceJob(d, job));
}
