import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formMessage } from '../../../src/fields/messages';
import type { MerchantDeps, MerchantEnv } from '../env';
import { httpContextOf } from '../http-context';
import { langOf, LOCALE, TEXT, type Lang } from '../i18n';
import { isJson, sameOrigin, validCsrf } from '../middleware/csrf';
import { keepNewest, MERCHANT_MAX_BODY_BYTES } from '../options';
import { pay, type Outcome } from '../pay';
import { orderPath } from '../orders';
import { receiptRows } from '../views/receipt';
import { alreadyPaidPage, declineMessage, failurePage, shopperCode } from '../views/results';
import { pointsStepPage } from '../views/steps';

type MerchantContext = Context<MerchantEnv>;

/** Whether a posted body carries card data (never accepted: card data goes to the API only). */
const hasCard = (body: Record<string, unknown>) => 'card_number' in body || 'cvv2' in body;

/** The shopper's words for a refused charge: 3006 with a plan is the plan's rule, not the card details. */
const chargeMessage = (lang: Lang, code: number, body: Record<string, string>) =>
  code === 3006 && body.payment_plan ? TEXT[lang].planNeedsCredit : declineMessage(lang, code);

/**
 * The payment routes. `POST /api/charge`, the pages' charge: JSON in ({token_id, device_session_id,
 * payment_plan?, use_card_points?, http_context?}), JSON out: {transaction, order, order_id} (the charge was
 * created: its receipt rows, the order's page and id; the order turns paid on the page when the webhook's event
 * arrives, never from this answer); {points: {balance, only_points}} (a points card: ask how to pay, then post
 * again with use_card_points; `only_points` false when the points cannot cover the order); {redirect} (3-D
 * Secure: the bank page's URL); {already_paid: {receipt}} (the session's order is paid: its page); or
 * {error_code, message} (the library's words, in `?lang`). Same-origin JSON only. `POST /charge`, the classic
 * form post without JavaScript (CSRF token required), answered with a page or a redirect to the order's page.
 * Each post is one attempt, limited per session and per client address (429 beyond, nothing charged).
 */
export function chargeRouter(deps: MerchantDeps) {
  const limit = bodyLimit({ maxSize: MERCHANT_MAX_BODY_BYTES, onError: (c) => c.text('Payload Too Large', 413) });
  return new Hono<MerchantEnv>().post('/api/charge', limit, (c) => apiCharge(deps, c)).post('/charge', limit, (c) => formCharge(deps, c));
}

/** Counts one charge attempt of the request's session and client address: false when either is over its limit. */
const attempt = (deps: MerchantDeps, c: MerchantContext) => deps.limits.attempt(c.var.sid, c.var.address);

/** The fields of a posted JSON object kept for the charge: strings, and numbers as their digits (http_context apart). */
const stringFields = (json: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(json)
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      .map(([k, v]) => [k, String(v)]),
  );

/** `POST /api/charge`: checks the request, charges the token and answers with JSON (apiAnswer). */
async function apiCharge(deps: MerchantDeps, c: MerchantContext) {
  const lang = langOf(c.req.query('lang'));
  if (!sameOrigin(c) || !isJson(c)) {
    deps.settings.log(
      `merchant refused POST /api/charge: cross-site or not JSON (Origin ${c.req.header('origin')}, Content-Type ${c.req.header('content-type')})`,
    );
    return c.json({ error_code: 1010 }, 403);
  }
  const raw = (await c.req.json().catch(() => ({}))) as unknown;
  const json = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const body = stringFields(json);
  keepNewest(deps.received, body);
  if (hasCard(json) || typeof json.token_id !== 'string' || typeof json.device_session_id !== 'string') {
    return c.json({ error_code: 1001, message: formMessage(1001, LOCALE[lang]) }, 400);
  }
  if (!attempt(deps, c)) return c.json({ error_code: 429, message: TEXT[lang].tooMany }, 429);
  const httpContext = httpContextOf(c, json.http_context, c.var.address);
  const outcome = await pay(deps, { body, sid: c.var.sid, address: c.var.address, lang, httpContext });
  return apiAnswer(c, lang, body, outcome);
}

/** The JSON answer of `POST /api/charge` for the outcome of the payment. */
function apiAnswer(c: MerchantContext, lang: Lang, body: Record<string, string>, outcome: Outcome) {
  switch (outcome.kind) {
    case 'bad':
      return c.json({ error_code: 1001, message: formMessage(1001, LOCALE[lang]) }, 400);
    case 'points':
      return c.json({ points: { balance: outcome.balance.text, only_points: outcome.balance.coversOrder } });
    case 'redirect':
      return c.json({ redirect: outcome.url });
    case 'alreadyPaid':
      return c.json({ already_paid: { receipt: orderPath(outcome.order, lang), message: TEXT[lang].alreadyPaidText } }, 409);
    default:
      if (outcome.ok)
        return c.json({ transaction: receiptRows(outcome.tx), order: orderPath(outcome.order!, lang), order_id: outcome.order });
      return c.json({ error_code: shopperCode(outcome.code), message: chargeMessage(lang, outcome.code, body) }, 402);
  }
}

/** `POST /charge`, the form post without JavaScript: checks origin and CSRF token, charges and answers with a page. */
async function formCharge(deps: MerchantDeps, c: MerchantContext) {
  const { log } = deps.settings;
  const lang = langOf(c.req.query('lang'));
  const t = TEXT[lang];
  const refused = (text: string, status: 400 | 403 | 429) => c.html(failurePage(lang, t.refused, text, false), status);
  if (!sameOrigin(c)) {
    log(`merchant refused POST /charge: cross-site (Origin ${c.req.header('origin')}, Sec-Fetch-Site ${c.req.header('sec-fetch-site')})`);
    return refused(t.forbidden, 403);
  }
  const form = await c.req.parseBody();
  const { csrf, ...body } = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
  keepNewest(deps.received, body);
  if (!validCsrf(c, csrf, deps.csrfOf)) {
    log('merchant refused POST /charge: missing or wrong CSRF token');
    return refused(t.forbidden, 403);
  }
  if (hasCard(body)) return refused(t.refusedText, 400);
  if (!attempt(deps, c)) return refused(t.tooMany, 429);
  const outcome = await pay(deps, {
    body,
    sid: c.var.sid,
    address: c.var.address,
    lang,
    httpContext: httpContextOf(c, undefined, c.var.address),
  });
  return formAnswer(deps, c, lang, { body, csrf: csrf! }, outcome);
}

/** The page answering `POST /charge` for the outcome of the payment (the points step posts the same form again). */
function formAnswer(
  deps: MerchantDeps,
  c: MerchantContext,
  lang: Lang,
  posted: { body: Record<string, string>; csrf: string },
  outcome: Outcome,
) {
  const t = TEXT[lang];
  switch (outcome.kind) {
    case 'bad':
      return c.html(failurePage(lang, t.failed, declineMessage(lang, 1001)), 400);
    case 'points':
      return c.html(pointsStepPage(lang, posted.body, outcome.balance, posted.csrf, deps.settings.amount));
    case 'redirect':
      return c.redirect(outcome.url, 303);
    case 'alreadyPaid':
      return c.html(alreadyPaidPage(lang, orderPath(outcome.order, lang)), 409);
    default:
      return outcome.ok
        ? c.redirect(orderPath(outcome.order!, lang), 303)
        : c.html(failurePage(lang, t.failed, chargeMessage(lang, outcome.code, posted.body)), 402);
  }
}
