/**
 * The sandbox's bounded state for 3-D Secure and reward points, kept apart from the logic (./three-ds.ts,
 * ./points.ts, ./settle.ts) so that the store can hold it without importing that logic: pending challenges (at
 * most {@link MAX_CHALLENGES}, each for {@link CHALLENGE_TTL_MS}) and the points spent per points card.
 */

/** How long a challenge waits for the shopper: 15 minutes. Then its charge is `cancelled`. */
export const CHALLENGE_TTL_MS = 15 * 60_000;
/** Most challenges pending at once; a new one beyond this ends the oldest (its charge `cancelled`). */
export const MAX_CHALLENGES = 1000;

/** What a charge asks of the card when it is settled: right away, or after 3-D Secure. */
export interface Settlement {
  /** `use_card_points` of the charge. */
  usePoints: 'ONLY_POINTS' | 'MIXED' | 'NONE';
  /** `capture` of the charge: false leaves an approved charge `in_progress`. */
  capture: boolean;
}

/** The CardPoints object of a Transaction (spec, Resources > CardPoints). */
export interface CardPoints {
  /** Points used. */
  used: number;
  /** Points left on the card after this charge. */
  remaining: number;
  /** The part of the charge's `amount` paid with points (major units, two decimals); the card pays the rest. */
  amount: number;
  /** Text for the receipt, in Spanish (the sandbox's bank is Mexican). */
  caption: string;
}

/** One pending 3-D Secure authentication. */
export interface Challenge {
  /** Random, unguessable: the bank page is `/3ds/{id}` (it needs no API key). */
  id: string;
  /** The charge waiting for it. */
  txId: string;
  /** Six digits, written to the sandbox log (the shopper's "SMS"). */
  code: string;
  /** The charge's `redirect_url`, where the page sends the shopper back with `?id={transaction_id}`. */
  redirectUrl: string;
  /** What to do with the charge once authenticated. */
  settlement: Settlement;
  created: Date;
  /** Wrong codes so far. */
  attempts: number;
}

/** Pending challenges by id, oldest first (a Map keeps insertion order), at most {@link MAX_CHALLENGES}. */
export class Challenges {
  readonly #byId = new Map<string, Challenge>();

  get(id: string): Challenge | undefined {
    return this.#byId.get(id);
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Adds `c`; @returns the challenges pushed out to stay within {@link MAX_CHALLENGES} (oldest first). */
  add(c: Challenge): Challenge[] {
    const out: Challenge[] = [];
    for (const old of this.#byId.values()) {
      if (this.#byId.size < MAX_CHALLENGES) break;
      this.#byId.delete(old.id);
      out.push(old);
    }
    this.#byId.set(c.id, c);
    return out;
  }

  delete(id: string): void {
    this.#byId.delete(id);
  }

  /** Removes and @returns the challenges older than {@link CHALLENGE_TTL_MS} at `now`. */
  expired(now: Date): Challenge[] {
    const out: Challenge[] = [];
    for (const c of this.#byId.values()) {
      if (now.getTime() - c.created.getTime() < CHALLENGE_TTL_MS) break;
      this.#byId.delete(c.id);
      out.push(c);
    }
    return out;
  }
}

/** What the ledger needs of a card: its keyed fingerprint and its starting balance (0: not a points card). */
export interface PointsCard {
  fingerprint: string;
  profile: { points: number };
}

/**
 * Points balances, by the card's keyed fingerprint. Only points cards get an entry (their balance once they
 * spent some), so the map holds at most one entry per points card of the catalogue: bounded.
 */
export class PointsLedger {
  readonly #spent = new Map<string, number>();

  /** The card's balance in whole points: 0 for a card without points. */
  balance(card: PointsCard): number {
    return card.profile.points ? card.profile.points - (this.#spent.get(card.fingerprint) ?? 0) : 0;
  }

  /** Takes `points` off the card's balance (a points card only; never below zero). */
  spend(card: PointsCard, points: number): void {
    if (!card.profile.points) return;
    const spent = (this.#spent.get(card.fingerprint) ?? 0) + points;
    this.#spent.set(card.fingerprint, Math.min(spent, card.profile.points));
  }

  /** How many cards have an entry (for the bound's test). */
  get size(): number {
    return this.#spent.size;
  }
}
