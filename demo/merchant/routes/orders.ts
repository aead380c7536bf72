import { Hono, type Context } from 'hono';
import type { MerchantDeps, MerchantEnv } from '../env';
import { langOf, TEXT, type Lang } from '../i18n';
import { isJson, sameOrigin, validCsrf } from '../middleware/csrf';
import { orderPath, type Order } from '../orders';
import { orderIdOf } from '../shoppers';
import { pointOfPostalCode, storesNear, type Point } from '../stores';
import { productName } from '../../product';
import { METHOD_TEXT } from '../views/methods-text';
import { cardReceipt, orderPage, statusWords } from '../views/order';
import { failurePage, notFoundPage } from '../views/results';

type MerchantContext = Context<MerchantEnv>;

/** The methods whose order this router places: cash at a store, and SPEI (card orders: ../pay.ts). */
type CashMethod = 'store' | 'spei';

/** The charge body of each method (spec, Endpoints > Charges: store; bank account). */
const METHOD_OF: Record<CashMethod, string> = { store: 'store', spei: 'bank_account' };

/**
 * Creates the session cart's cash or SPEI charge (the merchant's private key, the shopper's address) and opens its
 * order, `pending` until the webhook's event says otherwise; the session starts a new cart.
 * @returns the order, or undefined when the API refused (its Error object goes to the merchant log).
 */
async function placeOrder(deps: MerchantDeps, c: MerchantContext, method: CashMethod, lang: Lang): Promise<Order | undefined> {
  const cart = deps.shoppers.of(c.var.sid).cart;
  const orderId = orderIdOf(cart);
  const answer = await deps.api.send(
    'POST',
    '/charges',
    {
      method: METHOD_OF[method],
      amount: deps.settings.amount,
      description: productName(lang),
      order_id: orderId,
      customer: { name: 'Demo Shopper', email: 'shopper@example.com' },
    },
    c.var.address,
  );
  if (!answer.ok) {
    deps.settings.log(`merchant ${method} charge failed: ${JSON.stringify(answer.body)}`);
    cart.attempt++;
    return undefined;
  }
  const tx = answer.body;
  const order: Order = {
    id: orderId,
    sid: c.var.sid,
    lang,
    method,
    chargeId: String(tx.id),
    amount: Number(tx.amount),
    dueDate: String(tx.due_date),
    payment: (tx.payment_method ?? {}) as Record<string, unknown>,
    status: 'pending',
  };
  deps.orders.open(order);
  deps.shoppers.startNewCart(c.var.sid);
  return order;
}

/** `POST /orders`: the form of `/store` or `/spei` (same origin, CSRF token), then the order's page. */
async function postOrder(deps: MerchantDeps, c: MerchantContext) {
  const lang = langOf(c.req.query('lang'));
  const t = TEXT[lang];
  const form = await c.req.parseBody();
  const method = String(form.method ?? '');
  if (!sameOrigin(c) || !validCsrf(c, String(form.csrf ?? ''), deps.csrfOf)) {
    deps.settings.log('merchant refused POST /orders: cross-site, or a missing or wrong CSRF token');
    return c.html(failurePage(lang, t.refused, t.forbidden, false), 403);
  }
  if (method !== 'store' && method !== 'spei') return c.html(failurePage(lang, t.failed, METHOD_TEXT[lang].notPlaced), 400);
  if (!deps.limits.attempt(c.var.sid, c.var.address)) return c.html(failurePage(lang, t.refused, t.tooMany, false), 429);
  const order = await placeOrder(deps, c, method, lang);
  if (!order) return c.html(failurePage(lang, t.failed, METHOD_TEXT[lang].notPlaced), 502);
  return c.redirect(orderPath(order.id, lang), 303);
}

/** `POST /api/orders` ({method}: `store` or `spei`; same-origin JSON), the SPA's: `{order}` (the order page's path). */
async function postApiOrder(deps: MerchantDeps, c: MerchantContext) {
  const lang = langOf(c.req.query('lang'));
  if (!sameOrigin(c) || !isJson(c)) return c.json({ error_code: 1010 }, 403);
  const json = (await c.req.json().catch(() => ({}))) as { method?: unknown };
  if (json.method !== 'store' && json.method !== 'spei') return c.json({ error_code: 1001, message: METHOD_TEXT[lang].notPlaced }, 400);
  if (!deps.limits.attempt(c.var.sid, c.var.address)) return c.json({ error_code: 429, message: TEXT[lang].tooMany }, 429);
  const order = await placeOrder(deps, c, json.method, lang);
  if (!order) return c.json({ error_code: 1004, message: METHOD_TEXT[lang].notPlaced }, 502);
  return c.json({ order: orderPath(order.id, lang) });
}

/** Where the shopper is, from `?lat&lng` (the browser's position, sent once the shopper asked) or `?postal_code`. */
function pointOf(c: MerchantContext): Point | undefined {
  const { lat, lng, postal_code: postal } = c.req.query();
  if (postal !== undefined) return pointOfPostalCode(postal);
  const at = { lat: Number(lat), lng: Number(lng) };
  return Math.abs(at.lat) <= 90 && Math.abs(at.lng) <= 180 && lat !== '' && lng !== '' ? at : undefined;
}

/**
 * The orders: `POST /orders` places a cash or SPEI one (the pages' form; `POST /api/orders` the SPA's JSON; card
 * orders are placed by ../pay.ts), `GET /order/:id` is an order's page (the slip, the transfer details or the
 * card receipt, and its status), `GET /api/order/:id` its status for the page's refresh (`{status, title, text}`, and a card order's
 * `receipt` rows), and
 * `GET /api/stores` the stores near the shopper (`?lat&lng` or `?postal_code`: `{stores}` or `{message}`). An order
 * answers only for the session that placed it (404 as for an unknown id otherwise).
 */
export function ordersRouter(deps: MerchantDeps) {
  return new Hono<MerchantEnv>()
    .post('/orders', (c) => postOrder(deps, c))
    .post('/api/orders', (c) => postApiOrder(deps, c))
    .get('/order/:id', (c) => {
      const order = deps.orders.of(c.var.sid, c.req.param('id'));
      const lang = langOf(c.req.query('lang') ?? order?.lang);
      return order ? c.html(orderPage(lang, order)) : c.html(notFoundPage(lang), 404);
    })
    .get('/api/order/:id', (c) => {
      const order = deps.orders.of(c.var.sid, c.req.param('id'));
      const lang = langOf(c.req.query('lang'));
      if (!order) return c.json({ error_code: 1005, message: TEXT[lang].notFoundText }, 404);
      const receipt = order.method === 'card' ? { receipt: cardReceipt(lang, order).rows } : {};
      return c.json({ status: order.status, ...statusWords(lang, order), ...receipt });
    })
    .get('/api/stores', async (c) => {
      const t = METHOD_TEXT[langOf(c.req.query('lang'))];
      const at = pointOf(c);
      if (!at) return c.json({ message: t.storesNone });
      const { apiBaseUrl, publicKey, amount } = deps.settings;
      const stores = await storesNear({ apiBaseUrl, publicKey, at, amount });
      if (!stores) return c.json({ message: t.storesError }, 502);
      return c.json(stores.length ? { stores, km: t.km } : { message: t.storesNone });
    });
}
