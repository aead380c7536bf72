/**
 * The ledger's rules (pure): which accounts a money movement touches and by how much. Every operation that moves
 * money posts a balanced set of entries (they sum to zero), in integer cents of MXN, the merchant account's
 * currency (a USD charge posts its converted amount). Balances are sums of entries; the store keeps them.
 *
 * Accounts:
 * - `merchant`: the merchant's balance (spec, Merchant object `balance`);
 * - `customer:{id}`: the balance of a customer with an account (`requires_account`);
 * - `outside:card`, `outside:bank`, `outside:store`, `outside:wallet`: the world beyond the processor, where
 *   money comes from and goes to (cards, banks by SPEI, cash at stores, wallets);
 * - `hold:{transaction_id}`: money the cardholder disputes, held while a chargeback is pending.
 */

/** A ledger account (see the module's list). */
export type Account = 'merchant' | `customer:${string}` | `outside:${'card' | 'bank' | 'store' | 'wallet'}` | `hold:${string}`;

/** One entry: signed cents on one account (positive: money in). */
export interface Entry {
  account: Account;
  cents: number;
}

/** The account of a customer with an account. */
export const customerAccount = (customerId: string): Account => `customer:${customerId}`;

/**
 * The entries moving `cents` from `from` to `to`.
 * @throws RangeError when `cents` is not a positive whole number (a caller's bug: amounts are checked before).
 */
export function move(from: Account, to: Account, cents: number): Entry[] {
  if (!Number.isInteger(cents) || cents <= 0) throw new RangeError(`a movement needs positive whole cents, got ${cents}`);
  return [
    { account: from, cents: -cents },
    { account: to, cents },
  ];
}

/** Whether entries are balanced: they sum to zero. */
export const balanced = (entries: readonly Entry[]): boolean => entries.reduce((sum, e) => sum + e.cents, 0) === 0;

/** Accounts that may never go below zero: the merchant's and the customers' (the outside and holds may). */
export const mustStayPositive = (account: Account): boolean => account === 'merchant' || account.startsWith('customer:');
