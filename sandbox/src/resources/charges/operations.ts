import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newAuthorization } from '../../domain/ids';
import { move, type Account } from '../../domain/ledger';
import type { TransactionRecord } from '../../domain/records';
import { chargeOf, ensureActive } from './service';
import { mxnCents, payeeOf, postCharge } from './settle';
import { moveTo } from '../shared/move';
import { newTransaction } from '../shared/transaction';
import { awaitsPayment, stopDueJob } from './due';

/**
 * What follows a card charge (spec, Endpoints > Charges: capture, refund; cancel as the public server SDKs call it):
 * each one database transaction, at the charge's own level.
 */

/**
 * Captures a held charge (`capture: false`): `amount` (cents, default the whole hold) at most the held amount,
 * else 1003; the charge becomes `completed` for that amount and its money is posted (`charge.succeeded`).
 * @throws 1005 unknown; 3006 when the charge is not held.
 */
export function captureCharge(d: Deps, id: string, customerId: string | null, cents: number | undefined): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    const charge = chargeOf(d, id, customerId);
    if (charge.heldCents === undefined || charge.status !== 'in_progress')
      throw apiError(3006, `Charge ${id} is not an authorization to capture (status ${charge.status})`);
    const amount = cents ?? charge.heldCents;
    if (amount > charge.heldCents) throw apiError(1003, `amount is more than the held amount of charge ${id}`);
    const captured = moveTo(d, charge, 'capture', 'charge.succeeded', { amountCents: amount, heldCents: undefined });
    postCharge(d, captured);
    return captured;
  });
}

/**
 * Cancels a charge that awaits something: a held card charge (the hold is released), a store or bank charge not paid
 * yet, a redirect, wallet, IVR or 3-D Secure charge still `charge_pending`. Nothing moves; `charge.cancelled`; its
 * references and pages stop taking payments.
 * @throws 3006 for any other charge.
 */
export function cancelCharge(d: Deps, id: string, customerId: string | null): TransactionRecord {
  return d.store.tx(() => {
    const charge = chargeOf(d, id, customerId);
    if (charge.heldCents === undefined && !awaitsPayment(charge))
      throw apiError(3006, `Charge ${id} cannot be cancelled (status ${charge.status}): it awaits no payment or capture`);
    stopDueJob(d, charge);
    return moveTo(d, charge, 'cancel', 'charge.cancelled', { heldCents: undefined });
  });
}

/** Where the money of a refund goes: back to the card, or to the wallet that paid. */
const refundTarget = (method: string, walletMethod: string): Account | null =>
  method === 'card' ? 'outside:card' : method === walletMethod ? 'outside:wallet' : null;

/**
 * Refunds a completed card or wallet charge, in part or whole, several times up to its amount: a refund transaction
 * (`refund`, `out`, completed) moves the money back from the charge's payee to the card or the wallet (store and
 * bank payments are not refunded through the API: the merchant pays back by a payout); the charge stays
 * `completed` with the latest refund embedded, even once refunds reach its whole amount (spec, States and
 * transitions: "charge returned with status completed and an embedded refund record"), each with
 * `charge.refunded`. @param cents default: what is left to refund.
 * @throws 3006 for a charge that is not a completed card or wallet charge, or is refunded in full; 1003 for more than
 *   is left; 4001 when the payee's balance is short.
 */
export function refundCharge(
  d: Deps,
  id: string,
  customerId: string | null,
  body: { amount?: number | undefined; description?: string | undefined },
): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    const charge = chargeOf(d, id, customerId);
    const target = refundTarget(charge.method, d.methods.walletMethod);
    if (!target || charge.status !== 'completed')
      throw apiError(3006, `Charge ${id} cannot be refunded (status ${charge.status}; only completed card and wallet charges)`);
    const left = charge.amountCents - (charge.refundedCents ?? 0);
    if (left === 0) throw apiError(3006, `Charge ${id} is already refunded in full`);
    const cents = body.amount ?? left;
    if (cents > left) throw apiError(1003, `amount is more than what is left to refund of charge ${id}`);
    const refund = moveTo(d, refundRecord(d, charge, cents, body.description), 'create_completed', null);
    d.store.ledger.post(refund.id, refund.id, move(payeeOf(d, charge.customerId), target, mxnCents(charge, cents)), d.clock.nowMs());
    const refunded = (charge.refundedCents ?? 0) + cents;
    const trigger = refunded === charge.amountCents ? 'refund_full' : 'refund_partial';
    const change = { refundedCents: refunded, refundIds: [...(charge.refundIds ?? []), refund.id] };
    return moveTo(d, charge, trigger, 'charge.refunded', change, { refund });
  });
}

/** The refund transaction of `cents` of a charge, before its status. */
function refundRecord(d: Deps, charge: TransactionRecord, cents: number, description: string | undefined) {
  return newTransaction(d.clock.nowMs(), {
    kind: 'refund',
    operationType: 'out',
    method: charge.method,
    customerId: charge.customerId,
    amountCents: cents,
    currency: charge.currency,
    description: description ?? `Refund of ${charge.id}`,
    authorization: newAuthorization(),
    parentId: charge.id,
    ...(charge.card && { card: charge.card }),
  });
}
