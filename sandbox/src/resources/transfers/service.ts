import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { barcodeUrl } from '../../domain/references';
import { customerAccount, move } from '../../domain/ledger';
import type { CustomerRecord, TransactionRecord } from '../../domain/records';
import { ensureRoom } from '../../store/repos';
import type { Page } from '../../store/table';
import { ensureActive, ensureNewOrderId } from '../charges/service';
import { customerOf } from '../customers/service';
import { moveTo, type Draft } from '../shared/move';
import { newTransaction, transactionView, type TransactionView } from '../shared/transaction';
import type { TransferBody } from './schema';

/**
 * Transfers between customers of the merchant (spec, Endpoints > Transfers, customer level only): two linked
 * transactions in one database transaction, the sender's withdrawal (`out`, with the `order_id`) and the receiver's
 * deposit (`in`, its `parent_id` the withdrawal), both `completed`, and the money moved between the two customer
 * accounts. Both customers must have an account (`requires_account`): a customer without one holds no money.
 */

/** A customer of a transfer, who must have an account. @throws 3006 naming the customer and its role when it has none. */
function withAccount(customer: CustomerRecord, role: 'sending' | 'receiving'): CustomerRecord {
  if (!customer.requiresAccount)
    throw apiError(
      3006,
      `The ${role} customer ${customer.id} has no account (requires_account false): transfers move money between customer accounts`,
    );
  return customer;
}

/**
 * Transfers `amount` from the customer `senderId` to `body.customer_id`: the withdrawal (returned) and the deposit are
 * stored `completed`, the money moves, and `transfer.succeeded` is written for the withdrawal.
 * @throws 1008 deactivated merchant; 1005 unknown receiver; 1003 a transfer to the sender itself; 3006 a customer
 *   without an account; 1006 used order_id; 4001 when the sender's balance is short (nothing stored, moved or sent).
 */
export function createTransfer(d: Deps, senderId: string, body: TransferBody): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    const sender = withAccount(customerOf(d, senderId), 'sending');
    if (body.customer_id === sender.id) throw apiError(1003, 'customer_id is the sending customer: a transfer goes to another customer');
    const receiver = withAccount(customerOf(d, body.customer_id), 'receiving');
    ensureRoom({ size: d.store.transactions.size + 1 }, d.store.limits.maxRecords, 'transactions');
    ensureNewOrderId(d, body.order_id);
    const now = d.clock.nowMs();
    const half = (operationType: 'in' | 'out', customerId: string): Draft =>
      newTransaction(now, {
        kind: 'transfer',
        operationType,
        method: 'customer',
        customerId,
        amountCents: body.amount,
        description: body.description,
      });
    const out = half('out', sender.id);
    d.store.ledger.post(out.id, out.id, move(customerAccount(sender.id), customerAccount(receiver.id), body.amount), now);
    const withdrawal = moveTo(d, { ...out, orderId: body.order_id ?? null }, 'create_completed', 'transfer.succeeded');
    moveTo(d, { ...half('in', receiver.id), parentId: withdrawal.id }, 'create_completed', null);
    return withdrawal;
  });
}

/** The transfer transaction `id` of the customer (its withdrawal or its deposit), or 1005 (unknown customer too). */
export function transferOf(d: Deps, customerId: string, id: string): TransactionRecord {
  customerOf(d, customerId);
  const t = d.store.transactions.find(id, ['transfer'], customerId);
  if (!t) throw apiError(1005, `Transfer ${id} not found on customer ${customerId}`);
  return t;
}

/** The customer's transfer transactions, in and out, newest first, paged by the common filters. @throws 1005 unknown customer. */
export function listTransfers(d: Deps, customerId: string, q: Page): TransactionRecord[] {
  customerOf(d, customerId);
  return d.store.transactions.listWhere({ customerId, kinds: ['transfer'] }, q);
}

/**
 * The Transaction object of a transfer, with the account of its customer (spec, Transaction object: "store, clabe:
 * present on transfer responses"): the customer's `clabe` and `store` reference (the sender's on a withdrawal, the
 * receiver's on a deposit), when the customer still exists.
 */
export function viewTransfer(d: Deps, t: TransactionRecord): TransactionView {
  const customer = t.customerId === null ? undefined : d.store.customers.get(t.customerId);
  const reference = customer?.storeReference;
  return {
    ...transactionView(t),
    ...(customer?.clabe && { clabe: customer.clabe }),
    ...(reference && { store: { reference, barcode_url: barcodeUrl(d.publicUrl(), reference) } }),
  };
}
