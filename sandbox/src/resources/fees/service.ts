import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { customerAccount, move } from '../../domain/ledger';
import type { TransactionRecord } from '../../domain/records';
import { ensureRoom, type TransactionFilter } from '../../store/repos';
import type { Page } from '../../store/table';
import { ensureActive, ensureNewOrderId } from '../charges/service';
import { customerOf } from '../customers/service';
import { moveTo } from '../shared/move';
import { newTransaction } from '../shared/transaction';
import type { FeeBody, FeeRefundBody } from './schema';

/**
 * Fees (spec: "Fee endpoints: not shown"; served as the public server SDKs call them): the merchant charges a customer
 * with an account a fee, money from the customer's account to the merchant's (`fee`, `in`, method `customer`,
 * `completed`, `fee.succeeded`); a fee refund sends it back, in part or whole. Each use case one database transaction.
 */

/**
 * Charges a customer a fee. @returns the stored fee.
 * @throws 1008 deactivated merchant; 1005 unknown customer; 3006 a customer without an account (it holds no money);
 *   1006 used order_id; 4001 when the customer's balance is short (nothing stored, moved or sent).
 */
export function createFee(d: Deps, body: FeeBody): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    const customer = customerOf(d, body.customer_id);
    if (!customer.requiresAccount)
      throw apiError(3006, `Customer ${customer.id} has no account (requires_account false): a fee is taken from a customer account`);
    ensureRoom(d.store.transactions, d.store.limits.maxRecords, 'transactions');
    ensureNewOrderId(d, body.order_id);
    const now = d.clock.nowMs();
    const draft = newTransaction(now, {
      kind: 'fee',
      operationType: 'in',
      method: 'customer',
      customerId: customer.id,
      orderId: body.order_id ?? null,
      amountCents: body.amount,
      description: body.description,
    });
    d.store.ledger.post(draft.id, draft.id, move(customerAccount(customer.id), 'merchant', body.amount), now);
    return moveTo(d, draft, 'create_completed', 'fee.succeeded');
  });
}

/**
 * Refunds a fee, in part or whole, several times up to its amount: a refund transaction (`refund`, `out`, method
 * `customer`, `completed`, its `parent_id` the fee) moves the money from the merchant's account back to the customer's;
 * the fee stays `completed` with the refund embedded, or becomes `refunded` once refunds reach its amount. The spec
 * lists no event for it: none is written. @param body `amount` in cents (default: what is left), `description`.
 * @throws 1005 unknown fee or a customer since deleted; 3006 a fee already refunded; 1003 more than is left; 4001 when
 *   the merchant's balance is short; 1008 deactivated merchant.
 */
export function refundFee(d: Deps, id: string, body: FeeRefundBody): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    const fee = feeOf(d, id);
    const customer = customerOf(d, fee.customerId!);
    if (fee.status !== 'completed') throw apiError(3006, `Fee ${id} cannot be refunded (status ${fee.status})`);
    const left = fee.amountCents - (fee.refundedCents ?? 0);
    const cents = body.amount ?? left;
    if (cents > left) throw apiError(1003, `amount is more than what is left to refund of fee ${id}`);
    ensureRoom(d.store.transactions, d.store.limits.maxRecords, 'transactions');
    const now = d.clock.nowMs();
    const refund = moveTo(
      d,
      newTransaction(now, {
        kind: 'refund',
        operationType: 'out',
        method: 'customer',
        customerId: customer.id,
        amountCents: cents,
        description: body.description ?? `Refund of fee ${fee.id}`,
        parentId: fee.id,
      }),
      'create_completed',
      null,
    );
    d.store.ledger.post(refund.id, refund.id, move('merchant', customerAccount(customer.id), cents), now);
    const refunded = (fee.refundedCents ?? 0) + cents;
    const change = { refundedCents: refunded, refundIds: [...(fee.refundIds ?? []), refund.id] };
    return moveTo(d, fee, refunded === fee.amountCents ? 'refund_full' : 'refund_partial', null, change, { refund });
  });
}

/** The fee `id`, or 1005. */
export function feeOf(d: Deps, id: string): TransactionRecord {
  const t = d.store.transactions.get(id);
  if (t?.kind !== 'fee') throw apiError(1005, `Fee ${id} not found`);
  return t;
}

/** The fees of every customer, newest first, filtered (the charges' filters and `customerId`). */
export const listFees = (d: Deps, f: Omit<TransactionFilter, 'kinds'>, q: Page): TransactionRecord[] =>
  d.store.transactions.listWhere({ ...f, kinds: ['fee'] }, q);
