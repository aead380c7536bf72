import { validateCard } from 'paytoken/rules';
import type { Deps } from '../../env';
import { cardFacts } from '../../domain/card/facts';
import { answerOf } from '../../domain/card/settle';
import { FRAUD_RULES } from '../../domain/card/test-cards';
import { apiError, SandboxError } from '../../domain/errors';
import { afterFailedEntry } from '../../domain/methods/ivr';
import type { TransactionRecord } from '../../domain/records';
import { ruleError } from '../../http/validate';
import { moveTo } from '../shared/move';
import { stopDueJob } from './due';
import { settleCharge } from './settle';

/**
 * IVR charges after their creation: the shopper calls the IVR and keys the card (the simulation API's
 * `POST /charges/{id}/ivr-call`). The card rules and the test cards decide: an approved card completes the charge
 * (`charge.succeeded`, an authorization, `conciliated`); a card the rules refuse or the bank declines uses an attempt
 * (`payment_method.attempts` counts the entries left) and answers its Error object; the last attempt fails the
 * charge (`charge.failed`). The card is kept as every card is (BIN, last four, keyed fingerprint), never whole.
 */

/** The holder name the card rules check on a call (the card then shows the customer's name). */
const IVR_HOLDER = 'IVR';

/** The card keyed during the call (what the IVR reads; the holder is the charge's customer). */
export interface IvrEntry {
  card_number: string;
  expiration_month: string;
  expiration_year: string;
  cvv2: string;
}

/**
 * Plays the call for charge `id`. @returns the completed charge.
 * @throws 1005 (no such charge), 3006 (not an IVR charge awaiting its call); after storing the attempt: the card
 *   rule's error (2004, 2005, 2009, 1001) or the bank's (3001-3012), the charge `failed` when none is left.
 */
export function ivrCall(d: Deps, id: string, entry: IvrEntry): TransactionRecord {
  const outcome = d.store.tx(() => {
    const charge = d.store.transactions.get(id);
    if (!charge || charge.kind !== 'charge') throw apiError(1005, `Transaction ${id} not found`);
    if (charge.status !== 'charge_pending' || charge.paymentMethod?.type !== 'ivr')
      throw apiError(3006, `Charge ${id} is not an IVR charge awaiting its call (status ${charge.status})`);
    // nobody keys a name on a phone: the card rules run with a placeholder, the card shows the customer's name
    const holder = ((charge.details?.customer as { name?: string } | undefined)?.name ?? IVR_HOLDER).slice(0, 100);
    const checked = validateCard({ ...entry, holder_name: IVR_HOLDER }, d.clock.now());
    if (!checked.value) {
      const first = checked.errors[0]!;
      return failedEntry(d, charge, ruleError({ field: first.field, reason: first.reason ?? 'format' }));
    }
    const card = {
      id: null,
      facts: { ...cardFacts(checked.value, d.store.fingerprintKey()), holder_name: holder },
      created: d.clock.nowMs(),
    };
    const answer = answerOf({ card, amountCents: charge.amountCents }, { usePoints: 'NONE', capture: true }, false, 0);
    if (!answer.approved) {
      const fraud = card.facts.outcome === 'fraud' ? { fraud_rules: FRAUD_RULES } : {};
      return failedEntry(
        d,
        { ...charge, card },
        apiError(answer.failure.error_code, answer.failure.description, { http_code: answer.failure.http_code, ...fraud }),
      );
    }
    stopDueJob(d, charge);
    return settleCharge(d, { ...charge, card }, { usePoints: 'NONE', capture: true }, false).charge;
  });
  if (outcome instanceof SandboxError) throw outcome;
  return outcome;
}

/** Uses an attempt of the charge; the last one fails it. @returns the entry's error, to answer after the commit. */
function failedEntry(d: Deps, charge: TransactionRecord, error: SandboxError): SandboxError {
  const { left, fails } = afterFailedEntry(Number(charge.paymentMethod!.attempts));
  const paymentMethod = { ...charge.paymentMethod, attempts: left };
  if (fails) {
    stopDueJob(d, charge);
    moveTo(d, charge, 'fail', 'charge.failed', { paymentMethod, errorMessage: error.error.description });
  } else d.store.transactions.update({ ...charge, paymentMethod });
  return error;
}
