import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { planTransition, type PlanRecord } from '../../domain/subscription';
import { ensureRoom } from '../../store/repos';
import type { Page } from '../../store/table';
import type { CreatePlanBody, UpdatePlanBody } from './schema';

/**
 * Plans (spec, Endpoints > Plans; Resources > Plan object): templates of subscriptions. One use case per function,
 * each one database transaction. A deleted plan stays readable (its subscriptions name it) and goes on billing
 * them; it takes no new subscription.
 */

/** The plan `id`, active or deleted, or 1005. */
export function planOf(d: Deps, id: string): PlanRecord {
  const plan = d.store.plans.get(id);
  if (!plan) throw apiError(1005, `Plan ${id} not found`);
  return plan;
}

/** Creates an active plan. @throws 1003 when the sandbox holds its maximum of plans. */
export function createPlan(d: Deps, body: CreatePlanBody): PlanRecord {
  return d.store.tx(() => {
    ensureRoom(d.store.plans, d.store.limits.maxRecords, 'plans');
    return d.store.plans.insert({
      id: newId('pln'),
      created: d.clock.nowMs(),
      name: body.name,
      amountCents: body.amount,
      currency: body.currency,
      repeatEvery: body.repeat_every,
      repeatUnit: body.repeat_unit,
      retryTimes: body.retry_times,
      status: 'active',
      statusAfterRetry: body.status_after_retry,
      trialDays: body.trial_days,
    });
  });
}

/**
 * Changes a plan's `name` and `trial_days` (the only members that can change); `trial_days` applies to the
 * subscriptions created after. @throws 1005 unknown; 3006 for a deleted plan.
 */
export function updatePlan(d: Deps, id: string, body: UpdatePlanBody): PlanRecord {
  return d.store.tx(() => {
    const plan = planOf(d, id);
    if (plan.status !== 'active') throw apiError(3006, `Plan ${id} is deleted: it cannot change`);
    return d.store.plans.update({
      ...plan,
      ...(body.name !== undefined && { name: body.name }),
      ...(body.trial_days !== undefined && { trialDays: body.trial_days }),
    });
  });
}

/**
 * Deletes a plan: it becomes `deleted` (spec, States and transitions: the Plan row); its subscriptions go on being
 * charged. @throws 1005 unknown; 3006 when it is deleted already.
 */
export function deletePlan(d: Deps, id: string): PlanRecord {
  return d.store.tx(() => {
    const plan = planOf(d, id);
    return d.store.plans.update({ ...plan, status: planTransition(plan.status, 'delete') });
  });
}

/** The active plans, newest first, paged (spec: "GET /plans returns active plans"). */
export const listPlans = (d: Deps, q: Page): PlanRecord[] => d.store.plans.listActive(q);
