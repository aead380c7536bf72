import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe, type RouteDoc } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { lenientAlias, lenientReadBackCard } from '../../http/lenient';
import { listQuerySchema } from '../../schemas/list';
import { createSubscriptionSchema, updateSubscriptionSchema } from './schema';
import { cancelSubscription, createSubscription, listSubscriptions, subscriptionOf, updateSubscription } from './service';
import { subscriptionObject, subscriptionView } from './view';

const TAG = 'Subscriptions';

/** Card refusals a subscription's card may answer with: the card rules, the anti-fraud rules and the card's outcome. */
const CARD_ERRORS = [2004, 2005, 2006, 2007, 2009, 3001, 3002, 3003, 3004, 3005, 3009, 3010, 3011, 3012];

/**
 * Subscriptions (spec, Endpoints > Subscriptions; customer level only), mounted at
 * `/v1/{merchant_id}/customers/{customer_id}/subscriptions` (an unknown customer is 1005). Private key only.
 * - `POST /`: 201 Subscription: `trial` with a trial, else `active` after its first charge (declined: the card's
 *   error, nothing kept); a deleted plan is 1003.
 * - `GET /` (common filters), `GET /:subscription_id`: as the public server SDKs call them.
 * - `PUT /:subscription_id`: trial_end_date, a new card (`card` or `source_id`), cancel_at_period_end; a new card
 *   reactivates an `unpaid` subscription (charged at once: `active`).
 * - `DELETE /:subscription_id`: cancels it at once -> 204.
 * Billing on the clock: ./billing.ts.
 */
export function subscriptionsRouter(d: Deps) {
  const create = createSubscriptionSchema(() => d.clock.now());
  const update = updateSubscriptionSchema(() => d.clock.now());
  const customer = (c: Context<SandboxEnv>) => c.req.param('customer_id')!;
  const id = (c: Context<SandboxEnv>) => c.req.param('subscription_id')!;
  return new Hono<SandboxEnv>()
    .post('/', describe({ ...DOCS.create, body: create }), (c) =>
      c.json(
        subscriptionView(createSubscription(d, customer(c), parseWith(create, lenientAlias(d, c, c.var.body, 'card_id', 'source_id')))),
        201,
      ),
    )
    .get('/', describe(DOCS.list), (c) =>
      c.json(listSubscriptions(d, customer(c), parseWith(listQuerySchema, c.req.query())).map(subscriptionView)),
    )
    .get('/:subscription_id', describe(DOCS.get), (c) => c.json(subscriptionView(subscriptionOf(d, customer(c), id(c)))))
    .put('/:subscription_id', describe({ ...DOCS.update, body: update }), (c) =>
      c.json(subscriptionView(updateSubscription(d, customer(c), id(c), parseWith(update, lenientReadBackCard(d, c, c.var.body))))),
    )
    .delete('/:subscription_id', describe(DOCS.cancel), (c) => {
      cancelSubscription(d, customer(c), id(c));
      return c.body(null, 204);
    });
}

const ok = { status: 200 as const, schema: subscriptionObject };

/** The OpenAPI operations of the routes. */
const DOCS = {
  create: {
    tag: TAG,
    summary: 'Subscribe a customer to a plan',
    ok: { status: 201 as const, schema: subscriptionObject },
    errors: [1003, 1008, 3006, ...CARD_ERRORS],
    gap: 'A deleted plan is 1003; a declined first charge (no trial) refuses the subscription; cancel_at_period_end accepted',
  },
  list: {
    tag: TAG,
    summary: "List a customer's subscriptions",
    query: listQuerySchema,
    ok: { status: 200 as const, schema: z.array(subscriptionObject) },
    gap: 'Subscription list: not shown by the spec; the path the public server SDKs call',
  },
  get: {
    tag: TAG,
    summary: 'Get a subscription',
    ok,
    gap: 'Subscription get: not shown by the spec; the path the public server SDKs call',
  },
  update: {
    tag: TAG,
    summary: 'Update a subscription',
    ok,
    errors: [1003, 1008, 3006, ...CARD_ERRORS],
    gap: 'A new card (card or source_id) reactivates an unpaid subscription: charged at once, active; cancel_at_period_end accepted',
  },
  cancel: {
    tag: TAG,
    summary: 'Cancel a subscription',
    ok: { status: 204 as const },
    errors: [3006],
    gap: 'Subscription cancel: not shown by the spec; the path the public server SDKs call (cancelled at once)',
  },
} satisfies Record<string, RouteDoc>;
