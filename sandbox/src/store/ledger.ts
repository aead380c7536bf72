import { balanced, mustStayPositive, type Account, type Entry } from '../domain/ledger';
import { apiError } from '../domain/errors';
import type { Db } from './db';
import { statement } from './statements';

/** One stored entry. */
export interface LedgerEntry {
  op: string;
  transactionId: string | null;
  account: Account;
  cents: number;
  currency: string;
  created: number;
}

/**
 * The ledger's store: entries (append only) and each account's balance, kept by a trigger in the same transaction
 * (store/migrations/0001-core.ts). Amounts are cents of MXN, the merchant account's currency.
 */
export class LedgerRepo {
  constructor(readonly db: Db) {}

  /**
   * Posts the balanced entries of one operation. Call it inside the operation's transaction.
   * @param op the operation's id (a transaction id, or the id of an operation made of several transactions).
   * @throws RangeError when the entries do not sum to zero (a bug: nothing is written).
   * @throws SandboxError 4001 when the merchant's or a customer's account would go below zero; the caller's
   *   transaction then rolls back, so nothing moved.
   */
  post(op: string, transactionId: string | null, entries: readonly Entry[], at: number, currency = 'MXN'): void {
    if (!balanced(entries)) throw new RangeError(`unbalanced entries for ${op}`);
    for (const e of entries)
      statement(this.db, 'INSERT INTO ledger (op, transaction_id, account, amount_cents, currency, created) VALUES (?, ?, ?, ?, ?, ?)').run(
        op,
        transactionId,
        e.account,
        e.cents,
        currency,
        at,
      );
    for (const e of entries) {
      if (e.cents < 0 && mustStayPositive(e.account) && this.balance(e.account, currency) < 0) throw shortOf(e.account);
    }
  }

  /** The balance of an account, cents (0 for an account with no entries). */
  balance(account: Account, currency = 'MXN'): number {
    return (
      statement<[string, string], { cents: number }>(this.db, 'SELECT cents FROM balances WHERE account = ? AND currency = ?').get(
        account,
        currency,
      )?.cents ?? 0
    );
  }

  /** The entries of a transaction, oldest first (the dashboard; tests). */
  entriesOf(transactionId: string): LedgerEntry[] {
    return statement<
      [string],
      { op: string; transaction_id: string | null; account: Account; amount_cents: number; currency: string; created: number }
    >(this.db, 'SELECT op, transaction_id, account, amount_cents, currency, created FROM ledger WHERE transaction_id = ? ORDER BY seq')
      .all(transactionId)
      .map((r) => ({
        op: r.op,
        transactionId: r.transaction_id,
        account: r.account,
        cents: r.amount_cents,
        currency: r.currency,
        created: r.created,
      }));
  }

  /**
   * The ledger's invariants, checked over everything stored: every operation's entries sum to zero, every kept
   * balance equals the sum of its account's entries, and no merchant or customer balance is below zero.
   * @returns the problems found, none when the ledger holds.
   */
  check(): string[] {
    const problems: string[] = [];
    for (const r of statement<[], { op: string; s: number }>(
      this.db,
      'SELECT op, SUM(amount_cents) AS s FROM ledger GROUP BY op, currency HAVING s != 0',
    ).all())
      problems.push(`operation ${r.op} is unbalanced by ${r.s} cents`);
    const sums = statement<[], { account: string; currency: string; s: number; cents: number | null }>(
      this.db,
      `SELECT l.account, l.currency, SUM(l.amount_cents) AS s, b.cents FROM ledger l
       LEFT JOIN balances b ON b.account = l.account AND b.currency = l.currency GROUP BY l.account, l.currency`,
    );
    for (const r of sums.all()) {
      if (r.cents !== r.s) problems.push(`balance of ${r.account} is ${r.cents} but its entries sum to ${r.s}`);
      if (mustStayPositive(r.account as Account) && r.s < 0) problems.push(`${r.account} is below zero: ${r.s}`);
    }
    return problems;
  }
}

/** The error of an account that would go below zero. */
function shortOf(account: Account) {
  return account === 'merchant'
    ? apiError(4001, 'The merchant account has insufficient funds for this operation')
    : apiError(4001, `The account of customer ${account.slice('customer:'.length)} has insufficient funds for this operation`);
}
