import type { CardRecord, CustomerRecord, TransactionRecord } from '../domain/records';
import { apiError } from '../domain/errors';
import type { Db } from './db';
import { DocTable, eq, type Condition, type Page } from './table';
import { statement } from './statements';

/**
 * The repositories of the core resources, each a {@link DocTable} with the finders its services need. Bounds
 * (docs/sandbox.md, "Bounds"): durable records (cards, customers, transactions) stop at the cap with a clear
 * error; ephemeral ones (tokens, device data, challenges) expire and, at the cap, push out their oldest.
 */

/** The bound of a durable table: 1003 naming the kind and the cap, so a full sandbox says why. */
export function ensureRoom(table: { readonly size: number }, cap: number, what: string): void {
  if (table.size >= cap) {
    throw apiError(1003, `The sandbox holds its maximum of ${cap} ${what} (--max-records); delete some or reset the sandbox`);
  }
}

/** A table of short-lived records: expired past `ttlMs`, the oldest pushed out at `cap`. */
export class EphemeralTable<T extends { id: string; created: number }> extends DocTable<T> {
  constructor(
    db: Db,
    name: string,
    readonly cap: number,
    readonly ttlMs: number,
    readonly now: () => number,
  ) {
    super(db, name);
  }

  /** The record, or undefined when there is none or it expired (then it is deleted). */
  override get(id: string): T | undefined {
    const r = super.get(id);
    if (r && this.now() - r.created > this.ttlMs) {
      this.delete(id);
      return undefined;
    }
    return r;
  }

  /** Stores a new record after deleting the expired ones and, at the cap, the oldest. */
  override insert(r: T): T {
    this.deleteCreatedBefore(this.now() - this.ttlMs);
    const over = this.size - this.cap + 1;
    if (over > 0) this.deleteOldest(over);
    return super.insert(r);
  }

  /** Every live record, oldest first. */
  override values(): T[] {
    const from = this.now() - this.ttlMs;
    return super.values().filter((r) => r.created >= from);
  }

  override list(conds: readonly Condition[], page: Page): T[] {
    return super.list([...conds, ['created >= ?', this.now() - this.ttlMs]], page);
  }
}

export class CardRepo extends DocTable<CardRecord> {
  constructor(db: Db) {
    super(db, 'cards', { customer_id: (r) => r.customerId, fingerprint: (r) => r.card.fingerprint });
  }

  /** The card of this level (`customerId` null: merchant level) with `id`, or undefined. */
  find(id: string, customerId: string | null): CardRecord | undefined {
    const k = this.get(id);
    return k && k.customerId === customerId ? k : undefined;
  }

  /** Whether the customer already has a card of this number (its keyed fingerprint). */
  customerHas(customerId: string, fingerprint: string): boolean {
    return this.count(['customer_id = ?', customerId], ['fingerprint = ?', fingerprint]) > 0;
  }

  /** The customer's card of this number (its keyed fingerprint), or undefined. */
  ofCustomerByFingerprint(customerId: string, fingerprint: string): CardRecord | undefined {
    return this.findOne(['customer_id = ?', customerId], ['fingerprint = ?', fingerprint]);
  }

  /** The level's cards, newest first. */
  listOf(customerId: string | null, page: Page): CardRecord[] {
    return this.list(eq('customer_id', customerId), page);
  }

  /** Deletes every card of a customer (the customer is deleted). */
  deleteOf(customerId: string): void {
    statement(this.db, 'DELETE FROM cards WHERE customer_id = ?').run(customerId);
  }
}

export class CustomerRepo extends DocTable<CustomerRecord> {
  constructor(db: Db) {
    super(db, 'customers', { external_id: (r) => r.external_id, clabe: (r) => r.clabe, store_reference: (r) => r.storeReference });
  }

  byExternalId(externalId: string): CustomerRecord | undefined {
    return this.findOne(['external_id = ?', externalId]);
  }

  byClabe(clabe: string): CustomerRecord | undefined {
    return this.findOne(['clabe = ?', clabe]);
  }

  byStoreReference(reference: string): CustomerRecord | undefined {
    return this.findOne(['store_reference = ?', reference]);
  }
}

/** Filters of transaction lists (spec, Endpoints > Charges list filters, and the kind and level). */
export interface TransactionFilter {
  kinds?: readonly TransactionRecord['kind'][];
  /** Null: merchant level; undefined: every level. */
  customerId?: string | null;
  orderId?: string;
  status?: string;
  amountCents?: number;
  amountGteCents?: number;
  amountLteCents?: number;
  parentId?: string;
  method?: string;
}

export class TransactionRepo extends DocTable<TransactionRecord> {
  constructor(db: Db) {
    super(db, 'transactions', {
      customer_id: (r) => r.customerId,
      kind: (r) => r.kind,
      status: (r) => r.status,
      order_id: (r) => r.orderId,
      amount_cents: (r) => r.amountCents,
      method: (r) => r.method,
      parent_id: (r) => r.parentId ?? null,
    });
  }

  /** Whether any transaction of any kind has `orderId` (spec, Limits: "order_id unique among all transactions"). */
  hasOrderId(orderId: string): boolean {
    return statement<[string]>(this.db, 'SELECT 1 FROM transactions WHERE order_id = ? LIMIT 1').get(orderId) !== undefined;
  }

  /** The transaction `id` of these kinds at this level (`customerId` null: merchant level), or undefined. */
  find(id: string, kinds: readonly TransactionRecord['kind'][], customerId: string | null): TransactionRecord | undefined {
    const t = this.get(id);
    return t && kinds.includes(t.kind) && t.customerId === customerId ? t : undefined;
  }

  /** The transactions that meet the filter, newest first, paged. */
  listWhere(f: TransactionFilter, page: Page): TransactionRecord[] {
    return this.list(conditionsOf(f), page);
  }
}

/** The SQL conditions of a {@link TransactionFilter}. */
function conditionsOf(f: TransactionFilter): Condition[] {
  const conds: Condition[] = [...eq('customer_id', f.customerId), ...eq('order_id', f.orderId), ...eq('status', f.status)];
  if (f.kinds) conds.push([`kind IN (${f.kinds.map(() => '?').join(', ')})`, ...f.kinds]);
  conds.push(...eq('amount_cents', f.amountCents), ...eq('parent_id', f.parentId), ...eq('method', f.method));
  if (f.amountGteCents !== undefined) conds.push(['amount_cents >= ?', f.amountGteCents]);
  if (f.amountLteCents !== undefined) conds.push(['amount_cents <= ?', f.amountLteCents]);
  return conds;
}
