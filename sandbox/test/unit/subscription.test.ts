/**
 * The plan and subscription state machines (sandbox/src/domain/subscription.ts) against the spec's "States and
 * transitions" table, row by row (its Plan and Subscription rows, then the sandbox's own, docs/sandbox.md
 * "Subscriptions and billing"): every row moves as written, every other move is 3006, and the table has no row this
 * test does not name. Then the billing dates: periods counted from their anchor (months keep their day or take the
 * month's last), trials, and the outcome of a charge attempt.
 */
import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/domain/errors';
import {
  chargeDateOf,
  outcomeOf,
  periodEndOf,
  planTransition,
  PLAN_TRANSITIONS,
  restartOf,
  startOf,
  subscriptionTransition,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TRANSITIONS,
  trialEndOf,
  type Schedule,
  type StatusAfterRetry,
  type SubscriptionStatus,
  type SubscriptionTrigger,
} from '../../src/domain/subscription';
import { MONTH_ENDS_2026 } from './billing-fixtures';

type Expected = [from: SubscriptionStatus | null, trigger: SubscriptionTrigger, when: StatusAfterRetry | undefined, to: SubscriptionStatus];

/** The spec's Subscription rows (payments-api.md, States and transitions), in its order. */
const SPEC_ROWS: Expected[] = [
  [null, 'create_trial', undefined, 'trial'], // Create subscription, plan has a trial period -> trial
  ['trial', 'charge_succeeded', undefined, 'active'], // Trial ends and first payment succeeds -> active
  [null, 'create_paid', undefined, 'active'], // no trial -> active (after the first payment)
  ['active', 'charge_failed', undefined, 'past_due'], // Charge fails -> past_due
  ['past_due', 'retries_exhausted', 'unpaid', 'unpaid'], // All attempts exhausted -> status_after_retry
  ['past_due', 'retries_exhausted', 'cancelled', 'cancelled'],
  ['unpaid', 'card_updated', undefined, 'active'], // Update payment card: reactivation (state not stated: ours)
];

/** The rows the sandbox adds where the spec is silent. */
const SANDBOX_ROWS: Expected[] = [
  ['trial', 'charge_failed', undefined, 'past_due'],
  ['active', 'charge_succeeded', undefined, 'active'],
  ['past_due', 'charge_succeeded', undefined, 'active'],
  ['past_due', 'charge_failed', undefined, 'past_due'],
  ['trial', 'cancel', undefined, 'cancelled'],
  ['active', 'cancel', undefined, 'cancelled'],
  ['past_due', 'cancel', undefined, 'cancelled'],
  ['unpaid', 'cancel', undefined, 'cancelled'],
  ['trial', 'period_end', undefined, 'cancelled'],
  ['active', 'period_end', undefined, 'cancelled'],
];

const TRIGGERS: SubscriptionTrigger[] = [
  'create_trial',
  'create_paid',
  'charge_succeeded',
  'charge_failed',
  'retries_exhausted',
  'card_updated',
  'cancel',
  'period_end',
];

const key = (r: { from: unknown; trigger: unknown; when?: unknown; to: unknown }) =>
  JSON.stringify([r.from, r.trigger, r.when ?? null, r.to]);
const asRow = ([from, trigger, when, to]: Expected) => ({ from, trigger, when, to });

describe('the subscription state machine, row by row', () => {
  it.each(SPEC_ROWS)('spec: %s --%s (%s)--> %s', (from, trigger, when, to) => {
    expect(subscriptionTransition(from, trigger, when)).toBe(to);
    const row = SUBSCRIPTION_TRANSITIONS.find((r) => key(r) === key(asRow([from, trigger, when, to])));
    expect(row?.source).toBe('spec');
  });

  it.each(SANDBOX_ROWS)('sandbox: %s --%s--> %s', (from, trigger, when, to) => {
    expect(subscriptionTransition(from, trigger, when)).toBe(to);
    const row = SUBSCRIPTION_TRANSITIONS.find((r) => key(r) === key(asRow([from, trigger, when, to])));
    expect(row?.source).toBe('sandbox');
  });

  it('has exactly these rows: one added without its test here fails', () => {
    const named = [...SPEC_ROWS, ...SANDBOX_ROWS].map((r) => key(asRow(r))).sort();
    expect(SUBSCRIPTION_TRANSITIONS.map(key).sort()).toEqual(named);
    expect(SUBSCRIPTION_TRANSITIONS.every((r) => r.note.length > 10)).toBe(true);
  });

  it('every other move is 3006 naming the status, whatever the plan says after its retries', () => {
    const allowed = new Set([...SPEC_ROWS, ...SANDBOX_ROWS].map(([from, trigger, when]) => JSON.stringify([from, trigger, when ?? null])));
    let refused = 0;
    for (const from of [null, ...SUBSCRIPTION_STATUSES])
      for (const trigger of TRIGGERS)
        for (const when of [undefined, 'unpaid', 'cancelled'] as const) {
          const rowFor = allowed.has(JSON.stringify([from, trigger, when ?? null])) || allowed.has(JSON.stringify([from, trigger, null]));
          if (rowFor) continue;
          let err: unknown;
          try {
            subscriptionTransition(from, trigger, when);
          } catch (e) {
            err = e;
          }
          expect(err, `${from} ${trigger} ${when}`).toBeInstanceOf(SandboxError);
          expect((err as SandboxError).error).toMatchObject({ error_code: 3006, http_code: 412 });
          if (from) expect((err as SandboxError).error.description).toContain(from);
          refused++;
        }
    // 6 starting points (new, and the 5 statuses) x 8 triggers x 3 plan choices, less 15 unguarded rows x 3 and the 2 guarded ones
    expect(refused).toBe(6 * 8 * 3 - 15 * 3 - 2);
  });

  it('a cancelled subscription moves no more; retries_exhausted needs the plan to say where', () => {
    for (const trigger of TRIGGERS) expect(() => subscriptionTransition('cancelled', trigger, 'unpaid')).toThrow(SandboxError);
    expect(() => subscriptionTransition('past_due', 'retries_exhausted')).toThrow(SandboxError);
  });
});

describe('the plan state machine', () => {
  it('spec: active --DELETE--> deleted, and only that', () => {
    expect(PLAN_TRANSITIONS.map((r) => [r.from, r.trigger, r.to, r.source])).toEqual([['active', 'delete', 'deleted', 'spec']]);
    expect(planTransition('active', 'delete')).toBe('deleted');
    expect(() => planTransition('deleted', 'delete')).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ error_code: 3006 }) }),
    );
  });
});

const monthly = (anchor: string, every = 1): Schedule => ({ anchor, anchorPeriod: 1, every, unit: 'month' });

describe('billing dates', () => {
  it('months are counted from the anchor: the 31st stays the 31st, or the month is shorter', () => {
    const s = monthly('2026-01-31');
    const dates = Array.from({ length: 14 }, (_, i) => chargeDateOf(s, i + 1));
    expect(dates).toEqual(MONTH_ENDS_2026);
    expect(chargeDateOf(monthly('2027-01-31'), 2)).toBe('2027-02-28');
    expect(chargeDateOf(monthly('2028-01-31'), 2)).toBe('2028-02-29');
    expect(periodEndOf(s, 1)).toBe('2026-02-27');
    expect(periodEndOf(s, 2)).toBe('2026-03-30');
  });

  it('every 3 months, every 2 weeks, every year (February 29 in leap years only)', () => {
    expect(chargeDateOf(monthly('2026-11-30', 3), 2)).toBe('2027-02-28');
    expect(chargeDateOf(monthly('2026-11-30', 3), 3)).toBe('2027-05-30');
    const weekly: Schedule = { anchor: '2026-12-28', anchorPeriod: 1, every: 2, unit: 'week' };
    expect([1, 2, 3].map((p) => chargeDateOf(weekly, p))).toEqual(['2026-12-28', '2027-01-11', '2027-01-25']);
    const yearly: Schedule = { anchor: '2028-02-29', anchorPeriod: 1, every: 1, unit: 'year' };
    expect([1, 2, 5].map((p) => chargeDateOf(yearly, p))).toEqual(['2028-02-29', '2029-02-28', '2032-02-29']);
    expect(periodEndOf(yearly, 1)).toBe('2029-02-27');
  });

  it('a period counted from a later anchor (a reactivated subscription)', () => {
    const s: Schedule = { anchor: '2026-06-15', anchorPeriod: 4, every: 1, unit: 'month' };
    expect(chargeDateOf(s, 4)).toBe('2026-06-15');
    expect(chargeDateOf(s, 6)).toBe('2026-08-15');
  });

  it('the trial: trial_end_date, else trial_days from today (today included); a date before today means none', () => {
    expect(trialEndOf('2026-03-10', 30)).toBe('2026-04-08');
    expect(trialEndOf('2026-03-10', 1)).toBe('2026-03-10');
    expect(trialEndOf('2026-03-10', 0)).toBeNull();
    expect(trialEndOf('2026-03-10', 30, '2026-03-12')).toBe('2026-03-12');
    expect(trialEndOf('2026-03-10', 30, '2026-03-10')).toBe('2026-03-10');
    expect(trialEndOf('2026-03-10', 30, '2026-03-09')).toBeNull();
  });

  it('the start: in trial the first charge is the day after it; without, today (trial_end_date today: no past date)', () => {
    expect(startOf('2026-03-10', '2026-03-30', 1, 'month')).toEqual({
      trialEndDate: '2026-03-30',
      period: 0,
      chargeDate: '2026-03-31',
      periodEndDate: '2026-03-30',
      failedAttempts: 0,
      schedule: monthly('2026-03-31'),
    });
    expect(startOf('2026-03-10', null, 1, 'month')).toMatchObject({ trialEndDate: '2026-03-10', chargeDate: '2026-03-10', period: 0 });
  });

  it('a charge attempt: paid -> next period; declined -> retried each day retry_times times, then exhausted', () => {
    const base = { status: 'active' as const, period: 2, failedAttempts: 0, schedule: monthly('2026-01-31') };
    expect(outcomeOf(base, true, 2, '2026-03-31')).toEqual({
      triggers: ['charge_succeeded'],
      state: { period: 3, chargeDate: '2026-04-30', periodEndDate: '2026-04-29', failedAttempts: 0 },
    });
    const first = outcomeOf(base, false, 2, '2026-03-31');
    expect(first).toEqual({
      triggers: ['charge_failed'],
      state: { period: 3, chargeDate: '2026-04-01', periodEndDate: '2026-04-29', failedAttempts: 1 },
    });
    const due = { ...base, status: 'past_due' as const, ...first.state };
    const second = outcomeOf(due, false, 2, '2026-04-01');
    expect(second.state).toMatchObject({ period: 3, chargeDate: '2026-04-02', failedAttempts: 2 });
    expect(outcomeOf({ ...due, ...second.state }, false, 2, '2026-04-02')).toEqual({
      triggers: ['charge_failed', 'retries_exhausted'],
      state: { period: 3, chargeDate: null, periodEndDate: '2026-04-29', failedAttempts: 3 },
    });
    // a retry that pays keeps the period's dates: the next charge is the next period's
    expect(outcomeOf({ ...due, ...second.state }, true, 2, '2026-04-02').state).toEqual({
      period: 3,
      chargeDate: '2026-04-30',
      periodEndDate: '2026-04-29',
      failedAttempts: 0,
    });
    expect(outcomeOf(base, false, 0, '2026-03-31').triggers).toEqual(['charge_failed', 'retries_exhausted']);
  });

  it('a restart (reactivation) charges the next period today and anchors the schedule there', () => {
    expect(restartOf({ period: 3, schedule: monthly('2026-01-31') }, '2026-06-15')).toEqual({
      schedule: { anchor: '2026-06-15', anchorPeriod: 4, every: 1, unit: 'month' },
      period: 4,
      chargeDate: '2026-07-15',
      periodEndDate: '2026-07-14',
      failedAttempts: 0,
    });
  });
});
