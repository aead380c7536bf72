import { validateCvv2 } from 'paytoken/rules';
import type { Deps } from '../../env';
import { apiError, SandboxError } from '../../domain/errors';
import { cardFacts } from '../../domain/card/facts';
import { refuseTestNumber } from '../../domain/card/mode';
import { FRAUD_RULES } from '../../domain/card/test-cards';
import { newId } from '../../domain/ids';
import { localDate } from '../../time/dates';
import type { ChargedCard, TransactionRecord } from '../../domain/records';
import { fraudDecline, logVerdict, scoreDevice, type Verdict } from '../../fraud/fraud';
import { ruleError } from '../../http/validate';
import { ensureRoom, type TransactionFilter } from '../../store/repos';
import type { Page } from '../../store/table';
import { cardOf } from '../cards/service';
import { ensureUnused, useToken } from '../tokens/service';
import type { ChargeBody } from './schema';
import { settleCharge, USD_MXN_RATE } from './settle';
import { moveTo, type Draft } from '../shared/move';
import { newTransaction, type NewTransaction } from '../shared/transaction';
import { startChallenge } from './three-ds';

/**
 * Card charges (spec, Endpoints > Charges, "Card charge with a stored card id or token"), at merchant level
 * (`customerId` null) and per customer. Each use case is one database transaction; a charge refused by its card or
 * by the anti-fraud rules is stored `failed` (with its event) and its error is thrown after the commit.
 */

/**
 * A new card charge: the body, its level, the end-user IP of `X-Forwarded-For` (null when absent), and for a
 * subscription's billing the subscription it is for (the Transaction's `subscription_id`).
 */
export interface NewCardCharge {
  body: ChargeBody;
  customerId: string | null;
  ip: string | null;
  subscriptionId?: string;
}

/** Refuses every transaction while the merchant account is deactivated (spec, Errors 1008). */
export function ensureActive(d: Deps): void {
  if (d.merchant.status !== 'active')
    throw apiError(1008, `The merchant account ${d.merchant.id} is deactivated: it allows no transactions`);
}

/** Refuses an `order_id` any transaction already has (spec, Limits: unique among all transactions; 1006). */
export function ensureNewOrderId(d: Deps, orderId: string | undefined): void {
  if (orderId !== undefined && d.store.transactions.hasOrderId(orderId))
    throw apiError(1006, `A transaction with order_id ${orderId} already exists`);
}

/**
 * Creates a card charge (the steps of resources/charges/routes.ts's list). @returns the stored charge.
 * @throws the charge's refusal (3005 with `fraud_rules`, the card's outcome) after storing it `failed`; the
 *   request's own errors (1001, 1005, 1006, 1008, 2007, 2008, 2009, 3006) with nothing stored.
 */
export function createCardCharge(d: Deps, input: NewCardCharge): TransactionRecord {
  ensureActive(d);
  const outcome = d.store.tx(() => placeCardCharge(d, input));
  if (outcome instanceof SandboxError) throw outcome;
  return outcome;
}

/**
 * The card-charge path (steps 3 to 7 of resources/charges/routes.ts), inside the caller's transaction: `POST
 * /charges` and a subscription's billing (resources/subscriptions/billing.ts) both charge through it.
 * @returns the stored charge (completed, held, pending 3-D Secure), or the refusal of a charge stored `failed`.
 * @throws the request's own errors (1003 store full, 1005, 1006, 2007, 2008, 2009, 3006) before writing anything.
 */
export function placeCardCharge(d: Deps, input: NewCardCharge): TransactionRecord | SandboxError {
  ensureRoom(d.store.transactions, d.store.limits.maxRecords, 'transactions');
  ensureNewOrderId(d, input.body.order_id);
  const id = newId('tr');
  const source = sourceOf(d, input.body, input.customerId, id);
  const verdict = scoreDevice(d, input.body.device_session_id, source.card.facts, input.ip);
  logVerdict(d, `charge ${id}`, input.body.device_session_id, verdict);
  return chargeWith(d, draftOf(d, id, input, source.card, verdict), input.body, verdict, source.use);
}

/** Decides a drafted charge: fraud decline, 3-D Secure, or the card's answer. @returns the charge, or its refusal. */
function chargeWith(d: Deps, draft: Draft, body: ChargeBody, verdict: Verdict, use: () => void): TransactionRecord | SandboxError {
  if (verdict.declined.length) {
    const decline = fraudDecline(verdict.declined);
    use();
    moveTo(d, draft, 'create_card_declined', 'charge.failed', { errorMessage: decline.error.description });
    return decline;
  }
  const settlement = { usePoints: body.use_card_points, capture: body.capture };
  if (body.use_3d_secure) {
    use();
    return startChallenge(d, draft, settlement, body.redirect_url!);
  }
  const { charge, failure } = settleCharge(d, draft, settlement, false);
  // 3012 leaves a token unused: the bank asked for authentication, so the merchant may retry with 3-D Secure
  if (failure?.error_code !== 3012) use();
  if (!failure) return charge;
  const fraud = charge.card!.facts.outcome === 'fraud' ? { fraud_rules: FRAUD_RULES } : {};
  return apiError(failure.error_code, failure.description, { http_code: failure.http_code, ...fraud });
}

/** The charge's record before its first status. */
function draftOf(d: Deps, id: string, input: NewCardCharge, card: ChargedCard, verdict: Verdict): Draft {
  const { body, customerId } = input;
  return newCharge(d.clock.nowMs(), body, {
    id,
    method: 'card',
    customerId,
    card,
    deviceSessionId: body.device_session_id ?? '',
    fraudFlags: [...verdict.declined, ...verdict.flagged],
    ...(body.payment_plan && { paymentPlan: { payments: body.payment_plan.payments } }),
    ...(body.metadata && { metadata: body.metadata }),
    ...(input.subscriptionId && { subscriptionId: input.subscriptionId }),
  });
}

/** What every charge's body gives its record (spec, Charges: `order_id`, `amount` in cents, `currency`, `description`). */
interface ChargeBasics {
  order_id?: string | undefined;
  amount: number;
  currency: 'MXN' | 'USD';
  description: string;
}

/**
 * A new charge's record before its first status, of any kind: `fields` (method, owner, what the kind adds) over what
 * the body gives, with a USD charge's exchange rate to MXN on the day of `now` (epoch ms).
 */
export function newCharge(
  now: number,
  body: ChargeBasics,
  fields: Omit<NewTransaction, 'kind' | 'operationType' | 'amountCents' | 'description'>,
): Draft {
  return newTransaction(now, {
    kind: 'charge',
    operationType: 'in',
    orderId: body.order_id ?? null,
    amountCents: body.amount,
    currency: body.currency,
    description: body.description,
    ...(body.currency === 'USD' && { exchangeRate: { from: 'USD', to: 'MXN', date: localDate(now), value: USD_MXN_RATE / 10_000 } }),
    ...fields,
  });
}

/**
 * The card a charge takes: an inline `card` (tokenized here), an unused token (used up by `use()`), or a stored card
 * of this level (its `cvv2`, when sent, of the brand's length: 2009); then what the charge asks of it: points need a
 * points card (2008), months without interest a credit card (3006).
 */
function sourceOf(d: Deps, body: ChargeBody, customerId: string | null, chargeId: string): { card: ChargedCard; use: () => void } {
  const source = rawSource(d, body, customerId, chargeId);
  const { profile } = source.card.facts;
  if (body.use_card_points !== 'NONE' && !profile.points) throw apiError(2008, 'The card is not valid for points (points_card is false)');
  if (body.payment_plan && profile.type !== 'credit')
    throw apiError(3006, 'payment_plan (months without interest) needs a credit card; this card is debit');
  return source;
}

function rawSource(d: Deps, body: ChargeBody, customerId: string | null, chargeId: string): { card: ChargedCard; use: () => void } {
  const now = d.clock.nowMs();
  if (body.card) {
    refuseTestNumber(d.mode, body.card.card_number);
    return { card: { id: null, facts: cardFacts(body.card, d.store.fingerprintKey()), created: now }, use: () => {} };
  }
  const id = body.source_id!;
  const token = d.store.tokens.get(id);
  if (token) {
    ensureUnused(token);
    return { card: { id: null, facts: token.card, created: token.created }, use: () => useToken(d, token, chargeId) };
  }
  const stored = lookupCard(d, id, customerId);
  if (body.cvv2 !== undefined) {
    const r = validateCvv2(body.cvv2, stored.card.bin);
    if (!r.valid) throw ruleError({ field: 'cvv2', reason: r.reason! });
  }
  return { card: { id: stored.id, facts: stored.card, created: stored.created }, use: () => {} };
}

/** A stored card of this level, or 1005 naming a card or token (the `source_id` may be either). */
function lookupCard(d: Deps, id: string, customerId: string | null) {
  try {
    return cardOf(d, id, customerId);
  } catch {
    throw apiError(1005, `Card or token ${id} not found`);
  }
}

/** The charge `id` of this level, or 1005. */
export function chargeOf(d: Deps, id: string, customerId: string | null): TransactionRecord {
  const t = d.store.transactions.find(id, ['charge'], customerId);
  if (!t) throw apiError(1005, `Transaction ${id} not found`);
  return t;
}

/** The latest refund of a charge (embedded in its Transaction object), or undefined. */
export const latestRefund = (d: Deps, t: TransactionRecord): TransactionRecord | undefined =>
  t.refundIds?.length ? d.store.transactions.get(t.refundIds.at(-1)!) : undefined;

/** The level's charges, newest first, filtered (spec, Charges list filters). */
export const listCharges = (
  d: Deps,
  customerId: string | null,
  f: Omit<TransactionFilter, 'customerId' | 'kinds'>,
  q: Page,
): TransactionRecord[] => d.store.transactions.listWhere({ ...f, customerId, kinds: ['charge'] }, q);
