import type { BankAccountRecord } from '../domain/records';
import type { Db } from './db';
import { DocTable, type Page } from './table';
import { statement } from './statements';

/** Bank accounts of customers (migration 0002-money): found by customer and by CLABE. */
export class BankAccountRepo extends DocTable<BankAccountRecord> {
  constructor(db: Db) {
    super(db, 'bank_accounts', { customer_id: (r) => r.customerId, clabe: (r) => r.clabe });
  }

  /** The customer's bank account `id`, or undefined (another customer's is undefined too). */
  find(id: string, customerId: string): BankAccountRecord | undefined {
    const b = this.get(id);
    return b && b.customerId === customerId ? b : undefined;
  }

  /** Whether the customer already has a bank account with this CLABE (error 2001). */
  customerHas(customerId: string, clabe: string): boolean {
    return this.count(['customer_id = ?', customerId], ['clabe = ?', clabe]) > 0;
  }

  /** The customer's bank accounts, newest first. */
  listOf(customerId: string, page: Page): BankAccountRecord[] {
    return this.list([['customer_id = ?', customerId]], page);
  }

  /** Deletes every bank account of a customer (the customer is deleted). */
  deleteOf(customerId: string): void {
    statement(this.db, 'DELETE FROM bank_accounts WHERE customer_id = ?').run(customerId);
  }
}
