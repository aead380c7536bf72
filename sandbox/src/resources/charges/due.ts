import type { Deps } from '../../env';
import { walletDeadline } from '../../domain/methods/wallet';
import type { TransactionRecord } from '../../domain/records';
import type { Job } from '../../time/scheduler';
import { moveTo } from '../shared/move';

/**
 * The clock's side of the charges paid away from the merchant's page: a job at each charge's due date cancels it
 * when it is still unpaid (store and bank charges `in_progress`, redirect, wallet and IVR charges `charge_pending`).
 * A wallet payer who signed in before the due date has the spec's grace (domain/methods/wallet.ts): the job moves
 * to the grace's end.
 */

/** The job that cancels an unpaid charge at its due date (its `ref` is the charge's id). */
export const DUE_JOB = 'charge.due';

/** `error_message` of a charge cancelled unpaid. */
export const DUE_MESSAGE = 'The charge was not paid by its due date (cancelled)';

/** Whether a charge still waits for the shopper's payment (not a held card charge). */
export const awaitsPayment = (t: TransactionRecord): boolean =>
  (t.status === 'in_progress' || t.status === 'charge_pending') && t.heldCents === undefined;

/** The job {@link DUE_JOB}: the charge's time is up (or, for a signed-in wallet payer, the grace starts). */
export function chargeDueJob(d: Deps, job: Job): void {
  const charge = d.store.transactions.get(job.ref);
  if (!charge || !awaitsPayment(charge)) return;
  const wallet = d.store.chargeKeys.of(charge.id, 'wallet');
  if (wallet && charge.dueDate !== undefined) {
    const deadline = walletDeadline(charge.dueDate, wallet.signedInAt ?? null);
    if (deadline > d.clock.nowMs()) {
      d.scheduler.schedule(DUE_JOB, deadline, charge.id);
      return;
    }
  }
  moveTo(d, charge, 'expire', 'charge.cancelled', { errorMessage: DUE_MESSAGE });
}

/** Ends a charge's due job (it was paid, failed or cancelled), inside the caller's transaction. */
export const stopDueJob = (d: Deps, t: TransactionRecord): void => d.scheduler.cancel(DUE_JOB, t.id);
