import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validateTokenId } from '../../../src/card/ids';
import { formMessage } from '../../../src/fields/messages';
import { BoundedMap } from '../bounded';
import type { MerchantDeps, MerchantEnv } from '../env';
import { langOf, LOCALE, TEXT, type Lang } from '../i18n';
import { isJson, sameOrigin, validCsrf } from '../middleware/csrf';
import { MERCHANT_MAX_BODY_BYTES } from '../options';
import { accountPage } from '../views/account';
import { declineMessage, failurePage } from '../views/results';

type MerchantContext = Context<MerchantEnv>;

/** A session's subscription: the customer the backend made for it and the subscription's id. */
interface Subscribed {
  customerId: string;
  subscriptionId: string;
}

/** Most sessions whose subscription is remembered (the oldest forgotten first). */
export const SUBSCRIBED_MAX = 10_000;

/**
 * Makes the customer, then its subscription to `planId` paid by the card token `tokenId` (`source_id`: the token
 * becomes the customer's card; spec, Endpoints > Subscriptions). A plan without a trial is charged in this request.
 * @returns the ids, or the API's error code (a decline of the first charge: nothing is kept).
 */
async function subscribe(deps: MerchantDeps, c: MerchantContext, planId: string, tokenId: string): Promise<Subscribed | number> {
  const customer = await deps.api.send('POST', '/customers', { name: 'Demo Shopper', email: 'shopper@example.com' }, c.var.address);
  if (!customer.ok) return Number(customer.body.error_code ?? 1004);
  const customerId = String(customer.body.id);
  const sub = await deps.api.send('POST', `/customers/${customerId}/subscriptions`, { plan_id: planId, source_id: tokenId }, c.var.address);
  if (!sub.ok) {
    deps.settings.log(`merchant subscription failed: ${JSON.stringify(sub.body)}`);
    await deps.api.send('DELETE', `/customers/${customerId}`);
    return Number(sub.body.error_code ?? 1004);
  }
  return { customerId, subscriptionId: String(sub.body.id) };
}

/** `POST /api/subscribe` ({token_id, plan_id}, same-origin JSON): `{receipt: '/account'}` or `{error_code, message}`. */
async function postSubscribe(deps: MerchantDeps, c: MerchantContext, subscribed: BoundedMap<string, Subscribed>) {
  const lang = langOf(c.req.query('lang'));
  if (!sameOrigin(c) || !isJson(c)) return c.json({ error_code: 1010 }, 403);
  const json = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
  const planId = String(json.plan_id ?? '');
  const tokenId = String(json.token_id ?? '');
  if (!deps.plans.some((p) => p.id === planId) || !validateTokenId(tokenId).valid || 'card_number' in json) {
    return c.json({ error_code: 1001, message: formMessage(1001, LOCALE[lang]) }, 400);
  }
  if (!deps.limits.attempt(c.var.sid, c.var.address)) return c.json({ error_code: 429, message: TEXT[lang].tooMany }, 429);
  const result = await subscribe(deps, c, planId, tokenId);
  if (typeof result === 'number') return c.json({ error_code: result, message: declineMessage(lang, result) }, 402);
  subscribed.set(c.var.sid, result);
  return c.json({ receipt: `/account?lang=${lang}` });
}

/** The session's subscription as the API has it now, or undefined. */
async function current(deps: MerchantDeps, mine: Subscribed | undefined): Promise<Record<string, unknown> | undefined> {
  if (!mine) return undefined;
  const answer = await deps.api.read(`/customers/${mine.customerId}/subscriptions/${mine.subscriptionId}`);
  return answer.ok ? answer.body : undefined;
}

/** The account page of the session, in `lang`. */
async function account(deps: MerchantDeps, c: MerchantContext, lang: Lang, mine: Subscribed | undefined) {
  const sub = await current(deps, mine);
  const plan = deps.plans.find((p) => p.id === sub?.plan_id);
  return c.html(accountPage(lang, sub, plan, deps.csrfOf(c.var.sid)));
}

/**
 * The subscription: `POST /api/subscribe` (the page's token and plan: the customer and the subscription made),
 * `GET /account` (status, trial end, next charge date, the cancel button) and `POST /account/cancel` (same origin,
 * CSRF token: `DELETE` of the subscription, then the account page). Each session sees its own subscription only.
 */
export function subscribeRouter(deps: MerchantDeps) {
  const subscribed = new BoundedMap<string, Subscribed>(SUBSCRIBED_MAX);
  const limit = bodyLimit({ maxSize: MERCHANT_MAX_BODY_BYTES, onError: (c) => c.text('Payload Too Large', 413) });
  return new Hono<MerchantEnv>()
    .post('/api/subscribe', limit, (c) => postSubscribe(deps, c, subscribed))
    .get('/account', (c) => account(deps, c, langOf(c.req.query('lang')), subscribed.get(c.var.sid)))
    .post('/account/cancel', async (c) => {
      const lang = langOf(c.req.query('lang'));
      const form = await c.req.parseBody();
      if (!sameOrigin(c) || !validCsrf(c, String(form.csrf ?? ''), deps.csrfOf)) {
        return c.html(failurePage(lang, TEXT[lang].refused, TEXT[lang].forbidden, false), 403);
      }
      const mine = subscribed.get(c.var.sid);
      if (mine) await deps.api.send('DELETE', `/customers/${mine.customerId}/subscriptions/${mine.subscriptionId}`);
      return c.redirect(`/account?lang=${lang}`, 303);
    });
}
