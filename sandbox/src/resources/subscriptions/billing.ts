import type { Deps } from '../../env';
import { SandboxError } from '../../domain/errors';
import type { TransactionRecord } from '../../domain/records';
import {
  isLive,
  outcomeOf,
  periodToCharge,
  subscriptionTransition,
  type PlanRecord,
  type StatusAfterRetry,
  type SubscriptionRecord,
  type SubscriptionStatus,
  type SubscriptionTrigger,
} from '../../domain/subscription';
import { emit } from '../../events/outbox';
import { dayStart, localDate } from '../../time/dates';
import type { Job } from '../../time/scheduler';
import { ensureActive, placeCardCharge } from '../charges/service';
import { subscriptionView } from './view';

/**
 * Billing on the clock (spec, Subscription object: charge_date, period_end_date, current_period_number; States and
 * transitions): one job per coming charge attempt, run by the scheduler in time order inside one database
 * transaction with everything it writes (the charge, its ledger entries and events, the subscription, the next job),
 * so each period is billed exactly once, across restarts and long clock advances alike.
 */

/** The job that charges (or, with `cancel_at_period_end`, ends) a subscription on its `charge_date`. */
export const BILL_JOB = 'subscription.bill';

/** A subscription not stored yet (no status until the state machine gives it one), or a stored one. */
export type SubscriptionDraft = Omit<SubscriptionRecord, 'status'> & { status?: SubscriptionStatus };

/**
 * Moves a subscription by `trigger` through its state machine (a draft: its first status) with `change` applied and
 * stores it (inserted when new). The one way a service sets a subscription's status.
 * @param afterRetry the plan's `status_after_retry` (for `retries_exhausted`).
 * @throws SandboxError 3006 when the state machine does not allow the move.
 */
export function moveSubscription(
  d: Deps,
  s: SubscriptionDraft,
  trigger: SubscriptionTrigger,
  change: Partial<SubscriptionRecord> = {},
  afterRetry?: StatusAfterRetry,
): SubscriptionRecord {
  const next: SubscriptionRecord = { ...s, ...change, status: subscriptionTransition(s.status ?? null, trigger, afterRetry) };
  if (s.status === undefined) d.store.subscriptions.insert(next);
  else d.store.subscriptions.update(next);
  return next;
}

/** Puts the subscription's one pending job on its `charge_date` (00:00 central time), or none when no charge comes. */
export function scheduleBilling(d: Deps, s: SubscriptionRecord): void {
  d.scheduler.cancel(BILL_JOB, s.id);
  if (s.chargeDate !== null && isLive(s.status)) d.scheduler.schedule(BILL_JOB, dayStart(s.chargeDate), s.id, { date: s.chargeDate });
}

/**
 * Charges period `period` of a subscription to its card, through the card-charge path of `POST /charges`
 * (resources/charges/service.ts `placeCardCharge`: the card's test outcome decides; the ledger and the charge's own
 * events follow): a customer-level card charge of the plan's amount naming the subscription, with no device session
 * (the shopper is not there) and no order id. Runs in a savepoint of the caller's transaction.
 * @returns the stored charge, or the refusal: of a charge stored `failed`, or of one the path refused before storing
 *   anything (merchant deactivated 1008, card deleted 1005, store full 1003), whose writes are rolled back.
 */
export function chargeSubscription(
  d: Deps,
  s: Pick<SubscriptionRecord, 'id' | 'customerId' | 'card'>,
  plan: PlanRecord,
  period: number,
): TransactionRecord | SandboxError {
  const description = `${plan.name.slice(0, 180)} (subscription ${s.id}, period ${period})`;
  const body = {
    method: 'card' as const,
    source_id: s.card.id,
    card: undefined,
    amount: plan.amountCents,
    cvv2: undefined,
    currency: plan.currency,
    description,
    capture: true,
    use_card_points: 'NONE' as const,
    use_3d_secure: false,
  };
  try {
    return d.store.tx(() => {
      ensureActive(d);
      return placeCardCharge(d, { body, customerId: s.customerId, ip: null, subscriptionId: s.id });
    });
  } catch (e) {
    if (e instanceof SandboxError) return e;
    throw e;
  }
}

/**
 * The job {@link BILL_JOB}, on the subscription's `charge_date`: a stale job (the subscription ended, or its date
 * moved) does nothing; with `cancel_at_period_end` the subscription ends (`period_end`) uncharged; otherwise the
 * period is charged and the outcome moves it (domain/subscription.ts `outcomeOf`): paid, `past_due` with a retry
 * the next day, or the plan's `status_after_retry`. A failed attempt emits `subscription.charge.failed` (the
 * Subscription object after it); the next job is scheduled in the same transaction.
 */
export function billJob(d: Deps, job: Job): void {
  const s = d.store.subscriptions.get(job.ref);
  if (!s || !isLive(s.status) || s.chargeDate !== job.data.date) return;
  if (s.cancelAtPeriodEnd && s.status !== 'past_due') {
    moveSubscription(d, s, 'period_end', { chargeDate: null });
    return;
  }
  const plan = d.store.plans.get(s.planId)!;
  const now = d.clock.nowMs();
  const charge = chargeSubscription(d, s, plan, periodToCharge(s));
  const approved = !(charge instanceof SandboxError);
  const outcome = outcomeOf(s, approved, plan.retryTimes, localDate(now));
  let next = s;
  for (const trigger of outcome.triggers) next = moveSubscription(d, next, trigger, outcome.state, plan.statusAfterRetry);
  if (charge instanceof SandboxError) {
    d.log?.(`subscription ${s.id} charge failed (${charge.error.error_code}): now ${next.status}`);
    emit(d.store, 'subscription.charge.failed', s.id, subscriptionView(next), now);
  }
  scheduleBilling(d, next);
}
