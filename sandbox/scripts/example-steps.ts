/**
 * The calls ./record.ts makes, in an order where each succeeds: one or more per operation of
 * the sandbox's OpenAPI document, each body a fixture of ../src/http/example-requests.ts (the contract tests'
 * own) with the ids of the records made before.
 */
import * as F from '../src/http/example-requests';

/** One call: the operation (method and path template), its path parameters, and its body. */
export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path, e.g. `/v1/{merchant_id}/charges/{transaction_id}/capture`. */
  template: string;
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  as?: 'public' | 'private';
  /** The example's name when an operation has several (`card`, `store`...). @default 'example' */
  name?: string;
}

/** The members of the answers the later calls read (each answer is one JSON object, or a list of them). */
export interface Answer {
  id: string;
  clabe: string;
  invoice_id: string;
  amount: number;
  payment_method: { reference: string };
  body: { verification_code: string };
}

export interface Recorder {
  send(c: Call): Promise<Answer & Answer[]>;
  /** A loopback URL answering 200 (the webhook receiver). */
  hookUrl: string;
  visitorIdOf(signals: Record<string, unknown>): string;
}

const V1 = '/v1/{merchant_id}';
const SIM = '/sandbox/v1/{merchant_id}';
let orders = 0;
const orderId = () => `ord-example-${String(++orders).padStart(4, '0')}`;

/** Every call, in order. */
export async function steps(r: Recorder): Promise<void> {
  await cardSteps(r);
  const customer = await customerSteps(r);
  await chargeSteps(r, `${V1}/charges`, {}, { customer: F.CHARGE_CUSTOMER });
  await chargeSteps(r, `${V1}/customers/{customer_id}/charges`, { customer_id: customer.id }, {});
  await billingSteps(r, customer.id);
  await moneySteps(r, customer);
  await simulationSteps(r);
  await webhookAndInvoiceSteps(r);
  await deleteSteps(r, customer.id);
}

const token = async (r: Recorder, body: object = F.CARD_REQUEST) =>
  (await r.send({ method: 'POST', template: `${V1}/tokens`, body, as: 'public' })).id as string;

/** Tokens, device data and merchant cards. */
async function cardSteps(r: Recorder): Promise<void> {
  const token_id = await token(r, F.POINTS_CARD_REQUEST);
  await r.send({ method: 'GET', template: `${V1}/tokens` });
  await r.send({ method: 'GET', template: `${V1}/tokens/{token_id}`, params: { token_id } });
  await r.send({ method: 'GET', template: `${V1}/tokens/{token_id}/points`, params: { token_id } });
  const device = { device_session_id: F.DEVICE_SESSION_ID, visitor_id: r.visitorIdOf(F.DEVICE_SIGNALS), signals: F.DEVICE_SIGNALS };
  await r.send({ method: 'POST', template: `${V1}/device-data`, body: { ...device, ...F.DEVICE_DATA_REQUEST }, as: 'public' });
  const entry = { device_session_id: F.DEVICE_SESSION_ID, entry: { card_number: F.TYPED_ENTRY } };
  await r.send({ method: 'POST', template: `${V1}/device-data/entry`, body: entry, as: 'public' });
  await r.send({ method: 'GET', template: `${V1}/device-data/{device_session_id}`, params: { device_session_id: F.DEVICE_SESSION_ID } });
  await cardsOf(r, `${V1}/cards`, {});
}

/** Create, list, read, points and update of cards at `template` (merchant or customer level). */
async function cardsOf(r: Recorder, template: string, params: Record<string, string>): Promise<string> {
  const card_id = (await r.send({ method: 'POST', template, params, body: F.POINTS_CARD_REQUEST })).id as string;
  await r.send({ method: 'GET', template, params });
  const one = { ...params, card_id };
  await r.send({ method: 'GET', template: `${template}/{card_id}`, params: one });
  await r.send({ method: 'GET', template: `${template}/{card_id}/points`, params: one });
  await r.send({ method: 'PUT', template: `${template}/{card_id}`, params: one, body: F.CARD_UPDATE_REQUEST });
  return card_id;
}

/** Customers and their cards; the customer has an account (CLABE). */
async function customerSteps(r: Recorder): Promise<{ id: string; clabe: string }> {
  const customer = await r.send({ method: 'POST', template: `${V1}/customers`, body: F.CUSTOMER_REQUEST });
  const params = { customer_id: customer.id as string };
  await r.send({ method: 'GET', template: `${V1}/customers` });
  await r.send({ method: 'GET', template: `${V1}/customers/{customer_id}`, params });
  await r.send({ method: 'PUT', template: `${V1}/customers/{customer_id}`, params, body: F.CUSTOMER_UPDATE_REQUEST });
  await cardsOf(r, `${V1}/customers/{customer_id}/cards`, params);
  return { id: customer.id, clabe: customer.clabe };
}

/** Every charge kind at `template` (merchant or customer level), then capture, refund and cancel. */
async function chargeSteps(r: Recorder, template: string, params: Record<string, string>, who: Record<string, unknown>) {
  const charge = async (name: string, body: Record<string, unknown>) =>
    r.send({ method: 'POST', template, params, name, body: { ...body, order_id: orderId(), ...who } });
  const card = { ...F.CARD_CHARGE_REQUEST, customer: undefined };
  const paid = await charge('card', { ...card, source_id: await token(r) });
  const held = await charge('card_held', { ...card, source_id: await token(r), capture: false });
  const toCancel = await charge('card_held', { ...card, source_id: await token(r), capture: false });
  await charge('store', { method: 'store', ...F.OFFLINE_CHARGE_REQUEST, customer: undefined });
  await charge('bank', { method: 'bank_account', ...F.OFFLINE_CHARGE_REQUEST, customer: undefined });
  await r.send({ method: 'GET', template, params });
  const one = (transaction_id: string) => ({ ...params, transaction_id });
  await r.send({ method: 'GET', template: `${template}/{transaction_id}`, params: one(paid.id) });
  await r.send({ method: 'POST', template: `${template}/{transaction_id}/capture`, params: one(held.id), body: F.CAPTURE_REQUEST });
  await r.send({ method: 'POST', template: `${template}/{transaction_id}/refund`, params: one(paid.id), body: F.REFUND_REQUEST });
  await r.send({ method: 'POST', template: `${template}/{transaction_id}/cancel`, params: one(toCancel.id), body: {} });
}

/** Plans and subscriptions. */
async function billingSteps(r: Recorder, customer_id: string): Promise<void> {
  const plan = await r.send({ method: 'POST', template: `${V1}/plans`, body: F.PLAN_REQUEST });
  const p = { plan_id: plan.id as string };
  await r.send({ method: 'GET', template: `${V1}/plans` });
  await r.send({ method: 'GET', template: `${V1}/plans/{plan_id}`, params: p });
  await r.send({ method: 'PUT', template: `${V1}/plans/{plan_id}`, params: p, body: F.PLAN_UPDATE_REQUEST });
  const subs = `${V1}/customers/{customer_id}/subscriptions`;
  const sub = await r.send({
    method: 'POST',
    template: subs,
    params: { customer_id },
    body: { plan_id: plan.id, source_id: await token(r) },
  });
  const s = { customer_id, subscription_id: sub.id as string };
  await r.send({ method: 'GET', template: subs, params: { customer_id } });
  await r.send({ method: 'GET', template: `${subs}/{subscription_id}`, params: s });
  await r.send({ method: 'PUT', template: `${subs}/{subscription_id}`, params: s, body: F.SUBSCRIPTION_UPDATE_REQUEST });
  await r.send({ method: 'GET', template: `${V1}/plans/{plan_id}/subscriptions`, params: p });
}

/** Bank accounts, payouts (customer and merchant level), transfers between customers, fees. */
async function moneySteps(r: Recorder, customer: { id: string; clabe: string }): Promise<void> {
  const c = { customer_id: customer.id };
  await r.send({ method: 'POST', template: `${SIM}/spei-transfers`, body: { clabe: customer.clabe, amount: 1000 } });
  const accounts = `${V1}/customers/{customer_id}/bankaccounts`;
  const account = await r.send({ method: 'POST', template: accounts, params: c, body: F.BANK_ACCOUNT_REQUEST });
  await r.send({ method: 'GET', template: accounts, params: c });
  await r.send({ method: 'GET', template: `${accounts}/{bank_account_id}`, params: { ...c, bank_account_id: account.id } });
  const payouts = `${V1}/customers/{customer_id}/payouts`;
  const payout = await r.send({
    method: 'POST',
    template: payouts,
    params: c,
    body: { ...F.PAYOUT_REQUEST, destination_id: account.id, order_id: orderId() },
  });
  await r.send({ method: 'GET', template: payouts, params: c });
  await r.send({ method: 'GET', template: `${payouts}/{transaction_id}`, params: { ...c, transaction_id: payout.id } });
  const body0 = { ...F.PAYOUT_REQUEST, bank_account: F.PAYOUT_BANK_ACCOUNT, order_id: orderId() };
  const own = await r.send({ method: 'POST', template: `${V1}/payouts`, body: body0 });
  await r.send({ method: 'GET', template: `${V1}/payouts` });
  await r.send({ method: 'GET', template: `${V1}/payouts/{transaction_id}`, params: { transaction_id: own.id } });
  const receiver = await r.send({
    method: 'POST',
    template: `${V1}/customers`,
    name: 'second',
    body: { name: 'Eva', email: 'eva@example.com' },
  });
  const transfers = `${V1}/customers/{customer_id}/transfers`;
  const body = { ...F.TRANSFER_REQUEST, customer_id: receiver.id, order_id: orderId() };
  const transfer = await r.send({ method: 'POST', template: transfers, params: c, body });
  await r.send({ method: 'GET', template: transfers, params: c });
  await r.send({ method: 'GET', template: `${transfers}/{transaction_id}`, params: { ...c, transaction_id: transfer.id } });
  const fee = await r.send({
    method: 'POST',
    template: `${V1}/fees`,
    body: { ...F.FEE_REQUEST, customer_id: customer.id, order_id: orderId() },
  });
  await r.send({ method: 'GET', template: `${V1}/fees` });
  await r.send({ method: 'GET', template: `${V1}/fees/{fee_id}`, params: { fee_id: fee.id } });
  await r.send({
    method: 'POST',
    template: `${V1}/fees/{fee_id}/refund`,
    params: { fee_id: fee.id },
    body: { ...F.REFUND_REQUEST, amount: 10 },
  });
}

/** The charges the shopper finishes elsewhere (redirect, IVR, wallet) and the simulation API that plays them. */
async function simulationSteps(r: Recorder): Promise<void> {
  const charge = (name: string, body: Record<string, unknown>) =>
    r.send({ method: 'POST', template: `${V1}/charges`, name, body: { ...body, order_id: orderId() } });
  const back = { redirect_url: 'https://shop.example/return' };
  const base = { amount: 120, description: 'Suscripción anual', customer: F.CHARGE_CUSTOMER };
  await charge('redirect', { method: 'card', confirm: false, ...base, ...back });
  const ivr = await charge('ivr', { method: 'card', confirm: 'ivr', ...base });
  const wallet = await charge('wallet', { method: 'wallet', amount: 80, description: 'Boletos', ...back });
  const store = await charge('store', { method: 'store', ...F.OFFLINE_CHARGE_REQUEST });
  const paid = await charge('card', { ...F.CARD_CHARGE_REQUEST, source_id: await token(r) });
  const t = (transaction_id: string) => ({ transaction_id });
  const payment = { reference: store.payment_method.reference, amount: store.amount };
  await r.send({ method: 'POST', template: `${SIM}/store-payments`, body: payment });
  await r.send({ method: 'POST', template: `${SIM}/charges/{transaction_id}/ivr-call`, params: t(ivr.id), body: F.IVR_CALL_REQUEST });
  await r.send({
    method: 'POST',
    template: `${SIM}/charges/{transaction_id}/wallet`,
    params: t(wallet.id),
    body: F.WALLET_DECISION_REQUEST,
  });
  await r.send({ method: 'POST', template: `${SIM}/charges/{transaction_id}/chargeback`, params: t(paid.id), body: F.CHARGEBACK_REQUEST });
  await r.send({ method: 'GET', template: `${SIM}/clock` });
  await r.send({ method: 'GET', template: '/stores', query: '?latitud=19.4326&longitud=-99.1332&kilometers=5&amount=250.50' });
  await r.send({ method: 'GET', template: V1 });
}

/** Webhooks (verified by the loopback receiver), their events and deliveries, invoices, snapshots, seed, merchants. */
async function webhookAndInvoiceSteps(r: Recorder): Promise<void> {
  const hook = await r.send({ method: 'POST', template: `${V1}/webhooks`, body: { url: r.hookUrl, ...F.WEBHOOK_REQUEST } });
  const w = { webhook_id: hook.id as string };
  await r.send({ method: 'GET', template: `${V1}/webhooks` });
  await r.send({ method: 'GET', template: `${V1}/webhooks/{webhook_id}`, params: w });
  const events = await r.send({ method: 'GET', template: `${SIM}/events` });
  const verification = await r.send({ method: 'GET', template: `${SIM}/events/{event_id}`, params: { event_id: events[0]!.id } });
  const code = String(verification.body.verification_code);
  await r.send({ method: 'POST', template: `${V1}/webhooks/{webhook_id}/verify/{code}`, params: { ...w, code } });
  await r.send({ method: 'POST', template: `${SIM}/events/{event_id}/resend`, params: { event_id: events[0]!.id }, body: w });
  await r.send({ method: 'GET', template: `${SIM}/deliveries` });
  const invoices = `${V1}/invoices/v40`;
  const invoice = await r.send({ method: 'POST', template: invoices, body: F.INVOICE_REQUEST });
  const i = { invoice_id: invoice.invoice_id as string };
  await r.send({ method: 'GET', template: `${invoices}/{invoice_id}`, params: i });
  await r.send({ method: 'POST', template: `${SIM}/clock/advance`, body: F.CLOCK_ADVANCE_REQUEST });
  await r.send({ method: 'POST', template: `${invoices}/{invoice_id}/cancel`, params: i, body: F.INVOICE_CANCEL_REQUEST });
  const snapshot = await r.send({ method: 'POST', template: `${SIM}/snapshots` });
  await r.send({ method: 'POST', template: `${SIM}/seed`, body: F.SEED_REQUEST });
  await r.send({ method: 'POST', template: `${SIM}/snapshots/{snapshot_id}/restore`, params: { snapshot_id: snapshot.id } });
  const merchant = await r.send({ method: 'POST', template: '/sandbox/v1/merchants' });
  await r.send({ method: 'DELETE', template: '/sandbox/v1/merchants/{merchant_id}', params: { merchant_id: merchant.id } });
}

/** The deletions, last, and the reset. */
async function deleteSteps(r: Recorder, customer_id: string): Promise<void> {
  const c = { customer_id };
  const first = async (template: string, params: Record<string, string>) => (await r.send({ method: 'GET', template, params }))[0]!.id;
  const card = await first(`${V1}/customers/{customer_id}/cards`, c);
  await r.send({ method: 'DELETE', template: `${V1}/customers/{customer_id}/cards/{card_id}`, params: { ...c, card_id: card } });
  await r.send({ method: 'DELETE', template: `${V1}/cards/{card_id}`, params: { card_id: await first(`${V1}/cards`, {}) } });
  const sub = await first(`${V1}/customers/{customer_id}/subscriptions`, c);
  await r.send({
    method: 'DELETE',
    template: `${V1}/customers/{customer_id}/subscriptions/{subscription_id}`,
    params: { ...c, subscription_id: sub },
  });
  const account = await first(`${V1}/customers/{customer_id}/bankaccounts`, c);
  await r.send({
    method: 'DELETE',
    template: `${V1}/customers/{customer_id}/bankaccounts/{bank_account_id}`,
    params: { ...c, bank_account_id: account },
  });
  const plan = await first(`${V1}/plans`, {});
  await r.send({ method: 'DELETE', template: `${V1}/plans/{plan_id}`, params: { plan_id: plan } });
  await r.send({ method: 'DELETE', template: `${V1}/webhooks/{webhook_id}`, params: { webhook_id: await first(`${V1}/webhooks`, {}) } });
  const gone = await r.send({ method: 'POST', template: `${V1}/customers`, name: 'deleted', body: F.CUSTOMER_REQUEST });
  await r.send({ method: 'DELETE', template: `${V1}/customers/{customer_id}`, params: { customer_id: gone.id } });
  await r.send({ method: 'POST', template: `${SIM}/reset` });
}
