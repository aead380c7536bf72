import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe, type RouteDoc } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { listQuerySchema } from '../../schemas/list';
import { listPlanSubscriptions } from '../subscriptions/service';
import { subscriptionObject, subscriptionView } from '../subscriptions/view';
import { createPlanSchema, updatePlanSchema } from './schema';
import { createPlan, deletePlan, listPlans, planOf, updatePlan } from './service';
import { planObject, planView } from './view';

const TAG = 'Plans';

/**
 * Plans (spec, Endpoints > Plans), mounted at `/v1/{merchant_id}/plans`. Private key only.
 * - `POST /`: 201 Plan (`active`).
 * - `GET /`: the active plans, newest first (common filters). `GET /:plan_id`: a plan, active or deleted.
 * - `PUT /:plan_id`: `name` (max 80) and `trial_days` only; 3006 for a deleted plan.
 * - `DELETE /:plan_id`: 204; the plan becomes `deleted` (its subscriptions go on being charged); 3006 a second time.
 * - `GET /:plan_id/subscriptions`: the plan's subscriptions, as the public server SDKs call it.
 */
export function plansRouter(d: Deps) {
  const id = (c: Context<SandboxEnv>) => c.req.param('plan_id')!;
  return new Hono<SandboxEnv>()
    .post('/', describe(DOCS.create), (c) => c.json(planView(createPlan(d, parseWith(createPlanSchema, c.var.body))), 201))
    .get('/', describe(DOCS.list), (c) => c.json(listPlans(d, parseWith(listQuerySchema, c.req.query())).map(planView)))
    .get('/:plan_id/subscriptions', describe(DOCS.subscriptions), (c) =>
      c.json(listPlanSubscriptions(d, id(c), parseWith(listQuerySchema, c.req.query())).map(subscriptionView)),
    )
    .get('/:plan_id', describe(DOCS.get), (c) => c.json(planView(planOf(d, id(c)))))
    .put('/:plan_id', describe(DOCS.update), (c) => c.json(planView(updatePlan(d, id(c), parseWith(updatePlanSchema, c.var.body)))))
    .delete('/:plan_id', describe(DOCS.remove), (c) => {
      deletePlan(d, id(c));
      return c.body(null, 204);
    });
}

const ok = { status: 200 as const, schema: planObject };

/** The OpenAPI operations of the routes. */
const DOCS = {
  create: {
    tag: TAG,
    summary: 'Create a plan',
    body: createPlanSchema,
    ok: { status: 201 as const, schema: planObject },
    errors: [1003],
    gap: 'retry_times defaults to 3; counts may be sent as digit strings; currency MXN or USD',
  },
  list: { tag: TAG, summary: 'List the active plans', query: listQuerySchema, ok: { status: 200 as const, schema: z.array(planObject) } },
  get: { tag: TAG, summary: 'Get a plan', ok },
  update: {
    tag: TAG,
    summary: "Change a plan's name or trial days",
    body: updatePlanSchema,
    ok,
    errors: [3006],
    gap: 'Other members are ignored; a deleted plan cannot change (3006)',
  },
  remove: { tag: TAG, summary: 'Delete a plan', ok: { status: 204 as const }, errors: [3006], gap: 'Deleting a deleted plan is 3006' },
  subscriptions: {
    tag: TAG,
    summary: "List a plan's subscriptions",
    query: listQuerySchema,
    ok: { status: 200 as const, schema: z.array(subscriptionObject) },
    gap: "A plan's subscriptions: not shown by the spec; the path the public server SDKs call",
  },
} satisfies Record<string, RouteDoc>;
