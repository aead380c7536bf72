import type { Deps } from '../../env';
import { apiError, SandboxError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { cardFacts } from '../../domain/card/facts';
import type { CardRecord } from '../../domain/records';
import type { CardBody } from '../../schemas/index';
import {
  MAX_TRIAL_DAYS,
  outcomeOf,
  restartOf,
  startOf,
  trialEndOf,
  type PlanRecord,
  type SubscriptionRecord,
} from '../../domain/subscription';
import { ensureRoom } from '../../store/repos';
import type { Page } from '../../store/table';
import { addDays, localDate } from '../../time/dates';
import { cardOf, createCard } from '../cards/service';
import { unusedToken, useToken } from '../tokens/service';
import { ensureActive } from '../charges/service';
import { customerOf } from '../customers/service';
import { planOf } from '../plans/service';
import { chargeSubscription, moveSubscription, scheduleBilling, type SubscriptionDraft } from './billing';
import type { CreateSubscriptionBody, UpdateSubscriptionBody } from './schema';

/**
 * Subscriptions (spec, Endpoints > Subscriptions; Resources > Subscription object), customer level only: create,
 * get, list, update and cancel (the last three as the public server SDKs call them). One use case per function,
 * each one database transaction; billing on the clock is ./billing.ts.
 */

/** The subscription `id` of the customer, or 1005 (an unknown customer too). */
export function subscriptionOf(d: Deps, customerId: string, id: string): SubscriptionRecord {
  customerOf(d, customerId);
  const s = d.store.subscriptions.find(id, customerId);
  if (!s) throw apiError(1005, `Subscription ${id} not found`);
  return s;
}

/** Refuses a `trial_end_date` more than {@link MAX_TRIAL_DAYS} days after `today` (1003: a wrong value). */
function ensureTrialEnd(today: string, trialEndDate: string | undefined): void {
  if (trialEndDate !== undefined && trialEndDate > addDays(today, MAX_TRIAL_DAYS))
    throw apiError(1003, `trial_end_date ${trialEndDate} is more than ${MAX_TRIAL_DAYS} days ahead`);
}

/**
 * The card a subscription is to charge, as a stored card of the customer: a card id must be one of the customer's;
 * `card` is stored and a token becomes a card of the customer (used up: 3006 on a second use), through the card
 * rules of `POST /customers/{id}/cards`, except that a number the customer already has is that stored card (no
 * 2002: a shopper tokenizes the same card again for a second subscription).
 * @throws 1005 when `source_id` is neither a token nor a card of the customer.
 */
function cardFor(d: Deps, customerId: string, src: Pick<UpdateSubscriptionBody, 'source_id' | 'card'>): SubscriptionRecord['card'] {
  const card = src.card ? storeCard(d, customerId, src.card) : sourceCard(d, customerId, src.source_id!);
  return { id: card.id, facts: card.card, created: card.created };
}

/** The customer's card of the number of `data`, stored now unless the customer has it. */
function storeCard(d: Deps, customerId: string, data: CardBody): CardRecord {
  const known = d.store.cards.ofCustomerByFingerprint(customerId, cardFacts(data, d.store.fingerprintKey()).fingerprint);
  return known ?? createCard(d, { raw: data }, customerId);
}

/** The card of a `source_id`: a token (used up, its number stored unless the customer has it) or a card of the customer. */
function sourceCard(d: Deps, customerId: string, id: string): CardRecord {
  if (!d.store.tokens.has(id)) {
    try {
      return cardOf(d, id, customerId);
    } catch {
      throw apiError(1005, `Card or token ${id} not found on customer ${customerId}`);
    }
  }
  const token = unusedToken(d, id);
  const known = d.store.cards.ofCustomerByFingerprint(customerId, token.card.fingerprint);
  if (!known) return createCard(d, { token: { token_id: id } }, customerId);
  useToken(d, token, known.id);
  return known;
}

/**
 * Creates a subscription of the customer to an active plan (spec, States and transitions: the Subscription rows):
 * with a trial (from `trial_end_date`, else the plan's `trial_days`) it starts `trial`, its first charge the day
 * after the trial; without one the first period is charged at once and it starts `active`. A declined first charge
 * refuses the whole request with the card's error: nothing is kept (no subscription, card, charge or token use).
 * @throws 1005 unknown customer, plan, card or token; 1003 for a deleted plan (it exists but takes no new
 *   subscription), a trial ending more than 3650 days ahead, or a full store; 1008 merchant deactivated; the card
 *   rules' and the card's errors.
 */
export function createSubscription(d: Deps, customerId: string, body: CreateSubscriptionBody): SubscriptionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    customerOf(d, customerId);
    const plan = planOf(d, body.plan_id);
    if (plan.status !== 'active') throw apiError(1003, `Plan ${plan.id} is deleted: it accepts no new subscriptions`);
    ensureRoom(d.store.subscriptions, d.store.limits.maxRecords, 'subscriptions');
    const now = d.clock.nowMs();
    const today = localDate(now);
    ensureTrialEnd(today, body.trial_end_date);
    const trialEnd = trialEndOf(today, plan.trialDays, body.trial_end_date);
    const draft: SubscriptionDraft = {
      id: newId('s'),
      created: now,
      planId: plan.id,
      customerId,
      card: cardFor(d, customerId, body),
      cancelAtPeriodEnd: body.cancel_at_period_end,
      ...startOf(today, trialEnd, plan.repeatEvery, plan.repeatUnit),
    };
    const s = trialEnd === null ? payFirst(d, draft, plan, today) : moveSubscription(d, draft, 'create_trial');
    scheduleBilling(d, s);
    return s;
  });
}

/** Charges the first period of a subscription without trial: `active` when approved. @throws the card's refusal. */
function payFirst(d: Deps, draft: SubscriptionDraft, plan: PlanRecord, today: string): SubscriptionRecord {
  const start = { ...draft, status: null };
  const charge = chargeSubscription(d, draft, plan, 1);
  if (charge instanceof SandboxError) throw charge;
  return moveSubscription(d, draft, 'create_paid', outcomeOf(start, true, plan.retryTimes, today).state);
}

/**
 * Changes a subscription (spec, Endpoints > Subscriptions PUT), then runs any billing it made due:
 * - `cancel_at_period_end`: set or cleared;
 * - `trial_end_date` (only during the trial, else 3006): the trial now ends then, and a date before today ends it
 *   at once (its first charge runs before the answer);
 * - a new card (`card` or `source_id`, as on creation): charged from the next attempt on. An `unpaid` subscription
 *   is reactivated by it: a new period is charged at once with the new card and, approved, it is `active` again with
 *   its periods counted from today; declined, the request is refused with the card's error and nothing changes.
 * @throws 1005 unknown; 3006 for a cancelled subscription; 1003 a trial ending more than 3650 days ahead.
 */
export function updateSubscription(d: Deps, customerId: string, id: string, body: UpdateSubscriptionBody): SubscriptionRecord {
  d.store.tx(() => {
    const s = subscriptionOf(d, customerId, id);
    if (s.status === 'cancelled') throw apiError(3006, `Subscription ${id} is cancelled: it cannot change`);
    const today = localDate(d.clock.nowMs());
    let next: SubscriptionRecord = {
      ...s,
      ...(body.cancel_at_period_end !== undefined && { cancelAtPeriodEnd: body.cancel_at_period_end }),
    };
    if (body.trial_end_date !== undefined && body.trial_end_date !== s.trialEndDate) next = retrial(d, next, body.trial_end_date, today);
    const newCard = body.card !== undefined || body.source_id !== undefined;
    if (newCard) next = { ...next, card: cardFor(d, customerId, body) };
    if (newCard && s.status === 'unpaid') next = reactivate(d, next, today);
    else d.store.subscriptions.update(next);
    scheduleBilling(d, next);
  });
  d.scheduler.runDue();
  return subscriptionOf(d, customerId, id);
}

/** A trial that ends on `trialEndDate` instead (today or later), or now (a date before today). @throws 3006, 1003. */
function retrial(d: Deps, s: SubscriptionRecord, trialEndDate: string, today: string): SubscriptionRecord {
  if (s.status !== 'trial') throw apiError(3006, `Subscription ${s.id} is ${s.status}: trial_end_date changes only during the trial`);
  ensureTrialEnd(today, trialEndDate);
  const plan = planOf(d, s.planId);
  return { ...s, ...startOf(today, trialEndOf(today, 0, trialEndDate), plan.repeatEvery, plan.repeatUnit) };
}

/** Reactivates an `unpaid` subscription with its new card: a new period charged now. @throws the card's refusal. */
function reactivate(d: Deps, s: SubscriptionRecord, today: string): SubscriptionRecord {
  const restarted = restartOf(s, today);
  const charge = chargeSubscription(d, s, planOf(d, s.planId), restarted.period);
  if (charge instanceof SandboxError) throw charge;
  return moveSubscription(d, s, 'card_updated', restarted);
}

/** Cancels a subscription at once (DELETE): never charged again. @throws 1005 unknown; 3006 when already cancelled. */
export function cancelSubscription(d: Deps, customerId: string, id: string): SubscriptionRecord {
  return d.store.tx(() => {
    const s = moveSubscription(d, subscriptionOf(d, customerId, id), 'cancel', { chargeDate: null });
    scheduleBilling(d, s);
    return s;
  });
}

/** The customer's subscriptions, newest first, paged. @throws 1005 unknown customer. */
export function listSubscriptions(d: Deps, customerId: string, q: Page): SubscriptionRecord[] {
  customerOf(d, customerId);
  return d.store.subscriptions.listOfCustomer(customerId, q);
}

/** A plan's subscriptions (any status), newest first, paged. @throws 1005 unknown plan. */
export function listPlanSubscriptions(d: Deps, planId: string, q: Page): SubscriptionRecord[] {
  return d.store.subscriptions.listOfPlan(planOf(d, planId).id, q);
}
