/**
 * Billing on the clock (spec, Subscription object: charge_date, period_end_date, current_period_number; Plan object:
 * retry_times, status_after_retry; States and transitions), over the simulation API's clock advances: the end of a
 * trial, monthly on the 31st (a year in one call and in many steps), a declining card through past_due to the plan's
 * status_after_retry, reactivation by a new card, cancel_at_period_end, a deleted plan still billing. Every billing
 * is a card charge of the customer naming its subscription; the ledger holds at the end. Each block has a sandbox of
 * its own, its clock starting on 2026-03-10 12:00 central time.
 */
import { describe, expect, it } from 'vitest';
import { CARD, createCustomer, tokenize, useSandbox, type TestApi } from './helpers';
import { advance, chargesOf, createPlan, DAY, DECLINED, getSubscription, subscribeWithToken } from './billing-helpers';
import { MONTH_ENDS_2026 } from '../unit/billing-fixtures';

/** The central-time calendar date of a Transaction's `creation_date`. */
const dateOf = (c: { creation_date: string }) => c.creation_date.slice(0, 10);

/** The sandbox's ledger holds (balanced operations, balances equal to their entries, none below zero). */
const ledgerHolds = (api: TestApi) => expect(api.sandbox.store.ledger.check()).toEqual([]);

describe('the end of a trial', () => {
  const api = useSandbox();

  it('the first charge is the day after trial_end_date, at 00:00; then the subscription is active for period 1', async () => {
    const plan = await createPlan(api, { trial_days: 5, amount: 199 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    expect(s).toMatchObject({ status: 'trial', trial_end_date: '2026-03-14', charge_date: '2026-03-15', current_period_number: 0 });
    await advance(api, 4 * DAY); // 2026-03-14 12:00, the last day of the trial
    expect(await getSubscription(api, customer, s.id)).toStrictEqual(s);
    expect(await chargesOf(api, customer)).toEqual([]);
    const moved = await advance(api, DAY); // 2026-03-15 12:00
    expect(moved).toEqual({ now: '2026-03-15T12:00:00-06:00', jobs_run: 1 });
    expect(await getSubscription(api, customer, s.id)).toStrictEqual({
      ...s,
      status: 'active',
      current_period_number: 1,
      charge_date: '2026-04-15',
      period_end_date: '2026-04-14',
    });
    const [charge] = await chargesOf(api, customer);
    expect(charge).toMatchObject({
      creation_date: '2026-03-15T00:00:00-06:00',
      operation_date: '2026-03-15T00:00:00-06:00',
      status: 'completed',
      amount: 199,
      method: 'card',
      customer_id: customer,
      subscription_id: s.id,
      description: expect.stringContaining(`subscription ${s.id}, period 1`),
      card: { id: s.card.id },
    });
    expect(api.sandbox.store.events.of(charge.id).map((e) => [e.type, e.payload.subscription_id])).toEqual([['charge.succeeded', s.id]]);
    ledgerHolds(api);
  });
});

/** The dates a monthly subscription first charged on 2026-03-31 is charged on over a year: the month ends from March. */
const MONTH_ENDS = MONTH_ENDS_2026.slice(2);

/** Subscribes a new customer monthly from the 31st (trial to 2026-03-30) and a weekly one; returns both. */
async function monthlyAndWeekly(api: TestApi) {
  const monthly = await createPlan(api, { amount: 100 });
  const weekly = await createPlan(api, { amount: 10, repeat_unit: 'week', repeat_every: 2 });
  const customer = await createCustomer(api);
  const m = await subscribeWithToken(api, customer, monthly.id, { trial_end_date: '2026-03-30' });
  const w = await subscribeWithToken(api, customer, weekly.id, {}, '5555555555554444');
  return { customer, m, w };
}

/** What a year of billing left: the charges of each subscription (dates) and both subscriptions. */
async function billedYear(api: TestApi, customer: string, m: { id: string }, w: { id: string }) {
  const charges = await chargesOf(api, customer);
  const of = (id: string) => charges.filter((c) => c.subscription_id === id);
  return {
    monthly: of(m.id).map(dateOf),
    weekly: of(w.id).map(dateOf),
    all: charges.map((c) => [dateOf(c), c.status]),
    subscriptions: [await getSubscription(api, customer, m.id), await getSubscription(api, customer, w.id)],
  };
}

describe('monthly on the 31st, and every two weeks: a year advanced in one call', () => {
  const api = useSandbox();

  it('bills every period in order, on its day (or the month’s last), each exactly once', async () => {
    const { customer, m, w } = await monthlyAndWeekly(api);
    const r = await advance(api, 365 * DAY);
    expect(r.now).toBe('2027-03-10T12:00:00-06:00');
    const year = await billedYear(api, customer, m, w);
    expect(year.monthly).toEqual(MONTH_ENDS);
    expect(year.weekly).toHaveLength(27); // 2026-03-10, then every 14 days to 2027-03-09
    expect(year.weekly.at(-1)).toBe('2027-03-09');
    expect(year.all.map(([date]) => date)).toEqual([...year.all.map(([date]) => date)].sort());
    expect(year.all.every(([, status]) => status === 'completed')).toBe(true);
    expect(year.subscriptions[0]).toMatchObject({
      status: 'active',
      current_period_number: 12,
      charge_date: '2027-03-31',
      period_end_date: '2027-03-30',
    });
    expect(year.subscriptions[1]).toMatchObject({ current_period_number: 27, charge_date: '2027-03-23', period_end_date: '2027-03-22' });
    expect(r.jobs_run).toBe(12 + 26);
    ledgerHolds(api);
  });
});

describe('the same year advanced in 25 steps', () => {
  const api = useSandbox();

  it('gives the same charges on the same dates as one call', async () => {
    const { customer, m, w } = await monthlyAndWeekly(api);
    for (let i = 0; i < 24; i++) await advance(api, 15 * DAY);
    await advance(api, 5 * DAY);
    const year = await billedYear(api, customer, m, w);
    expect(year.monthly).toEqual(MONTH_ENDS);
    expect(year.weekly).toHaveLength(27);
    expect(year.subscriptions[0]).toMatchObject({ current_period_number: 12, charge_date: '2027-03-31' });
    ledgerHolds(api);
  });
});

describe('a declining card: past_due, retried a day apart, then the plan’s status_after_retry (unpaid)', () => {
  const api = useSandbox();

  it('1 + retry_times attempts, each a failed charge naming the subscription and a subscription.charge.failed event', async () => {
    const plan = await createPlan(api, { retry_times: 2, status_after_retry: 'UNPAID', trial_days: 2 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id, {}, DECLINED);
    expect(s).toMatchObject({ status: 'trial', charge_date: '2026-03-12' });
    await advance(api, 2 * DAY); // 2026-03-12: the first attempt fails
    expect(await getSubscription(api, customer, s.id)).toMatchObject({
      status: 'past_due',
      current_period_number: 1,
      charge_date: '2026-03-13',
      period_end_date: '2026-04-11',
    });
    await advance(api, DAY);
    expect(await getSubscription(api, customer, s.id)).toMatchObject({ status: 'past_due', charge_date: '2026-03-14' });
    await advance(api, DAY); // the second retry fails: attempts used up
    const unpaid = await getSubscription(api, customer, s.id);
    expect(unpaid).toMatchObject({ status: 'unpaid', charge_date: null, current_period_number: 1, period_end_date: '2026-04-11' });
    const charges = await chargesOf(api, customer);
    expect(charges.map((c) => [dateOf(c), c.status, c.error_message !== null, c.subscription_id])).toEqual([
      ['2026-03-12', 'failed', true, s.id],
      ['2026-03-13', 'failed', true, s.id],
      ['2026-03-14', 'failed', true, s.id],
    ]);
    const events = api.sandbox.store.events.of(s.id);
    expect(events.map((e) => [e.type, e.payload.status])).toEqual([
      ['subscription.charge.failed', 'past_due'],
      ['subscription.charge.failed', 'past_due'],
      ['subscription.charge.failed', 'unpaid'],
    ]);
    expect(charges.flatMap((c) => api.sandbox.store.events.of(c.id).map((e) => e.type))).toEqual(Array(3).fill('charge.failed'));
    await advance(api, 60 * DAY);
    expect(await chargesOf(api, customer)).toHaveLength(3);
    expect(api.sandbox.store.jobs.pendingFor(s.id)).toEqual([]);
    ledgerHolds(api);
  });
});

describe('reactivation of an unpaid subscription by a new card', () => {
  const api = useSandbox();

  it('charged at once with the new card: active, a new period counted from that day; a declined card changes nothing', async () => {
    const plan = await createPlan(api, { retry_times: 0, status_after_retry: 'unpaid', trial_days: 1, amount: 50 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id, {}, DECLINED);
    await advance(api, DAY); // 2026-03-11: the one attempt fails, no retry: unpaid at once
    const unpaid = await getSubscription(api, customer, s.id);
    expect(unpaid).toMatchObject({ status: 'unpaid', charge_date: null, current_period_number: 1 });
    const path = `/customers/${customer}/subscriptions/${s.id}`;
    const declined = await api.call('PUT', path, { body: { source_id: await tokenize(api, { card_number: '4000000000030033' }) } });
    expect(declined.body).toMatchObject({ error_code: 3003 });
    expect(await getSubscription(api, customer, s.id)).toStrictEqual(unpaid);
    const r = await api.call('PUT', path, { body: { card: { ...CARD, card_number: '5555555555554444' } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'active',
      current_period_number: 2,
      charge_date: '2026-04-11',
      period_end_date: '2026-04-10',
      card: { brand: 'mastercard' },
    });
    expect((await chargesOf(api, customer)).map((c) => [dateOf(c), c.status, c.card.card_number.slice(-4)])).toEqual([
      ['2026-03-11', 'failed', '0002'],
      ['2026-03-11', 'completed', '4444'],
    ]);
    await advance(api, 31 * DAY); // 2026-04-11
    expect(await getSubscription(api, customer, s.id)).toMatchObject({
      status: 'active',
      current_period_number: 3,
      charge_date: '2026-05-11',
    });
    expect((await chargesOf(api, customer)).map((c) => c.status)).toEqual(['failed', 'completed', 'completed']);
    ledgerHolds(api);
  });
});

describe('status_after_retry cancelled', () => {
  const api = useSandbox();

  it('the last failed retry cancels it (mixed case accepted); a cancelled subscription takes no new card', async () => {
    const plan = await createPlan(api, { retry_times: 1, status_after_retry: 'Cancelled', trial_days: 1 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id, {}, DECLINED);
    await advance(api, DAY);
    expect(await getSubscription(api, customer, s.id)).toMatchObject({ status: 'past_due', charge_date: '2026-03-12' });
    await advance(api, DAY);
    expect(await getSubscription(api, customer, s.id)).toMatchObject({ status: 'cancelled', charge_date: null });
    const r = await api.call('PUT', `/customers/${customer}/subscriptions/${s.id}`, { body: { source_id: await tokenize(api) } });
    expect(r.body).toMatchObject({ error_code: 3006 });
    await advance(api, 40 * DAY);
    expect(await chargesOf(api, customer)).toHaveLength(2);
  });
});

describe('a new card while past_due', () => {
  const api = useSandbox();

  it('is charged by the next retry, which pays the period: active, the schedule kept', async () => {
    const plan = await createPlan(api, { retry_times: 3, trial_days: 1 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id, {}, DECLINED);
    await advance(api, DAY); // 2026-03-11: declined
    const r = await api.call('PUT', `/customers/${customer}/subscriptions/${s.id}`, { body: { source_id: await tokenize(api) } });
    expect(r.body).toMatchObject({ status: 'past_due', charge_date: '2026-03-12', card: { card_number: 'XXXXXXXXXXXX1111' } });
    await advance(api, DAY); // 2026-03-12: the retry, with the new card
    expect(await getSubscription(api, customer, s.id)).toMatchObject({
      status: 'active',
      current_period_number: 1,
      charge_date: '2026-04-11',
      period_end_date: '2026-04-10',
    });
    expect((await chargesOf(api, customer)).map((c) => [dateOf(c), c.status])).toEqual([
      ['2026-03-11', 'failed'],
      ['2026-03-12', 'completed'],
    ]);
    ledgerHolds(api);
  });
});

describe('cancel_at_period_end set at creation', () => {
  const api = useSandbox();

  it('set at creation: the paid period runs out, then cancelled with no further charge', async () => {
    const plan = await createPlan(api);
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id, { cancel_at_period_end: true });
    expect(s).toMatchObject({ status: 'active', charge_date: null, period_end_date: '2026-04-09', cancel_at_period_end: true });
    await advance(api, 30 * DAY); // 2026-04-09: the last day of the period
    expect((await getSubscription(api, customer, s.id)).status).toBe('active');
    await advance(api, DAY);
    expect(await getSubscription(api, customer, s.id)).toMatchObject({ status: 'cancelled', charge_date: null, current_period_number: 1 });
    await advance(api, 90 * DAY);
    expect(await chargesOf(api, customer)).toHaveLength(1);
  });
});

describe('cancel_at_period_end set by PUT', () => {
  const api = useSandbox();

  it('set by PUT during a trial: the trial ends uncharged; cleared again in time, billing goes on', async () => {
    const plan = await createPlan(api, { trial_days: 3 });
    const customer = await createCustomer(api);
    const ending = await subscribeWithToken(api, customer, plan.id);
    const kept = await subscribeWithToken(api, customer, plan.id, {}, '5555555555554444');
    const path = (id: string) => `/customers/${customer}/subscriptions/${id}`;
    expect((await api.call('PUT', path(ending.id), { body: { cancel_at_period_end: true } })).body.charge_date).toBeNull();
    await api.call('PUT', path(kept.id), { body: { cancel_at_period_end: true } });
    const back = await api.call('PUT', path(kept.id), { body: { cancel_at_period_end: false } });
    expect(back.body).toMatchObject({ cancel_at_period_end: false, charge_date: kept.charge_date });
    await advance(api, 3 * DAY);
    expect((await getSubscription(api, customer, ending.id)).status).toBe('cancelled');
    expect((await getSubscription(api, customer, kept.id)).status).toBe('active');
    expect((await chargesOf(api, customer)).map((c) => c.subscription_id)).toEqual([kept.id]);
    ledgerHolds(api);
  });
});

describe('a deleted plan and a cancelled subscription', () => {
  const api = useSandbox();

  it('a deleted plan goes on billing its subscriptions; a cancelled subscription is never billed again', async () => {
    const plan = await createPlan(api, { amount: 75.25 });
    const customer = await createCustomer(api, { requires_account: false }); // paid into the merchant's balance;
    const kept = await subscribeWithToken(api, customer, plan.id);
    const dropped = await subscribeWithToken(api, customer, plan.id, {}, '5555555555554444');
    const merchant = api.sandbox.store.ledger.balance('merchant');
    expect((await api.call('DELETE', `/plans/${plan.id}`)).status).toBe(204);
    expect((await api.call('DELETE', `/customers/${customer}/subscriptions/${dropped.id}`)).status).toBe(204);
    await advance(api, 62 * DAY); // 2026-05-11: April 10 and May 10 billed
    expect(await getSubscription(api, customer, kept.id)).toMatchObject({
      status: 'active',
      current_period_number: 3,
      charge_date: '2026-06-10',
    });
    const charges = await chargesOf(api, customer);
    expect(charges.map((c) => [dateOf(c), c.subscription_id, c.amount])).toEqual([
      ['2026-03-10', kept.id, 75.25],
      ['2026-03-10', dropped.id, 75.25],
      ['2026-04-10', kept.id, 75.25],
      ['2026-05-10', kept.id, 75.25],
    ]);
    expect(api.sandbox.store.ledger.balance('merchant') - merchant).toBe(2 * 7525);
    ledgerHolds(api);
  });

  it('a deleted customer (its cards gone): each attempt fails with no charge, then status_after_retry', async () => {
    const plan = await createPlan(api, { retry_times: 1, trial_days: 1 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    const charges = api.sandbox.store.transactions.size;
    expect((await api.call('DELETE', `/customers/${customer}`)).status).toBe(204);
    await advance(api, 2 * DAY);
    expect(api.sandbox.store.subscriptions.get(s.id)).toMatchObject({ status: 'unpaid', chargeDate: null, failedAttempts: 2 });
    expect(api.sandbox.store.transactions.size).toBe(charges);
    expect(api.sandbox.store.events.of(s.id).map((e) => e.type)).toEqual(['subscription.charge.failed', 'subscription.charge.failed']);
    const listed = (await api.call('GET', `/plans/${plan.id}/subscriptions`)).body;
    expect(listed).toMatchObject([{ id: s.id, status: 'unpaid' }]);
  });

  it('a customer with an account is paid into it, as its card charges are; the ledger holds', async () => {
    const plan = await createPlan(api, { amount: 10 });
    const customer = await createCustomer(api, { requires_account: true });
    await subscribeWithToken(api, customer, plan.id);
    await advance(api, 31 * DAY);
    expect((await api.call('GET', `/customers/${customer}`)).body.balance).toBe(20);
    ledgerHolds(api);
  });
});
