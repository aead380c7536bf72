import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { move, type Account } from '../../domain/ledger';
import type { TransactionRecord } from '../../domain/records';
import type { Trigger } from '../../domain/transaction';
import type { EventType } from '../../events/outbox';
import { moveTo } from '../shared/move';
import { mxnCents, payeeOf } from './settle';

/**
 * Chargebacks (spec, States: chargeback_pending, chargeback_accepted, chargeback_adjustment; Events chargeback.*),
 * played by the simulation API's `POST /charges/{id}/chargeback {outcome}`. A dispute opens on a completed card
 * charge (redirect and IVR charges included) and holds the disputed amount (what is not refunded) in
 * `hold:{transaction_id}`, taken from the charge's payee; it ends:
 * - `accepted` (the cardholder wins): the hold goes to the card (`chargeback_accepted`, `chargeback.accepted`);
 * - `rejected` (the merchant wins): the hold returns to the payee, the charge is `completed` again (`chargeback.rejected`);
 * - `adjustment`: `amount` of the hold goes to the card, the rest returns to the payee (`chargeback_adjustment`; the
 *   spec lists no event of its own: `chargeback.accepted`).
 */

/** What a simulated dispute does: open it, or end it one way. */
export type ChargebackOutcome = 'pending' | 'accepted' | 'rejected' | 'adjustment';

const STEPS: Record<ChargebackOutcome, { trigger: Trigger; event: EventType }> = {
  pending: { trigger: 'chargeback_open', event: 'chargeback.created' },
  accepted: { trigger: 'chargeback_accept', event: 'chargeback.accepted' },
  rejected: { trigger: 'chargeback_reject', event: 'chargeback.rejected' },
  adjustment: { trigger: 'chargeback_adjust', event: 'chargeback.accepted' },
};

/**
 * Moves charge `id` by a dispute's `outcome`; `cents` (adjustment only): what goes back to the cardholder, default
 * the whole hold. @returns the charge after it.
 * @throws 1005 (no such charge), 3006 (not a card charge, or not in the status the outcome needs: `pending` needs
 *   `completed`, the others `chargeback_pending`), 1003 (an adjustment over the held amount), 4001 (the payee's
 *   balance does not cover the disputed amount); nothing changes.
 */
export function chargeback(d: Deps, id: string, outcome: ChargebackOutcome, cents?: number): TransactionRecord {
  return d.store.tx(() => {
    const charge = d.store.transactions.get(id);
    if (!charge || charge.kind !== 'charge') throw apiError(1005, `Transaction ${id} not found`);
    if (charge.method !== 'card') throw apiError(3006, `Charge ${id} is not a card charge: only card payments are disputed`);
    if (outcome === 'pending' && charge.refundedCents === charge.amountCents)
      throw apiError(3006, `Charge ${id} is refunded in full: nothing is left to dispute`);
    const hold: Account = `hold:${id}`;
    const payee = payeeOf(d, charge.customerId);
    const step = STEPS[outcome];
    const next = moveTo(d, charge, step.trigger, step.event);
    const now = d.clock.nowMs();
    const held = d.store.ledger.balance(hold);
    if (outcome === 'pending') {
      const disputed = mxnCents(charge, charge.amountCents - (charge.refundedCents ?? 0));
      d.store.ledger.post(newId('cb'), id, move(payee, hold, disputed), now);
    } else {
      const back = outcome === 'accepted' ? held : outcome === 'rejected' ? 0 : Math.min(cents ?? held, held);
      if (outcome === 'adjustment' && cents !== undefined && cents > held)
        throw apiError(1003, `amount is more than the disputed amount of charge ${id}`);
      const entries = [...(back > 0 ? move(hold, 'outside:card', back) : []), ...(held - back > 0 ? move(hold, payee, held - back) : [])];
      if (entries.length) d.store.ledger.post(newId('cb'), id, entries, now);
    }
    return next;
  });
}
