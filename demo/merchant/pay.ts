import { validateTokenId } from '../../src/card/ids';
import type { ChargeResult } from './api';
import type { MerchantDeps } from './env';
import { pesos } from './html';
import { TEXT, type Lang } from './i18n';
import { PLANS } from './options';
import type { Order } from './orders';
import { orderIdOf } from './shoppers';
import type { PointsBalance } from './views/steps';

/** What paying a token comes to, for both the JSON and the classic route. */
export type Outcome =
  | { kind: 'bad' } // a malformed request (1001)
  | { kind: 'points'; balance: PointsBalance } // a points card, no choice yet: ask how to pay
  | { kind: 'redirect'; url: string } // 3-D Secure: the shopper goes to the bank page
  | { kind: 'alreadyPaid'; order: string } // the session's order was paid: its order id (the page with the receipt)
  | ({ kind: 'charged'; order?: string } & ChargeResult); // `order`: the order id of a charge the API created

/** One payment request: the posted fields, the shopper's session, address and language, and the page's `http_context`. */
export interface PaymentRequest {
  body: Record<string, string>;
  sid: string;
  address: string;
  lang: Lang;
  /** The `http_context` to send with a 3-D Secure charge (./http-context.ts). */
  httpContext: Record<string, unknown>;
}

/** A transaction that took the money (or holds it: `capture: false`). */
const isPaid = (tx: Record<string, unknown>) => tx.status === 'completed' || tx.status === 'in_progress';

/** The members the posted choices add to the charge (`payment_plan`, `use_card_points`), or 'bad'. */
function choices(body: Record<string, string>, amount: number, installmentsFrom: number): Record<string, unknown> | 'bad' {
  const extra: Record<string, unknown> = {};
  if (body.payment_plan) {
    if (amount < installmentsFrom || !PLANS.includes(Number(body.payment_plan))) return 'bad';
    extra.payment_plan = { payments: Number(body.payment_plan) };
  }
  if (body.use_card_points !== undefined) {
    if (!['ONLY_POINTS', 'MIXED', 'NONE'].includes(body.use_card_points)) return 'bad';
    extra.use_card_points = body.use_card_points;
  }
  return extra;
}

/**
 * Pays a token for the session's cart: tokens only (the id form, then the API must know it as a token); the
 * months-without-interest plan checked against the order; the "pay with points" step for a `points_card` token
 * (read server side); the charge under the cart's `order_id`; a 3012 retried with `use_3d_secure: true`,
 * `redirect_url` = this backend's `/3ds/return?lang=..` and the shopper's `http_context`; a 1006 (the order id
 * used) read back: paid, the shopper gets "already paid" and the order's page; else the next attempt's order id.
 * Each charge's order is opened (`pending`) before the charge is sent; only the webhook's events move it
 * (./orders.ts): an accepted charge comes back with its order id, never as paid.
 */
export async function pay(deps: MerchantDeps, request: PaymentRequest): Promise<Outcome> {
  const { body, lang } = request;
  if (typeof body.device_session_id !== 'string') return { kind: 'bad' };
  const refuse = (why: string): Outcome => {
    deps.settings.log(`merchant refused token_id: ${why}`);
    return { kind: 'charged', ok: false, code: 1005, tx: {} };
  };
  if (!validateTokenId(body.token_id).valid) return refuse('not an id');
  const token = await deps.api.read(`/tokens/${body.token_id}`);
  if (token.status !== 200) return refuse(`the API answered ${token.status} for GET /tokens/{id}`);
  const extra = choices(body, deps.settings.amount, deps.settings.installmentsFrom);
  if (extra === 'bad') return { kind: 'bad' };
  if (body.use_card_points === undefined && (token.body.card as Record<string, unknown> | undefined)?.points_card === true) {
    return { kind: 'points', balance: await pointsBalance(deps, body.token_id!, lang) };
  }
  let result = await chargeCart(deps, request, extra);
  if (result.kind === 'charged' && !result.ok && result.code === 3012) {
    // the bank wants the shopper authenticated: the same charge again with 3-D Secure
    const threeDs = { use_3d_secure: true, redirect_url: `${deps.selfUrl()}/3ds/return?lang=${lang}`, http_context: request.httpContext };
    result = await chargeCart(deps, request, { ...extra, ...threeDs });
  }
  return result.kind === 'charged' && result.ok ? completed(request, result) : result;
}

/** The balance of a points card in words, and whether the points alone cover the order. */
async function pointsBalance(deps: MerchantDeps, tokenId: string, lang: Lang): Promise<PointsBalance> {
  const answer = await deps.api.read(`/tokens/${tokenId}/points`);
  const first = answer.ok && Array.isArray(answer.body) ? (answer.body[0] as Record<string, unknown> | undefined) : undefined;
  if (first?.remaining_points == null) return { text: '', coversOrder: false };
  const mxn = Number(first.remaining_mxn ?? 0);
  return {
    text: TEXT[lang].pointsBalance(Number(first.remaining_points).toLocaleString('en-US'), pesos(mxn)),
    coversOrder: mxn >= deps.settings.amount,
  };
}

/**
 * Charges under the cart's current order id. A refused charge moves the cart to its next attempt (the API keeps
 * the failed transaction's order id); a 1006 on a paid order is "already paid", on an unpaid one (a failed or
 * abandoned 3-D Secure charge) the charge is made once more under the next attempt's id. The transactions of a
 * refused charge's order are read back: none (the API refused before making one: 1001, 3006...) and its order is
 * withdrawn, since no event will ever move it; a declined charge's transaction moves it by its `charge.failed`.
 */
async function chargeCart(deps: MerchantDeps, request: PaymentRequest, extra: Record<string, unknown>): Promise<Outcome> {
  const cart = deps.shoppers.of(request.sid).cart;
  for (let tries = 0; ; tries++) {
    const orderId = orderIdOf(cart);
    const { token_id, device_session_id } = request.body as { token_id: string; device_session_id: string };
    deps.orders.open(cardOrder(deps, request, orderId));
    const result = await deps.api.charge({
      token_id,
      device_session_id,
      order_id: orderId,
      address: request.address,
      lang: request.lang,
      extra,
    });
    deps.shoppers.own(request.sid, result.tx.id);
    if (result.ok) {
      deps.orders.charged(orderId, result.tx);
      return { kind: 'charged', ...result, order: orderId };
    }
    if (result.code === 1006 && tries > 0) return { kind: 'charged', ...result };
    const made = await deps.api.chargesOfOrder(orderId);
    if (result.code === 1006 && made?.find(isPaid)) return { kind: 'alreadyPaid', order: orderId };
    if (made?.length === 0) deps.orders.withdraw(orderId);
    if (orderIdOf(cart) === orderId) cart.attempt++;
    if (result.code !== 1006) return { kind: 'charged', ...result };
  }
}

/** The card order of the session's cart under `orderId`, `pending` until the webhook's events say otherwise. */
const cardOrder = (deps: MerchantDeps, request: PaymentRequest, orderId: string): Order => ({
  id: orderId,
  sid: request.sid,
  lang: request.lang,
  method: 'card',
  chargeId: '',
  amount: deps.settings.amount,
  payment: {},
  status: 'pending',
});

/** A charge the API accepted: the bank page for 3-D Secure, else its order (the page that turns paid by the event). */
function completed(request: PaymentRequest, result: Extract<Outcome, { kind: 'charged' }>): Outcome {
  const method = result.tx.payment_method as { type?: string; url?: string } | undefined;
  if (result.tx.status === 'charge_pending' && method?.type === 'redirect' && /^https?:\/\//.test(method.url ?? '')) {
    const bank = new URL(method.url!);
    if (request.lang === 'en') bank.searchParams.set('lang', 'en');
    return { kind: 'redirect', url: bank.href };
  }
  return result;
}
