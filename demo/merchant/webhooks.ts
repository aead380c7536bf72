import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { registerWebhook, webhookHandler, type ApiConnection } from '../../docs/examples/webhooks.mjs';
import { BoundedMap } from './bounded';
import type { ApiClient } from './api';
import type { OrderBook } from './orders';

/** The path the sandbox delivers this shop's events to, on the shop's own origin. */
export const WEBHOOK_PATH = '/webhooks';

/** The events the shop acts on: a charge paid, cancelled (past its due date), failed or refunded; a subscription's charge failed. */
export const SHOP_EVENTS = ['charge.succeeded', 'charge.cancelled', 'charge.failed', 'charge.refunded', 'subscription.charge.failed'];

/** Most event ids remembered as handled (the oldest forgotten first). */
export const HANDLED_MAX = 10_000;

/** A request handler for Node's http server: a delivery in, an answer out. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** The handled event ids as the receiver wants them (`has`, `add`, `delete`), bounded to {@link HANDLED_MAX}. */
function handledIds() {
  const ids = new BoundedMap<string, true>(HANDLED_MAX);
  return { has: (id: string) => ids.has(id), add: (id: string) => ids.set(id, true), delete: (id: string) => ids.delete(id) };
}

/** Deletes this shop's earlier registrations of `url` (a restart on a kept database): each start registers afresh. */
async function forgetEarlier(api: ApiClient, url: string): Promise<void> {
  const list = await api.read('/webhooks?limit=100');
  const hooks = Array.isArray(list.body) ? (list.body as { id: string; url: string }[]) : [];
  for (const hook of hooks.filter((h) => h.url === url)) await api.send('DELETE', `/webhooks/${hook.id}`);
}

/**
 * What moves the order of an event's object: a subscription order's Subscription as the API has it now (its charges
 * come one per period and a delivery may be older than the latest: the subscription says where it stands), else the
 * object as the receiver gives it (a charge, re-read from the API).
 * @throws when the API does not answer: the receiver answers 500 and the delivery is tried again.
 */
async function orderObject(api: ApiClient, orders: OrderBook, object: Record<string, unknown> | undefined) {
  const order = orders.find(object);
  if (order?.method !== 'subscription') return object;
  // before the API's answer names it: a charge's `subscription_id`, or the Subscription of subscription.charge.failed
  const id = order.chargeId || String(object?.subscription_id ?? object?.id);
  const sub = await api.subscriptionOf(String(order.customerId), id);
  if (!sub) throw new Error(`GET of subscription ${id} did not answer with it`);
  return sub;
}

/**
 * Registers the shop's webhook at `{selfUrl}/webhooks` (Basic auth: user `shop` and a password made at each start)
 * and returns the receiver of docs/examples/webhooks.mjs, as docs/webhooks.md shows it: the Basic credentials
 * checked, the signature verified with the standardwebhooks package, each event id handled once, the charge re-read
 * from the API (a subscription order's Subscription: {@link orderObject}); then `orders.settle` moves the order (and
 * the log says so). Rejects with the API's Error object when the registration is refused.
 */
export async function receiveEvents(options: {
  api: ApiClient;
  connection: ApiConnection;
  selfUrl: string;
  orders: OrderBook;
  log: (line: string) => void;
}): Promise<NodeHandler> {
  const { api, connection, orders, log } = options;
  const url = `${options.selfUrl}${WEBHOOK_PATH}`;
  const password = randomBytes(18).toString('base64url');
  await forgetEarlier(api, url);
  const hook = await registerWebhook({ url, eventTypes: SHOP_EVENTS, user: 'shop', password, api: connection });
  return webhookHandler({
    secret: hook.secret,
    user: 'shop',
    password,
    api: connection,
    handled: handledIds(),
    onEvent: async (event, tx) => {
      const order = orders.settle(event.type, await orderObject(api, orders, tx));
      if (order) log(`merchant order ${order.id} ${order.status} (event ${event.id}, ${event.type})`);
    },
  });
}
