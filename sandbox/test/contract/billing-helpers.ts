/**
 * Helpers of the plans, subscriptions and billing contract tests (./plans.test.ts, ./subscriptions.test.ts,
 * ./billing.test.ts): a plan body, subscribing, moving the sandbox clock, reading a customer's charges.
 */
import { PLAN_REQUEST } from '../../src/http/example-requests';
import { expect } from 'vitest';
import { CARD, CREDS, tokenize, type Reply, type TestApi } from './helpers';

/** Seconds in a day. */
export const DAY = 86_400;

/** A valid plan body: MXN 149.90 a month, 2 retries then unpaid, no trial. */
export const PLAN = PLAN_REQUEST;

/** A card of the catalogue that every charge declines (3001). */
export const DECLINED = '4000000000000002';

/** Creates a plan (`PLAN` with `extra`), asserts 201, returns it. */
export async function createPlan(api: TestApi, extra: Record<string, unknown> = {}): Promise<any> {
  const r = await api.call('POST', '/plans', { body: { ...PLAN, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** `POST /customers/{customer}/subscriptions` with `body`. */
export const subscribe = (api: TestApi, customer: string, body: Record<string, unknown>): Promise<Reply> =>
  api.call('POST', `/customers/${customer}/subscriptions`, { body });

/** Subscribes with a fresh token of `card_number` (default: the approved visa); asserts 201; returns the Subscription. */
export async function subscribeWithToken(
  api: TestApi,
  customer: string,
  planId: string,
  extra: Record<string, unknown> = {},
  card_number = CARD.card_number,
): Promise<any> {
  const r = await subscribe(api, customer, { plan_id: planId, source_id: await tokenize(api, { card_number }), ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** Moves the sandbox clock `seconds` forward through the simulation API; returns its answer (`now`, `jobs_run`). */
export async function advance(api: TestApi, seconds: number): Promise<{ now: string; jobs_run: number }> {
  const r = await api.call('POST', '/clock/advance', { prefix: `/sandbox/v1/${CREDS.merchantId}`, body: { seconds } });
  expect(r.status).toBe(200);
  return r.body;
}

/** The customer's charges, oldest first (at most 100). */
export async function chargesOf(api: TestApi, customer: string): Promise<any[]> {
  const r = await api.call('GET', `/customers/${customer}/charges?limit=100`);
  expect(r.status).toBe(200);
  return (r.body as any[]).reverse();
}

/** The subscription as GET answers it. */
export async function getSubscription(api: TestApi, customer: string, id: string): Promise<any> {
  const r = await api.call('GET', `/customers/${customer}/subscriptions/${id}`);
  expect(r.status).toBe(200);
  return r.body;
}

/** What a refused request must leave behind: nothing. Counts of every kind of record, the ledger and the outbox. */
export function footprint(api: TestApi) {
  const s = api.sandbox.store;
  return {
    plans: s.plans.size,
    subscriptions: s.subscriptions.size,
    cards: s.cards.size,
    transactions: s.transactions.size,
    events: s.events.size,
    jobs: s.jobs.pending,
    merchant: s.ledger.balance('merchant'),
  };
}
