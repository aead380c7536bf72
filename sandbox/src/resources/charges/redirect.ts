import type { Deps } from '../../env';
import { returnUrl } from '../../domain/card/three-ds';
import type { ChargeKeyRecord } from '../../domain/methods/records';
import type { TransactionRecord } from '../../domain/records';
import { fraudDecline, logVerdict, scoreDevice } from '../../fraud/fraud';
import { unusedToken, useToken } from '../tokens/service';
import { moveTo } from '../shared/move';
import { stopDueJob } from './due';
import { settleCharge } from './settle';
import { openChallengeFor } from './three-ds';

/**
 * Redirect charges after their creation (spec, Charges: "Redirect charge (card without stored card)"): the
 * sandbox's own payment page (pages/payment-page.ts) holds the card element (the library's hosted fields, on this API); its
 * form posts the token and the `device_session_id`, and the charge is settled as a card charge: the anti-fraud
 * rules, then the card's test outcome, through the bank's 3-D Secure page when the card asks for it (a 3012 card).
 * The shopper then goes back to the charge's `redirect_url` with `?id={transaction_id}`.
 */

/** What the payment page shows: the charge and its page key. */
export interface PayScreen {
  key: ChargeKeyRecord;
  charge: TransactionRecord;
}

/** A payment page still open (its charge `charge_pending`, no card yet), or undefined. */
export function openPayPage(d: Deps, keyId: string): PayScreen | undefined {
  const key = d.store.chargeKeys.find(keyId, ['redirect']);
  const charge = key && d.store.transactions.get(key.transactionId);
  if (!key || charge?.status !== 'charge_pending' || charge.card) return undefined;
  return { key, charge };
}

/**
 * Pays a redirect charge with a token made on its page. @returns where the shopper goes next: the bank's 3-D Secure
 * page (a card that asks for it), or the charge's `redirect_url` with its id (completed or failed).
 * @throws 1005 (unknown or expired token), 3006 (a used token): the charge is unchanged and the page may retry.
 */
export function payOnPage(d: Deps, screen: PayScreen, tokenId: string, deviceSessionId: string | undefined): string {
  return d.store.tx(() => {
    const { key, charge } = screen;
    const token = unusedToken(d, tokenId);
    useToken(d, token, charge.id);
    const card = { id: null, facts: token.card, created: token.created };
    const verdict = scoreDevice(d, deviceSessionId, card.facts, null);
    logVerdict(d, `charge ${charge.id}`, deviceSessionId, verdict);
    const fraudFlags = [...verdict.declined, ...verdict.flagged];
    const withCard = d.store.transactions.update({ ...charge, card, deviceSessionId: deviceSessionId ?? '', fraudFlags });
    const back = returnUrl({ redirectUrl: key.redirectUrl!, transactionId: charge.id });
    if (verdict.declined.length) {
      stopDueJob(d, charge);
      moveTo(d, withCard, 'fail', 'charge.failed', { errorMessage: fraudDecline(verdict.declined).error.description });
      return back;
    }
    const settlement = { usePoints: 'NONE' as const, capture: true };
    if (card.facts.outcome === 'authorization_required') return openChallengeFor(d, withCard, settlement, key.redirectUrl!);
    stopDueJob(d, charge);
    settleCharge(d, withCard, settlement, false);
    return back;
  });
}
