import { Hono, type Context } from 'hono';
import type { MerchantDeps, MerchantEnv } from '../env';
import { langOf, TEXT } from '../i18n';
import { orderPath } from '../orders';
import { orderPage } from '../views/order';
import { receiptRows } from '../views/receipt';
import { failurePage, notCompleted, notFoundPage } from '../views/results';

/** A resource id as the API writes them (spec: up to 45 characters). */
const ID = /^[A-Za-z0-9]{1,45}$/;

/** A charge the bank has not let through: the shopper did not finish (`charge_pending`), or it failed or was cancelled. */
const isRefused = (status: string) => status === 'charge_pending' || status === 'failed' || status === 'cancelled';

/**
 * The result pages, each bound to the shopper's session: `GET /3ds/return?id={transaction_id}` (where the bank page
 * sends the shopper back: the charge is read, never trusted from the query; a charge the bank refused or the
 * shopper left shows why at once, any other shows its order's page there, which turns paid when the webhook's event
 * arrives; no redirect, as `authenticate`'s modal knows the return by this URL) and `GET /api/charge/:id` (the same for the SPA, whose 3-D Secure modal keeps it on its page:
 * {transaction, order, order_id}, the order's page and id to watch, else {status, message}). Neither ever says
 * paid: only the order does, from the events. An id that is not the session's own answers exactly as an unknown
 * one: the shop's "not found" page (404; `{error_code: 1005, message}` on the JSON route, the message the page's),
 * so nobody learns whether it exists.
 */
export function resultsRouter(deps: MerchantDeps) {
  /** The session's own charge `id`, read from the API, and its order; undefined for a malformed, foreign or unknown id. */
  const ownCharge = async (c: Context<MerchantEnv>, id: string) => {
    if (!ID.test(id) || !deps.shoppers.owns(c.var.sid, id)) return undefined;
    const answer = await deps.api.read(`/charges/${id}`);
    const order = answer.ok ? deps.orders.of(c.var.sid, String(answer.body.order_id)) : undefined;
    return order ? { tx: answer.body, order } : undefined;
  };

  return new Hono<MerchantEnv>()
    .get('/3ds/return', async (c) => {
      const lang = langOf(c.req.query('lang'));
      const own = await ownCharge(c, c.req.query('id') ?? '');
      if (!own) return c.html(notFoundPage(lang), 404);
      const status = String(own.tx.status ?? '');
      if (!isRefused(status)) return c.html(orderPage(lang, own.order));
      const [title, message] = notCompleted(lang, status);
      return c.html(failurePage(lang, title, message));
    })
    .get('/api/charge/:id', async (c) => {
      const lang = langOf(c.req.query('lang'));
      const own = await ownCharge(c, c.req.param('id'));
      if (!own) return c.json({ error_code: 1005, message: TEXT[lang].notFoundText }, 404);
      const status = String(own.tx.status ?? '');
      if (!isRefused(status))
        return c.json({ transaction: receiptRows(own.tx), order: orderPath(own.order.id, lang), order_id: own.order.id });
      return c.json({ status, message: notCompleted(lang, status)[1] });
    });
}
