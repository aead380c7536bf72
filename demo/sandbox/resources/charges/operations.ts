import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newAuthorization, newId } from '../../domain/ids';
import { move } from '../../domain/ledger';
import type { TransactionRecord } from '../../domain/records';
import { chargeOf, ensureActive } from './service';
import { mxnCents, payeeOf, postCharge } from './settle';
import { moveTo } from '../shared/move';

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

/** Cancels a held charge: the hold is released, nothing moves (`charge.cancelled`). @throws 3006 when it is not held. */
export function cancelCharge(d: Deps, id: string, customerId: string | null): TransactionRecord {
  return d.store.tx(() => {
    const charge = chargeOf(d, id, customerId);
    if (charge.heldCents === undefined) throw apiError(3006, `Charge ${id} is not an authorization to cancel (status ${charge.status})`);
    return moveTo(d, charge, 'cancel', 'charge.cancelled', { heldCents: undefined });
  });
}

/**
 * Refunds a completed card charge, in part or whole, several times up to its amount: a refund transaction
 * (`refund`, `out`, completed) moves the money back from the charge's payee to the card; the charge stays
 * `completed` with the refund embedded, or becomes `refunded` once refunds reach its whole amount
 * (`charge.refunded`). @param cents default: what is left to refund.
 * @throws 3006 for a charge that is not a completed card charge; 1003 for more than is left; 4001 when the payee's
 *   balance is short.
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
    if (charge.method !== 'card' || charge.status !== 'completed')
      throw apiError(3006, `Charge ${id} cannot be refunded (status ${charge.status}; only completed card charges)`);
    const left = charge.amountCents - (charge.refundedCents ?? 0);
    const cents = body.amount ?? left;
    if (cents > left) throw apiError(1003, `amount is more than what is left to refund of charge ${id}`);
    const refund = moveTo(d, refundRecord(d, charge, cents, body.description), 'create_completed', null);
    d.store.ledger.post(
      refund.id,
      refund.id,
      move(payeeOf(d, charge.customerId), 'outside:card', mxnCents(charge, cents)),
      d.clock.nowMs(),
    );
    const refunded = (charge.refundedCents ?? 0) + cents;
    const trigger = refunded === charge.amountCents ? 'refund_full' : 'refund_partial';
    const change = { refundedCents: refunded, refundIds: [...(charge.refundIds ?? []), refund.id] };
    return moveTo(d, charge, trigger, 'charge.refunded', change, { refund });
  });
}

/** The refund transaction of `cents` of a charge, before its status. */
function refundRecord(d: Deps, charge: TransactionRecord, cents: number, description: string | undefined) {
  const now = d.clock.nowMs();
  return {
    id: newId('tr'),
    created: now,
    operationDate: now,
    kind: 'refund' as const,
    operationType: 'out' as const,
    method: charge.method,
    customerId: charge.customerId,
    orderId: null,
    amountCents: cents,
    currency: charge.currency,
    description: description ?? `Refund of ${charge.id}`,
    authorization: newAuthorization(),
    errorMessage: null,
    parentId: charge.id,
    ...(charge.card && { card: charge.card }),
  };
}
