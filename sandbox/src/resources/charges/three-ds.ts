import { randomInt } from 'node:crypto';
import type { Deps } from '../../env';
import { CHALLENGE_TTL_MS, MAX_CHALLENGES, MAX_CODE_ATTEMPTS, returnUrl, THREE_DS_MESSAGES } from '../../domain/card/three-ds';
import type { ChallengeRecord, Settlement, TransactionRecord } from '../../domain/records';
import type { Job } from '../../time/scheduler';
import { settleCharge } from './settle';
import { moveTo, type Draft } from '../shared/move';

/**
 * 3-D Secure challenges (domain/card/three-ds.ts has the rules): a charge waits `charge_pending` behind a challenge
 * that the bank page (pages/three-ds-page.ts) ends; a job on the clock cancels it when the shopper never finishes.
 */

/** The job that cancels a challenge's charge when its time is up. */
export const EXPIRE_JOB = 'charge.3ds_expire';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Stores a new charge `charge_pending` behind a new challenge (inside the charge's transaction): its
 * `payment_method` is the bank page under the sandbox's public URL (never the request's `Host`). See
 * {@link openChallengeFor}.
 */
export function startChallenge(d: Deps, draft: Draft, settlement: Settlement, redirectUrl: string): TransactionRecord {
  const id = `3ds${randomId(29)}`;
  const charge = moveTo(d, draft, 'create_pending', 'charge.created', {
    paymentMethod: { type: 'redirect', url: `${d.publicUrl()}/3ds/${id}` },
  });
  openChallengeFor(d, charge, settlement, redirectUrl, id);
  return charge;
}

/**
 * Opens a challenge for a `charge_pending` charge (a new 3-D Secure charge, or a redirect charge whose card asks for
 * it on the sandbox's payment page), inside the caller's transaction: the one-time code goes to the sandbox log as
 * `3ds {transaction_id} one-time code {code}` (no card data), and a job cancels the charge after
 * {@link CHALLENGE_TTL_MS}. Beyond {@link MAX_CHALLENGES} pending, the oldest challenge ends and its charge is
 * cancelled. @returns the bank page's URL.
 */
export function openChallengeFor(
  d: Deps,
  charge: TransactionRecord,
  settlement: Settlement,
  redirectUrl: string,
  id = `3ds${randomId(29)}`,
): string {
  const now = d.clock.nowMs();
  const c: ChallengeRecord = {
    id,
    created: now,
    transactionId: charge.id,
    code: String(randomInt(1_000_000)).padStart(6, '0'),
    redirectUrl,
    settlement,
    attempts: 0,
  };
  while (d.store.challenges.size >= MAX_CHALLENGES) expireOldest(d);
  d.store.challenges.insert(c);
  d.scheduler.schedule(EXPIRE_JOB, now + CHALLENGE_TTL_MS, charge.id, { challenge: c.id });
  d.log?.(`3ds ${charge.id} one-time code ${c.code}`);
  return `${d.publicUrl()}/3ds/${c.id}`;
}

/** Ends the oldest challenge, cancelling its charge. */
function expireOldest(d: Deps): void {
  const oldest = d.store.challenges.values()[0]!;
  d.scheduler.cancel(EXPIRE_JOB, oldest.transactionId);
  cancelPending(d, oldest);
}

/** Deletes a challenge and cancels its charge if it still waits. */
function cancelPending(d: Deps, c: ChallengeRecord): void {
  d.store.challenges.delete(c.id);
  const charge = d.store.transactions.get(c.transactionId);
  if (charge?.status === 'charge_pending') moveTo(d, charge, 'expire', 'charge.cancelled', { errorMessage: THREE_DS_MESSAGES.expired });
}

/** The job {@link EXPIRE_JOB}: the challenge's time is up. */
export function expireChallengeJob(d: Deps, job: Job): void {
  const c = d.store.challenges.get(String(job.data.challenge));
  if (c) cancelPending(d, c);
}

/** What the bank page shows of a challenge's charge: never card data beyond the brand and last four. */
export interface ChallengeScreen {
  challenge: ChallengeRecord;
  description: string;
  amountCents: number;
  currency: string;
  brand: string;
  last4: string;
  profile: 'challenge' | 'frictionless' | 'fails';
}

/** A pending challenge and what its page shows, or undefined when it is unknown, finished or past its time. */
export function openChallenge(d: Deps, id: string): ChallengeScreen | undefined {
  const c = d.store.challenges.get(id);
  if (!c || d.clock.nowMs() - c.created >= CHALLENGE_TTL_MS) return undefined;
  const t = d.store.transactions.get(c.transactionId);
  if (t?.status !== 'charge_pending' || !t.card) return undefined;
  const f = t.card.facts;
  return {
    challenge: c,
    description: t.description,
    amountCents: t.amountCents,
    currency: t.currency,
    brand: f.brand,
    last4: f.masked.slice(-4),
    profile: f.profile.threeDSecure,
  };
}

/**
 * Ends a challenge: `approved` settles the charge by its card's outcome (3012 cards go through), `rejected` and
 * `failed` fail it. @returns the URL to send the shopper back to: `redirect_url` with `id={transaction_id}`.
 */
export function finishChallenge(d: Deps, c: ChallengeRecord, how: 'approved' | 'rejected' | 'failed'): string {
  return d.store.tx(() => {
    d.store.challenges.delete(c.id);
    d.scheduler.cancel(EXPIRE_JOB, c.transactionId);
    const charge = d.store.transactions.get(c.transactionId);
    if (charge?.status === 'charge_pending') {
      if (how === 'approved') settleCharge(d, charge, c.settlement, true);
      else moveTo(d, charge, 'fail', 'charge.failed', { errorMessage: THREE_DS_MESSAGES[how] });
    }
    return returnUrl(c);
  });
}

/**
 * Counts a wrong one-time code. @returns the URL to send the shopper back to when that was the last attempt
 * ({@link MAX_CODE_ATTEMPTS}: the authentication failed), else null with the attempts so far.
 */
export function wrongCode(d: Deps, c: ChallengeRecord): { attempts: number; back: string | null } {
  const attempts = c.attempts + 1;
  if (attempts >= MAX_CODE_ATTEMPTS) return { attempts, back: finishChallenge(d, c, 'failed') };
  d.store.tx(() => d.store.challenges.update({ ...c, attempts }));
  return { attempts, back: null };
}
