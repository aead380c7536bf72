import { stateMachine, type StateRow } from './state-machine';
import type { ChargedCard, StoredRecord } from './records';
import { addDays, addMonths } from '../time/dates';

/**
 * Recurring billing (spec, Resources > Plan object, Subscription object; States and transitions, the Plan and
 * Subscription rows), pure: the two state machines, written from the spec's table, and the billing dates. Rows the
 * spec shows are marked `spec`; the ones it leaves unshown are this sandbox's reading, marked `sandbox` and listed in
 * docs/sandbox.md ("Subscriptions and billing"). Services change a plan's or a subscription's status only through
 * {@link planTransition} and {@link subscriptionTransition} (the state-machine engine, ./state-machine.ts).
 */

/** Plan status values (spec, Plan object `status`). */
export const PLAN_STATUSES = ['active', 'deleted'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Units of a plan's period (spec, Plan object `repeat_unit`). */
export const REPEAT_UNITS = ['week', 'month', 'year'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];

/** Where a subscription goes once its charge attempts are used up (spec, Plan object `status_after_retry`). */
export const STATUSES_AFTER_RETRY = ['unpaid', 'cancelled'] as const;
export type StatusAfterRetry = (typeof STATUSES_AFTER_RETRY)[number];

/** Subscription status values (spec, Subscription object `status`). */
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'unpaid', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Days between a failed charge of a subscription and its next attempt (the spec states none). */
export const RETRY_INTERVAL_DAYS = 1;

/** Most days of trial a plan or a subscription may give (`trial_days`, and `trial_end_date` counted from today): 3650. */
export const MAX_TRIAL_DAYS = 3650;

/** A plan (spec, Resources > Plan object). Money in cents. */
export interface PlanRecord extends StoredRecord {
  name: string;
  amountCents: number;
  currency: 'MXN' | 'USD';
  repeatEvery: number;
  repeatUnit: RepeatUnit;
  /** Charge attempts after a failed one, before `statusAfterRetry`. */
  retryTimes: number;
  status: PlanStatus;
  statusAfterRetry: StatusAfterRetry;
  trialDays: number;
}

/**
 * When a subscription's periods are charged: period `anchorPeriod` on the calendar date `anchor` (`yyyy-mm-dd`,
 * central time), and every `every` `unit` from there. The anchor moves only when a subscription starts anew
 * (reactivated after `unpaid`), so a period's date is always counted from it, never from the one before: a
 * subscription first charged on January 31 is charged on February 28, then on March 31.
 */
export interface Schedule {
  anchor: string;
  anchorPeriod: number;
  every: number;
  unit: RepeatUnit;
}

/** A subscription (spec, Resources > Subscription object). Dates are `yyyy-mm-dd` in the sandbox's central time. */
export interface SubscriptionRecord extends StoredRecord {
  planId: string;
  customerId: string;
  status: SubscriptionStatus;
  /** The card charged: a stored card of the customer (its id) and its facts when it was set. */
  card: ChargedCard & { id: string };
  cancelAtPeriodEnd: boolean;
  /** The last day of the trial: the first charge is the day after. */
  trialEndDate: string;
  /** The current period: 0 in the trial, 1 from the first charge on. */
  period: number;
  /** The next charge attempt, or null when none is coming (unpaid, cancelled, or cancelling at the period's end). */
  chargeDate: string | null;
  /** The last day of the current period (one day before the next period's charge). */
  periodEndDate: string;
  /** Failed attempts to charge the current period. */
  failedAttempts: number;
  schedule: Schedule;
}

/** What can happen to a subscription. `create_*` start one; the others move an existing one. */
export type SubscriptionTrigger =
  'create_trial' | 'create_paid' | 'charge_succeeded' | 'charge_failed' | 'retries_exhausted' | 'card_updated' | 'cancel' | 'period_end';

/** One row of the plan's or the subscription's table. `from: null` is a new record. */
export interface BillingRow<S extends string, T extends string> extends StateRow<S, T> {
  /** The row applies only to a plan with this `status_after_retry` (the spec's "Condition"). */
  when?: StatusAfterRetry;
  /** `spec`: a row of the spec's table; `sandbox`: this sandbox's reading of a transition the spec leaves unshown. */
  source: 'spec' | 'sandbox';
  note: string;
}

/** The plan's row of the spec's table. */
export const PLAN_TRANSITIONS: readonly BillingRow<PlanStatus, 'delete'>[] = [
  {
    from: 'active',
    trigger: 'delete',
    to: 'deleted',
    source: 'spec',
    note: 'DELETE plan: existing subscriptions keep being charged; no new ones',
  },
];

const LIVE = ['trial', 'active', 'past_due'] as const;

/** The subscription's rows of the spec's table, in its order, then ours. */
export const SUBSCRIPTION_TRANSITIONS: readonly BillingRow<SubscriptionStatus, SubscriptionTrigger>[] = [
  {
    from: null,
    trigger: 'create_trial',
    to: 'trial',
    source: 'spec',
    note: 'create subscription: the plan (or trial_end_date) gives a trial',
  },
  { from: 'trial', trigger: 'charge_succeeded', to: 'active', source: 'spec', note: 'the trial ends and the first payment succeeds' },
  {
    from: null,
    trigger: 'create_paid',
    to: 'active',
    source: 'spec',
    note: 'create subscription with no trial (trial_end_date in the past, or zero trial days): active after the first payment',
  },
  { from: 'active', trigger: 'charge_failed', to: 'past_due', source: 'spec', note: 'a charge fails' },
  {
    from: 'past_due',
    trigger: 'retries_exhausted',
    when: 'unpaid',
    to: 'unpaid',
    source: 'spec',
    note: 'every attempt failed (retry_times used): the plan says unpaid',
  },
  {
    from: 'past_due',
    trigger: 'retries_exhausted',
    when: 'cancelled',
    to: 'cancelled',
    source: 'spec',
    note: 'every attempt failed (retry_times used): the plan says cancelled',
  },
  {
    from: 'unpaid',
    trigger: 'card_updated',
    to: 'active',
    source: 'spec',
    note: 'a new payment card reactivates it (the spec leaves the state open): charged at once, active when approved',
  },
  { from: 'trial', trigger: 'charge_failed', to: 'past_due', source: 'sandbox', note: 'the first charge, at the end of the trial, fails' },
  { from: 'active', trigger: 'charge_succeeded', to: 'active', source: 'sandbox', note: 'a new period is charged' },
  { from: 'past_due', trigger: 'charge_succeeded', to: 'active', source: 'sandbox', note: 'a retry succeeds: the period is paid' },
  { from: 'past_due', trigger: 'charge_failed', to: 'past_due', source: 'sandbox', note: 'a retry fails with attempts left' },
  ...[...LIVE, 'unpaid' as const].map((from) => ({
    from,
    trigger: 'cancel' as const,
    to: 'cancelled' as const,
    source: 'sandbox' as const,
    note: 'DELETE subscription: cancelled at once, never charged again',
  })),
  ...(['trial', 'active'] as const).map((from) => ({
    from,
    trigger: 'period_end' as const,
    to: 'cancelled' as const,
    source: 'sandbox' as const,
    note: 'cancel_at_period_end: the period (or the trial) ends with no charge',
  })),
];

/** The subscription machine: a row with `when` applies only to a plan whose `status_after_retry` it names. */
export const SUBSCRIPTION_MACHINE = stateMachine<
  SubscriptionStatus,
  SubscriptionTrigger,
  BillingRow<SubscriptionStatus, SubscriptionTrigger>,
  StatusAfterRetry | undefined
>({
  subject: 'subscription',
  states: SUBSCRIPTION_STATUSES,
  rows: SUBSCRIPTION_TRANSITIONS,
  guard: (row, afterRetry) => row.when === undefined || row.when === afterRetry,
});

/** The plan machine (one row). */
export const PLAN_MACHINE = stateMachine<PlanStatus, 'delete', BillingRow<PlanStatus, 'delete'>>({
  subject: 'plan',
  states: PLAN_STATUSES,
  rows: PLAN_TRANSITIONS,
});

/**
 * The status a subscription reaches from `from` (null: a new one) on `trigger`.
 * @param afterRetry the plan's `status_after_retry` (needed for `retries_exhausted`).
 * @throws SandboxError 3006 (412) naming the status and the trigger, when no row allows it.
 */
export const subscriptionTransition = (
  from: SubscriptionStatus | null,
  trigger: SubscriptionTrigger,
  afterRetry?: StatusAfterRetry,
): SubscriptionStatus => SUBSCRIPTION_MACHINE.next(from, trigger, afterRetry);

/** The status a plan reaches from `from` on `trigger`. @throws SandboxError 3006 when no row allows it. */
export const planTransition = (from: PlanStatus, trigger: 'delete'): PlanStatus => PLAN_MACHINE.next(from, trigger);

/** Whether a subscription in this status may still be charged (trial, active, past_due). */
export const isLive = (s: SubscriptionStatus): boolean => (LIVE as readonly string[]).includes(s);

/** The calendar date period `period` of `s` is charged (spec, Plan object `repeat_every`, `repeat_unit`). */
export function chargeDateOf(s: Schedule, period: number): string {
  const n = (period - s.anchorPeriod) * s.every;
  return s.unit === 'week' ? addDays(s.anchor, 7 * n) : addMonths(s.anchor, s.unit === 'year' ? 12 * n : n);
}

/** The last day of period `period`: one day before the next period's charge (spec, Subscription `period_end_date`). */
export const periodEndOf = (s: Schedule, period: number): string => addDays(chargeDateOf(s, period + 1), -1);

/**
 * The trial of a new subscription created on `today`: `trial_end_date` when sent, else `trialDays` days from today
 * (today included: 30 days of trial created on March 10 end on April 8, the first charge on April 9).
 * @returns the trial's last day, or null when there is no trial (a date before today, or zero days).
 */
export function trialEndOf(today: string, trialDays: number, trialEndDate?: string): string | null {
  const end = trialEndDate ?? addDays(today, trialDays - 1);
  return end >= today ? end : null;
}

/** The billing members of a subscription. */
export type BillingState = Pick<
  SubscriptionRecord,
  'trialEndDate' | 'period' | 'chargeDate' | 'periodEndDate' | 'failedAttempts' | 'schedule'
>;

/**
 * The billing state of a new subscription of a plan repeating `every` `unit`, created on `today`.
 * @param trialEnd the trial's last day (see {@link trialEndOf}), or null: the first charge is today.
 * @returns the state before the first charge: period 0, the first charge on `chargeDate`.
 */
export function startOf(today: string, trialEnd: string | null, every: number, unit: RepeatUnit): BillingState {
  const first = trialEnd === null ? today : addDays(trialEnd, 1);
  return {
    // no trial: the day it starts (a trial of no days), never a date before the subscription existed
    trialEndDate: trialEnd ?? today,
    period: 0,
    chargeDate: first,
    periodEndDate: addDays(first, -1),
    failedAttempts: 0,
    schedule: { anchor: first, anchorPeriod: 1, every, unit },
  };
}

/** Where a charge attempt starts from: a subscription's status (null: one being created) and billing state. */
export type Attempted = Pick<SubscriptionRecord, 'period' | 'failedAttempts' | 'schedule'> & { status: SubscriptionStatus | null };

/** The period a charge attempt charges: the current one while the subscription is `past_due`, else the next. */
export const periodToCharge = (s: Attempted): number => (s.status === 'past_due' ? s.period : s.period + 1);

/** What a charge attempt leads to: the triggers to apply, in order, and the new billing dates. */
export interface Outcome {
  triggers: SubscriptionTrigger[];
  state: Pick<SubscriptionRecord, 'period' | 'chargeDate' | 'periodEndDate' | 'failedAttempts'>;
}

/**
 * The outcome of a charge attempt of `s` made on `today` (pure):
 * - approved: the period is paid (`charge_succeeded`); the next charge is the next period's date;
 * - declined with attempts left (`retryTimes` retries after the first failure): `charge_failed`, the next attempt
 *   {@link RETRY_INTERVAL_DAYS} later; the period's end stays;
 * - declined with none left: `charge_failed` then `retries_exhausted`; no charge comes.
 */
export function outcomeOf(s: Attempted, approved: boolean, retryTimes: number, today: string): Outcome {
  const period = periodToCharge(s);
  const periodEndDate = periodEndOf(s.schedule, period);
  if (approved) {
    const state = { period, chargeDate: chargeDateOf(s.schedule, period + 1), periodEndDate, failedAttempts: 0 };
    return { triggers: ['charge_succeeded'], state };
  }
  const failed = (s.status === 'past_due' ? s.failedAttempts : 0) + 1;
  if (failed <= retryTimes) {
    return {
      triggers: ['charge_failed'],
      state: { period, chargeDate: addDays(today, RETRY_INTERVAL_DAYS), periodEndDate, failedAttempts: failed },
    };
  }
  return { triggers: ['charge_failed', 'retries_exhausted'], state: { period, chargeDate: null, periodEndDate, failedAttempts: failed } };
}

/**
 * A subscription started anew on `today` (reactivated by a new card after `unpaid`): the next period is charged
 * today and the schedule is anchored there.
 */
export function restartOf(
  s: Pick<SubscriptionRecord, 'period' | 'schedule'>,
  today: string,
): Pick<SubscriptionRecord, 'schedule' | 'period' | 'chargeDate' | 'periodEndDate' | 'failedAttempts'> {
  const schedule = { ...s.schedule, anchor: today, anchorPeriod: s.period + 1 };
  const period = s.period + 1;
  return {
    schedule,
    period,
    chargeDate: chargeDateOf(schedule, period + 1),
    periodEndDate: periodEndOf(schedule, period),
    failedAttempts: 0,
  };
}
