import type { Deps } from '../../env';
import { answerOf, type Failure } from '../../domain/card/settle';
import { pointsBalance } from '../../domain/card/points';
import { newAuthorization } from '../../domain/ids';
import { convertCents } from '../../domain/money';
import { customerAccount, move, type Account } from '../../domain/ledger';
import type { Settlement, TransactionRecord } from '../../domain/records';
import type { Trigger } from '../../domain/transaction';
import { moveTo, type Draft } from '../shared/move';

/**
 * The money side of card charges, shared by the charge's creation and its 3-D Secure page: settling a charge with
 * its issuer's answer, and the ledger entries and events that follow. Runs inside the caller's transaction.
 */

/** The sandbox's USD to MXN rate, in ten-thousandths: 17.5000 (a fixed rate: the sandbox knows no market). */
export const USD_MXN_RATE = 175_000;

/** The MXN cents of `cents` in a transaction's currency (USD converted at its `exchange_rate`). */
export const mxnCents = (t: Pick<TransactionRecord, 'currency'>, cents: number): number =>
  t.currency === 'USD' ? convertCents(cents, USD_MXN_RATE) : cents;

/**
 * The account a charge pays into: the customer's own account when the customer has one (`requires_account`),
 * else the merchant's.
 */
export function payeeOf(d: Deps, customerId: string | null): Account {
  const customer = customerId ? d.store.customers.get(customerId) : undefined;
  return customer?.requiresAccount ? customerAccount(customer.id) : 'merchant';
}

/** Posts the money of a completed card charge: from the card to its payee. */
export function postCharge(d: Deps, t: TransactionRecord, cents = t.amountCents): void {
  d.store.ledger.post(t.id, t.id, move('outside:card', payeeOf(d, t.customerId), mxnCents(t, cents)), d.clock.nowMs());
}

/**
 * Settles a `charge_pending` card charge (after 3-D Secure) or a new one by its issuer's answer: approved ->
 * `completed` (money posted, `charge.succeeded`) or held (`capture: false`); declined -> `failed` with the
 * answer's `error_message` (`charge.failed`). Points are spent when it goes through.
 * @returns the settled record and the failure (null when approved).
 */
export function settleCharge(
  d: Deps,
  charge: Draft,
  s: Settlement,
  authenticated: boolean,
): { charge: TransactionRecord; failure: Failure | null } {
  const fingerprint = charge.card!.facts.fingerprint;
  const spent = d.store.pointsSpent(fingerprint);
  const answer = answerOf(charge, s, authenticated, pointsBalance(charge.card!.facts, spent));
  const pending = charge.status === 'charge_pending';
  if (!answer.approved) {
    const change = { authorization: null, errorMessage: answer.failure.description };
    return { charge: moveTo(d, charge, pending ? 'fail' : 'create_card_declined', 'charge.failed', change), failure: answer.failure };
  }
  if (answer.points) d.store.setPointsSpent(fingerprint, spent + answer.points.used);
  const change: Partial<TransactionRecord> = {
    authorization: newAuthorization(),
    errorMessage: null,
    // a kind that shows `conciliated` (redirect, IVR) is conciliated once its card is approved
    ...(charge.details && 'conciliated' in charge.details && { details: { ...charge.details, conciliated: true } }),
    ...(answer.points && { cardPoints: answer.points }),
    ...(!s.capture && { heldCents: charge.amountCents }),
  };
  const trigger: Trigger = s.capture ? (pending ? 'pay' : 'create_card') : pending ? 'settle' : 'create_card_hold';
  const settled = moveTo(d, charge, trigger, s.capture ? 'charge.succeeded' : 'charge.created', change);
  if (s.capture) postCharge(d, settled);
  return { charge: settled, failure: null };
}
