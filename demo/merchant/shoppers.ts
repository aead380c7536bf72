import { randomBytes } from 'node:crypto';
import { BoundedMap } from './bounded';

/**
 * The cart of a session: one order (the spec's unique `order_id`, `{cart}-{attempt}`). An attempt the API refused
 * (a decline, a 3012 before 3-D Secure) moves to the next attempt's id, since the API keeps every transaction's
 * `order_id`; a paid order keeps its id, so paying it again meets the API's 1006.
 */
export interface Cart {
  id: string;
  attempt: number;
}

/** What the shop knows of one shopper session: the cart, and the charges that are the session's. */
export interface Shopper {
  cart: Cart;
  /** Transaction ids charged in this session (its result pages answer only for these). */
  charges: Set<string>;
}

/** Most sessions remembered (the least recently created forgotten first), and charges per session. */
export const SHOPPER_LIMITS = { sessions: 10_000, charges: 200 } as const;

/** The `order_id` of a cart's current attempt. */
export const orderIdOf = (cart: Cart): string => `${cart.id}-${cart.attempt}`;

const newCart = (): Cart => ({ id: `ord${randomBytes(9).toString('base64url').replace(/[-_]/g, '0')}`, attempt: 1 });

/** Keeps a set bounded to `max` entries, the oldest dropped first. */
function bounded<K>(keys: { size: number; keys(): IterableIterator<K>; delete(k: K): boolean }, max: number): void {
  while (keys.size > max) keys.delete(keys.keys().next().value as K);
}

/**
 * The shoppers by session id, bounded: `of(sid)` (created on first use), `newCart(sid)` (the "new payment" link),
 * `own(sid, txId)` and `owns(sid, txId)` (result pages bound to the session). The session's orders are in ./orders.ts.
 */
export function shopperStore() {
  const sessions = new BoundedMap<string, Shopper>(SHOPPER_LIMITS.sessions);
  const of = (sid: string): Shopper => {
    let shopper = sessions.get(sid);
    if (!shopper) sessions.set(sid, (shopper = { cart: newCart(), charges: new Set() }));
    return shopper;
  };
  return {
    of,
    startNewCart: (sid: string) => void (of(sid).cart = newCart()),
    own(sid: string, txId: unknown) {
      if (typeof txId !== 'string') return;
      const mine = of(sid).charges.add(txId);
      bounded(mine, SHOPPER_LIMITS.charges);
    },
    owns: (sid: string, txId: string) => sessions.get(sid)?.charges.has(txId) === true,
  };
}

export type ShopperStore = ReturnType<typeof shopperStore>;
