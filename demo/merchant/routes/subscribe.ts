import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validateTokenId } from '../../../src/card/ids';
import { formMessage } from '../../../src/fields/messages';
import { BoundedMap } from '../bounded';
import type { MerchantDeps, MerchantEnv } from '../env';
import { langOf, LOCALE, TEXT, type Lang } from '../i18n';
import { isJson, sameOrigin, validCsrf } from '../middleware/csrf';
import { MERCHANT_MAX_BODY_BYTES } from '../options';
import type { Order } from '../orders';
import type { ShopPlan } from '../plans';
import { orderIdOf } from '../shoppers';
import { accountPage } from '../views/account';
import { declineMessage, failurePage } from '../views/results';

type MerchantContext = Context<MerchantEnv>;

/** Most sessions whose subscription order is remembered (the oldest forgotten first). */
export const SUBSCRIBED_MAX = 10_000;

/** The subscription order of the session under a new cart's order id, for `plan`, `pending` until the events move it. */
function subscriptionOrder(deps: MerchantDeps, c: MerchantContext, lang: Lang, plan: ShopPlan, customerId: string): Order {
  deps.shoppers.startNewCart(c.var.sid); // a purchase of its own, apart from the coffee in the cart
  const id = orderIdOf(deps.shoppers.of(c.var.sid).cart);
  return {
    id,
    sid: c.var.sid,
    lang,
    method: 'subscription',
    chargeId: '',
    amount: plan.amount,
    payment: {},
    customerId,
    status: 'pending',
  };
}

/**
 * Makes the customer, opens the subscription order (so the events of a first charge made at once find it), then
 * makes its subscription to `plan` paid by the card token `tokenId` (`source_id`: the token becomes the customer's
 * card; spec, Endpoints > Subscriptions). A plan without a trial is charged in this request.
 * @returns the order, or the API's error code (a decline of the first charge: nothing is kept, the order withdrawn).
 */
async function subscribe(deps: MerchantDeps, c: MerchantContext, lang: Lang, plan: ShopPlan, tokenId: string): Promise<Order | number> {
  const customer = await deps.api.send('POST', '/customers', { name: 'Demo Shopper', email: 'shopper@example.com' }, c.var.address);
  if (!customer.ok) return Number(customer.body.error_code ?? 1004);
  const order = subscriptionOrder(deps, c, lang, plan, String(customer.body.id));
  deps.orders.open(order);
  const path = `/customers/${order.customerId}/subscriptions`;
  const sub = await deps.api.send('POST', path, { plan_id: plan.id, source_id: tokenId }, c.var.address);
  if (!sub.ok) {
    deps.settings.log(`merchant subscription failed: ${JSON.stringify(sub.body)}`);
    deps.orders.withdraw(order.id);
    await deps.api.send('DELETE', `/customers/${order.customerId}`);
    return Number(sub.body.error_code ?? 1004);
  }
  deps.orders.charged(order.id, sub.body);
  deps.shoppers.startNewCart(c.var.sid);
  return order;
}

/** `POST /api/subscribe` ({token_id, plan_id}, same-origin JSON): `{receipt: '/account'}` or `{error_code, message}`. */
async function postSubscribe(deps: MerchantDeps, c: MerchantContext, subscribed: BoundedMap<string, string>) {
  const lang = langOf(c.req.query('lang'));
  if (!sameOrigin(c) || !isJson(c)) return c.json({ error_code: 1010 }, 403);
  const json = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
  const plan = deps.plans.find((p) => p.id === String(json.plan_id ?? ''));
  const tokenId = String(json.token_id ?? '');
  if (!plan || !validateTokenId(tokenId).valid || 'card_number' in json) {
    return c.json({ error_code: 1001, message: formMessage(1001, LOCALE[lang]) }, 400);
  }
  if (!deps.limits.attempt(c.var.sid, c.var.address)) return c.json({ error_code: 429, message: TEXT[lang].tooMany }, 429);
  const result = await subscribe(deps, c, lang, plan, tokenId);
  if (typeof result === 'number') return c.json({ error_code: result, message: declineMessage(lang, result) }, 402);
  subscribed.set(c.var.sid, result.id);
  return c.json({ receipt: `/account?lang=${lang}` });
}

/** The subscription of a subscription order as the API has it now, or undefined. */
const current = async (deps: MerchantDeps, order: Order | undefined): Promise<Record<string, unknown> | undefined> =>
  order?.chargeId ? deps.api.subscriptionOf(String(order.customerId), order.chargeId) : undefined;

/** The account page of the session (its latest subscription order), in `lang`. */
async function account(deps: MerchantDeps, c: MerchantContext, lang: Lang, order: Order | undefined) {
  const sub = await current(deps, order);
  const plan = deps.plans.find((p) => p.id === sub?.plan_id);
  return c.html(accountPage(lang, { sub, plan, order }, deps.csrfOf(c.var.sid)));
}

/**
 * Cancels the session's subscription (`DELETE`), then notes it on its order from the subscription read back: the
 * spec has no event for a cancel, and this is the API's own answer to the shop, never the browser's word.
 */
async function cancel(deps: MerchantDeps, order: Order | undefined): Promise<void> {
  if (!order?.chargeId) return;
  await deps.api.send('DELETE', `/customers/${order.customerId}/subscriptions/${order.chargeId}`);
  if (deps.orders.settle('', await current(deps, order))) deps.settings.log(`merchant order ${order.id} ${order.status} (its cancel)`);
}

/**
 * The subscription: `POST /api/subscribe` (the page's token and plan: the customer and the subscription made),
 * `GET /account` (status, trial end, next charge date, the cancel button) and `POST /account/cancel` (same origin,
 * CSRF token: `DELETE` of the subscription, then the account page). Each session sees its own subscription only.
 */
export function subscribeRouter(deps: MerchantDeps) {
  const subscribed = new BoundedMap<string, string>(SUBSCRIBED_MAX);
  const mine = (c: MerchantContext) => deps.orders.of(c.var.sid, subscribed.get(c.var.sid) ?? '');
  const limit = bodyLimit({ maxSize: MERCHANT_MAX_BODY_BYTES, onError: (c) => c.text('Payload Too Large', 413) });
  return new Hono<MerchantEnv>()
    .post('/api/subscribe', limit, (c) => postSubscribe(deps, c, subscribed))
    .get('/account', (c) => account(deps, c, langOf(c.req.query('lang')), mine(c)))
    .post('/account/cancel', async (c) => {
      const lang = langOf(c.req.query('lang'));
      const form = await c.req.parseBody();
      if (!sameOrigin(c) || !validCsrf(c, String(form.csrf ?? ''), deps.csrfOf)) {
        return c.html(failurePage(lang, TEXT[lang].refused, TEXT[lang].forbidden, false), 403);
      }
      await cancel(deps, mine(c));
      return c.redirect(`/account?lang=${lang}`, 303);
    });
}
