import type { Deps } from '../../env';

/** When the merchant account was created: the first start of this sandbox's data (kept with it), epoch ms. */
export function merchantCreated(d: Deps): number {
  const kept = d.store.meta('merchant_created');
  if (kept) return Number(kept);
  const now = d.clock.nowMs();
  d.store.setMeta('merchant_created', String(now));
  return now;
}

/** The merchant account's balance, cents (the ledger's `merchant` account). */
export const merchantBalance = (d: Deps): number => d.store.ledger.balance('merchant');
