import { Hono, type Context } from 'hono';
import { validateCvv2 } from '../../../src/card/cvv2';
import { chargeListQuerySchema, type ChargeBody } from '../schemas/index';
import type { Deps, SandboxEnv } from '../env';
import { apiError } from '../errors';
import { newId } from '../ids';
import { page } from '../paging';
import type { CardFacts, ChargeRecord } from '../store';
import { clientIp, fraudDecline, logVerdict, scoreDevice, type Verdict } from '../fraud';
import { FRAUD_RULES } from '../test-cards';
import { settle } from '../settle';
import { expireChallenges, startChallenge } from '../three-ds';
import { parseWith, ruleError } from '../validate';
import { transactionView } from '../views';
import { customerScope, findOr404, scopeOf } from './scope';
import { topLevelNumberText } from '../json-text';

/** A charge source: an unused token (used up by the charge) or a stored card of the same level. */
interface Source {
  facts: CardFacts;
  cardId: string | null;
  created: Date;
  use(txId: string): void;
}

/**
 * Card charges (spec, Endpoints > Charges, "Card charge with a stored card id or token"), mounted twice: at
 * `/v1/{merchant_id}/charges` (merchant level, `customer` object required) and at
 * `/v1/{merchant_id}/customers/{customer_id}/charges` (unknown customer: 1005). Private key only. Each level
 * sees only its own transactions.
 *
 * `POST /`, in order:
 * 1. `X-Forwarded-For` header present (spec, Authentication item 6), else 1001;
 * 2. body by the charge schema (1001, or 1001 for a malformed cvv2); an `amount` written with an exponent
 *    (`1e2`) is 1001 too;
 * 3. `order_id` unused among all transactions, else 1006 (409);
 * 4. `source_id`: a token (unknown 1005; already used 3006, tokens being single-use: the sandbox's choice, the
 *    spec is silent) or a stored card of this level (unknown 1005); a `cvv2` with a stored card must have the
 *    brand's length (2009), a `cvv2` with a token is ignored; `use_card_points` other than NONE on a card
 *    without points (`points_card` false) is 2008; a `payment_plan` on a debit card is 3006; `use_3d_secure`
 *    true without `redirect_url` is 1001;
 * 5. the token is used up (except by a 3012 answer: the charge may be retried with 3-D Secure, the pattern of
 *    the processor's own plug-ins), and the anti-fraud rules score the device of `device_session_id` (demo/sandbox/
 *    fraud.ts): a declining rule stores a `failed` Transaction and answers 3005 with `fraud_rules`;
 * 6. with `use_3d_secure` true: 201 Transaction `charge_pending`, `authorization` null, `payment_method
 *    {type: 'redirect', url}` (the bank page, demo/sandbox/three-ds.ts and routes/bank.ts); the card's outcome
 *    is applied when the shopper has authenticated (3012 cards then go through);
 * 7. otherwise the test-card outcome decides (demo/sandbox/settle.ts): approved -> 201 Transaction `completed`
 *    (or `in_progress` with `capture: false`) with a six-digit `authorization` and, with `use_card_points`,
 *    `card_points` (demo/sandbox/points.ts; ONLY_POINTS beyond the balance fails with 3003); otherwise a
 *    Transaction `failed` with `error_message` is stored and the Error object of the outcome is answered (402,
 *    or 412 for 3012; `fraud_rules` on 3005).
 * Every Transaction carries `fraud_flags`: the rules that matched (declining or flagging), e.g.
 * `missing_device_data` when no device data was received under the `device_session_id`; and `payment_plan`
 * when the charge had one (this project's extension). Pending 3-D Secure charges past their time are
 * `cancelled` before any request of this router is answered.
 *
 * `GET /`: newest first; filters order_id, status (upper case), amount, amount[gte], amount[lte] and the
 * common ones. `GET /:transaction_id`: Transaction, or 1005.
 */
export function chargesRouter(d: Deps) {
  const inScope = (customerId: string | null) => (t: ChargeRecord) => t.customerId === customerId;

  return new Hono<SandboxEnv>()
    .use('*', customerScope(d))
    .use('*', async (_c, next) => {
      expireChallenges(d);
      await next();
    })
    .post('/', (c) => createCharge(d, c))
    .get('/', (c) => {
      const q = parseWith(chargeListQuerySchema, c.req.query());
      const mine = [...d.store.charges.values()].filter(
        (t) =>
          inScope(scopeOf(c)?.id ?? null)(t) &&
          (q.order_id === undefined || t.orderId === q.order_id) &&
          (q.status === undefined || t.status === q.status) &&
          (q.amount === undefined || t.amount === q.amount) &&
          (q['amount[gte]'] === undefined || t.amount >= q['amount[gte]']) &&
          (q['amount[lte]'] === undefined || t.amount <= q['amount[lte]']),
      );
      return c.json(page(mine, q).map(transactionView));
    })
    .get('/:transaction_id', (c) =>
      c.json(transactionView(findOr404(d.store.charges, c.req.param('transaction_id'), 'Transaction', inScope(scopeOf(c)?.id ?? null)))),
    );
}

/** `POST /`: steps 1 to 7 of chargesRouter's list; the charge is stored whatever its outcome. */
function createCharge(d: Deps, c: Context<SandboxEnv>) {
  const customerId = scopeOf(c)?.id ?? null;
  const body = chargeBodyOf(d, c, customerId);
  const source = sourceOf(d, body, customerId);
  checkSourceFits(body, source);

  const id = newId('tr');
  const verdict = scoreDevice(d, body.device_session_id, source.facts, clientIp(c.req.header('x-forwarded-for')));
  logVerdict(d, `charge ${id}`, body.device_session_id, verdict);
  const declined = verdict.declined.length ? fraudDecline(verdict.declined) : null;
  const charge = chargeRecordOf(d, { id, customerId, body, source, verdict, errorMessage: declined?.error.description ?? null });
  d.store.charges.set(id, charge);
  if (declined) {
    source.use(id);
    throw declined;
  }
  const settlement = { usePoints: body.use_card_points, capture: body.capture };
  if (body.use_3d_secure) {
    source.use(id);
    startChallenge(d, charge, settlement, body.redirect_url!, d.publicUrl());
    return c.json(transactionView(charge), 201);
  }
  const failure = settle(d, charge, settlement, false);
  // 3012 leaves a token unused: the bank asked for authentication, so the merchant may retry with 3-D Secure
  if (failure?.error_code !== 3012) source.use(id);
  if (failure) {
    throw apiError(failure.error_code, failure.description, {
      http_code: failure.http_code,
      ...(source.facts.outcome === 'fraud' ? { fraud_rules: FRAUD_RULES } : {}),
    });
  }
  return c.json(transactionView(charge), 201);
}

/** The charge's body, read after the request's own checks (steps 1 to 3: X-Forwarded-For, schema, unused order_id). */
function chargeBodyOf(d: Deps, c: Context<SandboxEnv>, customerId: string | null): ChargeBody {
  if (!c.req.header('x-forwarded-for')?.trim()) {
    throw apiError(1001, 'X-Forwarded-For header is required on charge creation (IP address of the end-user device)');
  }
  if (/[eE]/.test(topLevelNumberText(c.var.rawBody, 'amount') ?? '')) {
    throw apiError(1001, 'amount must be written in plain decimal notation, without an exponent (rule: format)');
  }
  const body = parseWith(customerId ? d.schemas.charge : d.schemas.merchantCharge, c.var.body);
  if (body.order_id !== undefined && d.store.hasOrderId(body.order_id)) {
    throw apiError(1006, `A transaction with order_id ${body.order_id} already exists`);
  }
  return body;
}

/** The source of `source_id` at this level (step 4): an unused token, or a stored card whose brand fits the cvv2. */
function sourceOf(d: Deps, body: ChargeBody, customerId: string | null): Source {
  const token = d.store.tokens.get(body.source_id);
  if (token) {
    if (token.usedBy) throw apiError(3006, `Token ${token.id} was already used; tokens are single-use`);
    return { facts: token.card, cardId: null, created: token.created, use: (txId) => (token.usedBy = txId) };
  }
  const card = findOr404(d.store.cards, body.source_id, 'Card or token', (k) => k.customerId === customerId);
  if (body.cvv2 !== undefined) {
    const r = validateCvv2(body.cvv2, card.card.bin);
    if (!r.valid) throw ruleError({ field: 'cvv2', reason: r.reason! });
  }
  return { facts: card.card, cardId: card.id, created: card.created, use: () => {} };
}

/** Throws when the charge asks what its card cannot do (points, a plan on debit) or 3-D Secure has nowhere to return. */
function checkSourceFits(body: ChargeBody, source: Source) {
  if (body.use_card_points !== 'NONE' && !source.facts.profile.points) {
    throw apiError(2008, 'The card is not valid for points (points_card is false)');
  }
  if (body.payment_plan && source.facts.profile.type !== 'credit') {
    throw apiError(3006, 'payment_plan (months without interest) needs a credit card; this card is debit');
  }
  if (body.use_3d_secure && !body.redirect_url) throw apiError(1001, 'redirect_url is required when use_3d_secure is true');
}

/** What a new charge is made of, before its outcome. */
interface NewCharge {
  id: string;
  customerId: string | null;
  body: ChargeBody;
  source: Source;
  verdict: Verdict;
  /** The anti-fraud decline's description, or null. */
  errorMessage: string | null;
}

/** The charge's record, `failed` until settled (settle.ts and three-ds.ts change it). */
function chargeRecordOf(d: Deps, { id, customerId, body, source, verdict, errorMessage }: NewCharge): ChargeRecord {
  return {
    id,
    seq: d.store.nextSeq(),
    created: d.now(),
    customerId,
    orderId: body.order_id ?? null,
    status: 'failed',
    amount: body.amount,
    currency: body.currency,
    description: body.description,
    authorization: null,
    errorMessage,
    cardId: source.cardId,
    card: source.facts,
    cardCreated: source.created,
    deviceSessionId: body.device_session_id,
    fraudFlags: [...verdict.declined, ...verdict.flagged],
    ...(body.payment_plan ? { paymentPlan: { payments: body.payment_plan.payments } } : {}),
  };
}
