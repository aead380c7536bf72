import { randomInt } from 'node:crypto';
import type { Deps } from './env';
import type { Challenge, Settlement } from './pending';
import { settle } from './settle';
import type { ChargeRecord } from './store';

/**
 * 3-D Secure in the sandbox (spec, Charges: `use_3d_secure`, `redirect_url`; Errors 3012; docs/3d-secure.md).
 * A card charge with `use_3d_secure: true` and a `redirect_url` is stored `charge_pending` with `payment_method
 * {type: 'redirect', url}`, the URL of the bank's authentication page this sandbox serves (routes/bank.ts). A
 * {@link Challenge} remembers what the page needs. The page ends it: approved (the charge is settled by its
 * card's outcome, demo/sandbox/settle.ts), rejected or failed (`failed`), or left (abandoned: the charge stays
 * `charge_pending` until the challenge expires, {@link CHALLENGE_TTL_MS}, and is then `cancelled`).
 */

/** Wrong one-time codes allowed; the next wrong one fails the authentication. */
export const MAX_CODE_ATTEMPTS = 3;

export { CHALLENGE_TTL_MS, MAX_CHALLENGES, type Challenge } from './pending';

/** `error_message` of a charge whose authentication ended without approval. */
export const THREE_DS_MESSAGES = {
  rejected: 'The cardholder did not authenticate the payment (3-D Secure rejected)',
  failed: 'The bank could not authenticate the cardholder (3-D Secure failed)',
  expired: 'The 3-D Secure authentication was not completed in time (charge cancelled)',
} as const;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Cancels the still-pending charge of a challenge that ended unused (expired or pushed out). */
function cancel(d: Deps, c: Challenge): void {
  const charge = d.store.charges.get(c.txId);
  if (charge?.status !== 'charge_pending') return;
  charge.status = 'cancelled';
  charge.errorMessage = THREE_DS_MESSAGES.expired;
}

/** Ends the challenges that expired by `d.now()`, cancelling their charges. Called before any charge or page is read. */
export function expireChallenges(d: Deps): void {
  for (const c of d.store.challenges.expired(d.now())) cancel(d, c);
}

/**
 * Puts `charge` in `charge_pending` behind a new challenge: sets its `payment_method` to the bank page under
 * `origin` (the sandbox's public URL, `Deps.publicUrl`, never the request's `Host`) and writes the one-time code to the sandbox log as
 * `3ds {transaction_id} one-time code {code}` (no card data).
 */
export function startChallenge(d: Deps, charge: ChargeRecord, settlement: Settlement, redirectUrl: string, origin: string): Challenge {
  const c: Challenge = {
    id: `3ds${randomId(29)}`,
    txId: charge.id,
    code: String(randomInt(1_000_000)).padStart(6, '0'),
    redirectUrl,
    settlement,
    created: d.now(),
    attempts: 0,
  };
  charge.status = 'charge_pending';
  charge.authorization = null;
  charge.errorMessage = null;
  charge.paymentMethod = { type: 'redirect', url: `${origin}/3ds/${c.id}` };
  for (const old of d.store.challenges.add(c)) cancel(d, old);
  d.log?.(`3ds ${charge.id} one-time code ${c.code}`);
  return c;
}

/**
 * Ends a challenge: `approved` settles the charge by its card's outcome (3012 cards go through), `rejected`
 * and `failed` fail it with {@link THREE_DS_MESSAGES}. @returns the URL to send the shopper back to:
 * `redirect_url` with `id={transaction_id}` added to its query.
 */
export function finishChallenge(d: Deps, c: Challenge, how: 'approved' | 'rejected' | 'failed'): string {
  d.store.challenges.delete(c.id);
  const charge = d.store.charges.get(c.txId);
  if (charge?.status === 'charge_pending') {
    if (how === 'approved') settle(d, charge, c.settlement, true);
    else {
      charge.status = 'failed';
      charge.errorMessage = THREE_DS_MESSAGES[how];
    }
  }
  return returnUrl(c);
}

/** `redirect_url` with `id={transaction_id}` set in its query (other parameters kept). */
export function returnUrl(c: Pick<Challenge, 'redirectUrl' | 'txId'>): string {
  const u = new URL(c.redirectUrl);
  u.searchParams.set('id', c.txId);
  return u.href;
}
