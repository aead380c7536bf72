import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { move } from '../../domain/ledger';
import type { ChargeKeyRecord } from '../../domain/methods/records';
import { walletOpen } from '../../domain/methods/wallet';
import { returnUrl } from '../../domain/card/three-ds';
import type { TransactionRecord } from '../../domain/records';
import { moveTo } from '../shared/move';
import { stopDueJob } from './due';
import { payeeOf } from './settle';

/**
 * Third-party wallet charges after their creation (domain/methods/wallet.ts has the rules): the simulated wallet's
 * page (pages/wallet.ts) signs the payer in and takes the approval or the refusal; the simulation API's
 * `POST /charges/{id}/wallet {approve}` does the same for scripts. Each ends with the shopper sent back to the
 * charge's `redirect_url` with `?id={transaction_id}`.
 */

/** `error_message` of a wallet charge the payer refused. */
export const WALLET_DECLINED = 'The payer declined the payment in the wallet';

/** What the wallet page shows: the charge (amount, description, merchant) and whether the payer signed in. */
export interface WalletScreen {
  key: ChargeKeyRecord;
  charge: TransactionRecord;
  signedIn: boolean;
}

/** A wallet page still open (its charge `charge_pending`, within its due date or the signed-in payer's grace), or undefined. */
export function openWallet(d: Deps, keyId: string): WalletScreen | undefined {
  const key = d.store.chargeKeys.find(keyId, ['wallet']);
  const charge = key && d.store.transactions.get(key.transactionId);
  if (!key || charge?.status !== 'charge_pending' || charge.dueDate === undefined) return undefined;
  if (!walletOpen(d.clock.nowMs(), charge.dueDate, key.signedInAt ?? null)) return undefined;
  return { key, charge, signedIn: key.signedInAt != null };
}

/** The payer signs in to the wallet (the page's first step): the grace after the due date applies from now on. */
export function signInWallet(d: Deps, screen: WalletScreen): WalletScreen {
  if (screen.signedIn) return screen;
  return d.store.tx(() => ({ ...screen, key: d.store.chargeKeys.update({ ...screen.key, signedInAt: d.clock.nowMs() }), signedIn: true }));
}

/**
 * The payer approves (`completed`, `conciliated`, money from `outside:wallet` to the payee, `charge.succeeded`) or
 * declines (`failed`, `charge.failed`). @returns the URL to send the payer back to.
 */
export function decideWallet(d: Deps, screen: WalletScreen, approve: boolean): string {
  return d.store.tx(() => {
    const charge = screen.charge;
    stopDueJob(d, charge);
    if (approve) {
      const details = { ...charge.details, conciliated: true };
      const done = moveTo(d, charge, 'pay', 'charge.succeeded', { details });
      d.store.ledger.post(done.id, done.id, move('outside:wallet', payeeOf(d, done.customerId), done.amountCents), d.clock.nowMs());
    } else moveTo(d, charge, 'fail', 'charge.failed', { errorMessage: WALLET_DECLINED });
    return returnUrl({ redirectUrl: screen.key.redirectUrl!, transactionId: charge.id });
  });
}

/**
 * The simulation API's wallet decision on charge `id` (the payer signs in and decides at once).
 * @returns the charge after it. @throws 1005 (no such charge), 3006 (not a wallet charge awaiting its payer).
 */
export function decideWalletCharge(d: Deps, id: string, approve: boolean): TransactionRecord {
  const t = d.store.transactions.get(id);
  if (!t || t.kind !== 'charge') throw apiError(1005, `Transaction ${id} not found`);
  const key = d.store.chargeKeys.of(id, 'wallet');
  const screen = key && openWallet(d, key.id);
  if (!screen) throw apiError(3006, `Charge ${id} is not a wallet charge awaiting its payer (status ${t.status})`);
  decideWallet(d, signInWallet(d, screen), approve);
  return d.store.transactions.get(id)!;
}
