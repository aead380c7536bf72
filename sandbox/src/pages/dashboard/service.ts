import type { Deps } from '../../env';
import type { CardRecord, CustomerRecord, TransactionRecord } from '../../domain/records';
import type { TransactionKind, TransactionStatus } from '../../domain/transaction';
import { listCards } from '../../resources/cards/service';
import { latestRefund } from '../../resources/charges/service';
import { customerBalance, listCustomers } from '../../resources/customers/service';
import { merchantBalance } from '../../resources/merchant/service';
import { transactionView, type TransactionView } from '../../resources/shared/transaction';
import type { StoredEvent } from '../../store/events';
import type { Job } from '../../store/jobs';
import type { LedgerEntry } from '../../store/ledger';
import type { LoggedApiRequest, RequestLogFilter } from '../../store/request-log';
import type { Page } from '../../store/table';
import { listDeliveries, listWebhooks, viewDelivery, viewEvent } from '../../resources/webhooks/service';
import { listBankAccounts } from '../../resources/bank-accounts/service';
import { listSubscriptions } from '../../resources/subscriptions/service';
import { invoiceNotificationView, type InvoiceNotification } from '../../resources/invoices/view';
import type { BankAccountRecord } from '../../domain/records';
import type { PlanRecord, SubscriptionRecord } from '../../domain/subscription';

export type { LoggedApiRequest, RequestLogFilter, StoredEvent, LedgerEntry, Job };

/**
 * What the dashboard reads that no resource's service offers: lists across every kind and level, a transaction's
 * events, ledger entries and pending jobs, the request log, the clock's state. Read-only: every change the
 * dashboard makes goes through the resources' and the simulation API's services. The page modules read only
 * through here and through those services (test/tooling/layers.test.ts holds it).
 */

/** A page of a list: its items, and whether more follow. */
export interface Slice<T> {
  items: T[];
  more: boolean;
}

/** One more than asked for, to know whether a next page exists. */
const slice = <T>(rows: T[], limit: number): Slice<T> => ({ items: rows.slice(0, limit), more: rows.length > limit });

/** The overview's figures: the merchant's balance, how many customers and transactions, the clock. */
export function overview(d: Deps) {
  return {
    balanceCents: merchantBalance(d),
    customers: d.store.customers.size,
    transactions: d.store.transactions.size,
    requests: d.store.requestLog.size,
    now: d.clock.nowMs(),
    pendingJobs: d.store.jobs.pending,
  };
}

/** Filters of the transactions page (every kind, every level). */
export interface TransactionQuery {
  status?: TransactionStatus;
  method?: string;
  kind?: TransactionKind;
  /** A customer's id; `merchant` for the merchant level only. */
  customer?: string;
  /** Central-time calendar dates `yyyy-mm-dd`, inclusive. */
  from?: string;
  to?: string;
}

/** Transactions of every kind, newest first, filtered; `limit` of them from `offset`. */
export function transactions(d: Deps, q: TransactionQuery, offset: number, limit: number): Slice<TransactionRecord> {
  const page: Page = { offset, limit: limit + 1, 'creation[gte]': q.from, 'creation[lte]': q.to };
  const customerId = q.customer === 'merchant' ? null : q.customer;
  const rows = d.store.transactions.listWhere({ status: q.status, method: q.method, kinds: q.kind && [q.kind], customerId }, page);
  return slice(rows, limit);
}

/** A transaction with everything the detail page shows, or undefined when there is none with that id. */
export function transactionDetail(
  d: Deps,
  id: string,
):
  | {
      t: TransactionRecord;
      view: TransactionView;
      /** Each event with the body its deliveries carry and its webhook deliveries (the simulation API's Event). */
      events: { e: StoredEvent; view: ReturnType<typeof viewEvent> }[];
      ledger: LedgerEntry[];
      jobs: Job[];
      children: TransactionRecord[];
    }
  | undefined {
  const t = d.store.transactions.get(id);
  if (!t) return undefined;
  return {
    t,
    view: transactionView(t, { refund: latestRefund(d, t) }),
    events: d.store.events.of(id).map((e) => ({ e, view: viewEvent(d, e) })),
    ledger: d.store.ledger.entriesOf(id),
    jobs: d.store.jobs.pendingFor(id),
    children: d.store.transactions.listWhere({ parentId: id }, { offset: 0, limit: 50 }),
  };
}

/** A transaction by its id (every kind, every level), or undefined: what a button acts on. */
export const transactionOf = (d: Deps, id: string): TransactionRecord | undefined => d.store.transactions.get(id);

/** A customer as the list shows it: the record and its balance (cents). */
export interface CustomerRow {
  u: CustomerRecord;
  balanceCents: number;
}

/** Customers, newest first; `limit` of them from `offset`. */
export function customers(d: Deps, offset: number, limit: number): Slice<CustomerRow> {
  const rows = listCustomers(d, { offset, limit: limit + 1 }).map((u) => ({ u, balanceCents: customerBalance(d, u) }));
  return slice(rows, limit);
}

/** A customer with its balance, cards and latest transactions, or undefined when there is none with that id. */
export function customerDetail(
  d: Deps,
  id: string,
): { u: CustomerRecord; balanceCents: number; cards: CardRecord[]; latest: Slice<TransactionRecord> } | undefined {
  const u = d.store.customers.get(id);
  if (!u) return undefined;
  return {
    u,
    balanceCents: customerBalance(d, u),
    cards: listCards(d, id, { offset: 0, limit: 100 }),
    latest: transactions(d, { customer: id }, 0, 10),
  };
}

/** The request log, newest first, filtered; `limit` entries from `offset`. */
export const requests = (d: Deps, f: RequestLogFilter, offset: number, limit: number): Slice<LoggedApiRequest> =>
  slice(d.store.requestLog.list(f, offset, limit + 1), limit);

/** One logged request by its request id, or undefined. */
export const requestOf = (d: Deps, id: string): LoggedApiRequest | undefined => d.store.requestLog.get(id);

/** The clock: now (epoch ms), how far ahead of real time it is (ms), jobs pending and when the next is due. */
export function clockState(d: Deps) {
  return { now: d.clock.nowMs(), offsetMs: d.clock.offsetMs, pendingJobs: d.store.jobs.pending, nextJobAt: d.store.jobs.nextDueAt() };
}

/** Every plan (active and deleted), newest first; `limit` of them from `offset`. */
export const plans = (d: Deps, offset: number, limit: number): Slice<PlanRecord> =>
  slice(d.store.plans.list([], { offset, limit: limit + 1 }), limit);

/** Every subscription of every customer, newest first; `limit` of them from `offset`. */
export const subscriptions = (d: Deps, offset: number, limit: number): Slice<SubscriptionRecord> =>
  slice(d.store.subscriptions.list([], { offset, limit: limit + 1 }), limit);

/** A customer's bank accounts (payout destinations) and subscriptions, the first 100 of each. */
export function customerExtras(d: Deps, customerId: string): { banks: BankAccountRecord[]; subs: SubscriptionRecord[] } {
  const first = { offset: 0, limit: 100 };
  return { banks: listBankAccounts(d, customerId, first), subs: listSubscriptions(d, customerId, first) };
}

/** The webhooks, and the delivery log newest first (each delivery with its attempts); `limit` deliveries from `offset`. */
export function webhookLog(d: Deps, offset: number, limit: number) {
  const hooks = listWebhooks(d, { offset: 0, limit: 100 });
  const rows = listDeliveries(d, {}, { offset, limit: limit + 1 }).map((dl) => viewDelivery(d, dl));
  return { hooks, deliveries: slice(rows, limit) };
}

/** The CFDI invoices, newest first, as their notification object (with the XML and PDF links once stamped). */
export const invoices = (d: Deps, offset: number, limit: number): Slice<InvoiceNotification> =>
  slice(
    d.store.invoices.list([], { offset, limit: limit + 1 }).map((inv) => invoiceNotificationView(inv, d.publicUrl())),
    limit,
  );
