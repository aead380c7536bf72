import { z } from 'zod';
import type { CustomerRecord, TransactionRecord } from '../../domain/records';
import { newId } from '../../domain/ids';
import { fromCents } from '../../domain/money';
import { isoDateTime } from '../../time/dates';
import { cardFields } from '../cards/view';
import { amount, bankAccountObject, cardObject, customerObject, dateTime } from './objects';

/** A transaction not stored yet (no status until the state machine gives it one), or a stored one. */
export type Draft = Omit<TransactionRecord, 'status'> & { status?: TransactionRecord['status'] };

/** The members a new transaction's record takes by default (see {@link newTransaction}). */
type Defaulted = 'id' | 'created' | 'operationDate' | 'orderId' | 'currency' | 'authorization' | 'errorMessage';

/** What a new transaction's record gives of its own: its kind, direction, method, owner, amount, words and extras. */
export type NewTransaction = Omit<Draft, Defaulted> & Partial<Pick<Draft, Defaulted>>;

/**
 * A new transaction's record, before its first status: `fields` over the defaults every kind shares, a new `tr` id
 * (when `fields` gives none), created and operated at `now` (epoch ms), MXN, no order id, authorization or error.
 */
export function newTransaction(now: number, fields: NewTransaction): Draft {
  return {
    created: now,
    operationDate: now,
    orderId: null,
    currency: 'MXN',
    authorization: null,
    errorMessage: null,
    ...fields,
    id: fields.id ?? newId('tr'),
  };
}

/** The members every Transaction object has (spec, Resources > Transaction object). */
const core = {
  id: z.string(),
  authorization: z.string().nullable(),
  transaction_type: z.enum(['charge', 'refund', 'payout', 'transfer', 'fee']),
  operation_type: z.enum(['in', 'out']),
  method: z.string(),
  creation_date: dateTime,
  operation_date: dateTime,
  order_id: z.string().nullable(),
  status: z.string(),
  amount,
  currency: z.string(),
  description: z.string(),
  error_message: z.string().nullable(),
  customer_id: z.string().nullable(),
};

/** The members a transaction has when its kind gives them (spec, Transaction object; payment_method shapes). */
const extras = {
  due_date: dateTime.optional(),
  conciliated: z.boolean().optional(),
  /** A payout's bank account, masked; without `id` when it was sent inline (`bank_account`) rather than registered. */
  bank_account: bankAccountObject.partial({ id: true }).optional(),
  card: cardObject.partial({ id: true }).optional(),
  card_points: z.object({ used: z.number(), remaining: z.number(), amount, caption: z.string().optional() }).optional(),
  payment_method: z.record(z.string(), z.unknown()).optional(),
  exchange_rate: z.object({ from: z.string(), date: z.string(), value: z.number(), to: z.string() }).optional(),
  fee: z.object({ amount, tax: amount, currency: z.string() }).optional(),
  customer: customerObject.partial().optional(),
  store: z.object({ reference: z.string(), barcode_url: z.string() }).optional(),
  clabe: z.string().optional(),
  /** This project's extension: every anti-fraud rule that matched a card charge, declining or flagging it. */
  fraud_flags: z.array(z.string()).optional(),
  /** This project's extension: the charge's months without interest (spec, Resources > PaymentPlan). */
  payment_plan: z.object({ payments: z.number() }).optional(),
  /** This project's extension: the subscription a billing charge is for. */
  subscription_id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
};

/** A refund record as embedded in its charge (spec: "refund: a transaction object ... embedded"). */
export const refundObject = z.object({ ...core, ...extras }).meta({ id: 'Refund' });

/** Transaction object (spec, Resources > Transaction object), for charges, refunds, payouts, transfers and fees. */
export const transactionObject = z.object({ ...core, ...extras, refund: refundObject.optional() }).meta({ id: 'Transaction' });

export type TransactionView = z.infer<typeof transactionObject>;

/** Records a view embeds beside the transaction: the latest refund of a charge, the customer of a redirect or IVR charge. */
export interface Related {
  refund?: TransactionRecord;
  customer?: Pick<CustomerRecord, 'name' | 'last_name' | 'email' | 'phone_number' | 'address'>;
}

/**
 * Transaction object of any kind (spec, Resources > Transaction object): the core members, then those of its kind,
 * each present only when the record has it. Card numbers only ever leave masked; amounts leave as two-decimal numbers.
 */
export function transactionView(t: TransactionRecord, related: Related = {}): TransactionView {
  return {
    id: t.id,
    authorization: t.authorization,
    transaction_type: t.kind,
    operation_type: t.operationType,
    method: t.method,
    creation_date: isoDateTime(t.created),
    operation_date: isoDateTime(t.operationDate),
    order_id: t.orderId,
    status: t.status,
    amount: fromCents(t.amountCents),
    currency: t.currency,
    description: t.description,
    error_message: t.errorMessage,
    customer_id: t.customerId,
    ...kindMembers(t),
    ...(related.refund && { refund: transactionView(related.refund) as z.infer<typeof refundObject> }),
    ...(related.customer && { customer: { ...related.customer } }),
  };
}

/** The members of a transaction's kind that its record holds. */
function kindMembers(t: TransactionRecord): Partial<TransactionView> {
  const card =
    t.card &&
    (t.card.id
      ? { id: t.card.id, ...cardFields(t.card.facts, t.card.created, t.customerId) }
      : cardFields(t.card.facts, t.card.created, null));
  return {
    ...(t.dueDate !== undefined && { due_date: isoDateTime(t.dueDate) }),
    ...(card && { card }),
    ...(t.fraudFlags && { fraud_flags: t.fraudFlags }),
    ...(t.paymentMethod && { payment_method: t.paymentMethod }),
    ...(t.cardPoints && { card_points: t.cardPoints }),
    ...(t.paymentPlan && { payment_plan: t.paymentPlan }),
    ...(t.exchangeRate && { exchange_rate: t.exchangeRate }),
    ...(t.subscriptionId && { subscription_id: t.subscriptionId }),
    ...(t.metadata && { metadata: t.metadata }),
    ...(t.details as Partial<TransactionView> | undefined),
  };
}
