import { Hono, type Context } from 'hono';
import type { MerchantDeps, MerchantEnv } from '../env';
import { langOf, TEXT } from '../i18n';
import { receiptPage, receiptRows } from '../views/receipt';
import { failurePage, notCompleted, notFoundPage } from '../views/results';

/** A resource id as the API writes them (spec: up to 45 characters). */
const ID = /^[A-Za-z0-9]{1,45}$/;

/** A transaction that took the money (or holds it: `capture: false`). */
const isPaid = (status: string) => status === 'completed' || status === 'in_progress';

/**
 * The result pages, each bound to the shopper's session: `GET /receipt/:id` (a receipt kept in the session),
 * `GET /3ds/return?id={transaction_id}` (where the bank page sends the shopper back: the charge is read, never
 * trusted from the query, and its status decides the page) and `GET /api/charge/:id` (the same for the SPA, whose
 * 3-D Secure modal keeps it on its page: {status, transaction} once paid, else {status, message}). An id that is
 * not the session's own answers exactly as an unknown one: the shop's "not found" page (404; `{error_code: 1005,
 * message}` on the JSON route, the message the page's), so nobody learns whether it exists.
 */
export function resultsRouter(deps: MerchantDeps) {
  /** The session's own charge `id`, read from the API; undefined for a malformed, foreign or unknown id. */
  const ownCharge = async (c: Context<MerchantEnv>, id: string) => {
    if (!ID.test(id) || !deps.shoppers.owns(c.var.sid, id)) return undefined;
    const answer = await deps.api.read(`/charges/${id}`);
    return answer.ok ? answer.body : undefined;
  };

  return new Hono<MerchantEnv>()
    .get('/receipt/:id', (c) => {
      const receipt = deps.shoppers.receipt(c.var.sid, c.req.param('id'));
      const lang = langOf(c.req.query('lang') ?? receipt?.lang);
      return receipt ? c.html(receiptPage(lang, receipt.tx)) : c.html(notFoundPage(lang), 404);
    })
    .get('/3ds/return', async (c) => {
      const lang = langOf(c.req.query('lang'));
      const tx = await ownCharge(c, c.req.query('id') ?? '');
      if (!tx) return c.html(notFoundPage(lang), 404);
      const status = String(tx.status ?? '');
      if (isPaid(status)) return c.html(receiptPage(lang, tx));
      const [title, message] = notCompleted(lang, status);
      return c.html(failurePage(lang, title, message));
    })
    .get('/api/charge/:id', async (c) => {
      const lang = langOf(c.req.query('lang'));
      const tx = await ownCharge(c, c.req.param('id'));
      if (!tx) return c.json({ error_code: 1005, message: TEXT[lang].notFoundText }, 404);
      const status = String(tx.status ?? '');
      if (isPaid(status)) return c.json({ status, transaction: receiptRows(tx) });
      return c.json({ status, message: notCompleted(lang, status)[1] });
    });
}
