import { stateMachine, type StateRow } from './state-machine';

/**
 * The transaction state machine, one for every kind (charges of every method, refunds, payouts, transfers, fees),
 * written from the spec's "States and transitions" table. Rows the spec shows are marked `spec`; the rows it
 * leaves unshown ("Other transitions between transaction states (chargeback, cancelled, refunded, failed): not
 * shown") are this sandbox's reading, marked `sandbox` and listed in docs/sandbox.md. Services change a status
 * only through {@link transition} (the state-machine engine, ./state-machine.ts); nothing else writes one.
 */

/** Transaction status values (spec, States and transitions), lower case as in Transaction objects. */
export const TRANSACTION_STATUSES = [
  'in_progress',
  'completed',
  'refunded',
  'chargeback_pending',
  'chargeback_accepted',
  'chargeback_adjustment',
  'charge_pending',
  'cancelled',
  'failed',
] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What kind of money movement a transaction is (spec, Transaction object `transaction_type`). */
export type TransactionKind = 'charge' | 'refund' | 'payout' | 'transfer' | 'fee';

/** What can happen to a transaction. `create_*` start one; the others move an existing one. */
export type Trigger =
  | 'create_card'
  | 'create_card_hold'
  | 'create_card_declined'
  | 'create_pending'
  | 'create_in_progress'
  | 'create_completed'
  | 'capture'
  | 'cancel'
  | 'refund_partial'
  | 'refund_full'
  | 'pay'
  | 'fail'
  | 'expire'
  | 'settle'
  | 'chargeback_open'
  | 'chargeback_accept'
  | 'chargeback_adjust'
  | 'chargeback_reject';

/** One row of the table. `from: null` is a new transaction. */
export interface Transition extends StateRow<TransactionStatus, Trigger> {
  /** The kinds the row moves (the spec's "Condition": a store charge, a payout...). */
  kinds: readonly TransactionKind[];
  /** `spec`: a row of the spec's table; `sandbox`: this sandbox's reading of a transition the spec leaves unshown. */
  source: 'spec' | 'sandbox';
  /** What the row is, in the words of the spec's table (or of docs/sandbox.md for ours). */
  note: string;
}

const CHARGE = ['charge'] as const;

/** The transitions, in the order of the spec's table, then ours. */
export const TRANSITIONS: readonly Transition[] = [
  {
    kinds: CHARGE,
    from: null,
    trigger: 'create_in_progress',
    to: 'in_progress',
    source: 'spec',
    note: 'store or bank charge created: reference returned',
  },
  {
    kinds: CHARGE,
    from: null,
    trigger: 'create_pending',
    to: 'charge_pending',
    source: 'spec',
    note: 'redirect, wallet, IVR or 3-D Secure charge created',
  },
  {
    kinds: CHARGE,
    from: null,
    trigger: 'create_card',
    to: 'completed',
    source: 'spec',
    note: 'card charge with capture true: authorization set',
  },
  {
    kinds: CHARGE,
    from: null,
    trigger: 'create_card_hold',
    to: 'in_progress',
    source: 'spec',
    note: 'card charge with capture false: the amount is held (the spec shows no status value; in_progress here)',
  },
  {
    kinds: CHARGE,
    from: 'in_progress',
    trigger: 'capture',
    to: 'completed',
    source: 'spec',
    note: 'capture of a held charge, amount up to the held one',
  },
  {
    kinds: CHARGE,
    from: 'completed',
    trigger: 'refund_partial',
    to: 'completed',
    source: 'spec',
    note: 'refund of part of a card charge: completed with the refund embedded',
  },
  {
    kinds: ['transfer', 'refund', 'fee'],
    from: null,
    trigger: 'create_completed',
    to: 'completed',
    source: 'spec',
    note: 'transfer (two transactions), refund record, fee',
  },
  {
    kinds: ['payout'],
    from: null,
    trigger: 'create_in_progress',
    to: 'in_progress',
    source: 'spec',
    note: 'payout created (in_progress seen on a payout record)',
  },
  {
    kinds: CHARGE,
    from: null,
    trigger: 'create_completed',
    to: 'completed',
    source: 'sandbox',
    note: 'a deposit to a customer account (SPEI transfer or cash at a store) arrived',
  },
  {
    kinds: CHARGE,
    from: null,
    trigger: 'create_card_declined',
    to: 'failed',
    source: 'sandbox',
    note: 'card charge declined by the card or the anti-fraud rules: failed, with error_message',
  },
  {
    kinds: CHARGE,
    from: 'completed',
    trigger: 'refund_full',
    to: 'completed',
    source: 'spec',
    note: "refunds reach the whole amount: the charge stays completed with the refund embedded (the spec's table)",
  },
  {
    kinds: CHARGE,
    from: 'in_progress',
    trigger: 'cancel',
    to: 'cancelled',
    source: 'sandbox',
    note: 'a held card charge cancelled: the hold is released',
  },
  {
    kinds: CHARGE,
    from: 'charge_pending',
    trigger: 'pay',
    to: 'completed',
    source: 'sandbox',
    note: 'the shopper paid (3-D Secure approved, redirect page, wallet, IVR call)',
  },
  {
    kinds: CHARGE,
    from: 'charge_pending',
    trigger: 'fail',
    to: 'failed',
    source: 'sandbox',
    note: 'the payment was attempted and failed (card declined, 3-D Secure refused, IVR attempts used up)',
  },
  { kinds: CHARGE, from: 'charge_pending', trigger: 'expire', to: 'cancelled', source: 'sandbox', note: 'not paid in time: cancelled' },
  {
    kinds: CHARGE,
    from: 'charge_pending',
    trigger: 'settle',
    to: 'in_progress',
    source: 'sandbox',
    note: 'a 3-D Secure charge with capture false authenticated: the amount is held',
  },
  {
    kinds: CHARGE,
    from: 'in_progress',
    trigger: 'pay',
    to: 'completed',
    source: 'sandbox',
    note: 'a store or SPEI payment of the reference arrived',
  },
  {
    kinds: CHARGE,
    from: 'in_progress',
    trigger: 'expire',
    to: 'cancelled',
    source: 'sandbox',
    note: 'a store or bank charge past its due date',
  },
  { kinds: ['payout'], from: 'in_progress', trigger: 'settle', to: 'completed', source: 'sandbox', note: 'the bank accepted the payout' },
  {
    kinds: ['payout'],
    from: 'in_progress',
    trigger: 'fail',
    to: 'failed',
    source: 'sandbox',
    note: 'the bank rejected the payout: the amount returns',
  },
  {
    kinds: CHARGE,
    from: 'completed',
    trigger: 'chargeback_open',
    to: 'chargeback_pending',
    source: 'sandbox',
    note: 'the cardholder disputes the charge',
  },
  {
    kinds: CHARGE,
    from: 'chargeback_pending',
    trigger: 'chargeback_accept',
    to: 'chargeback_accepted',
    source: 'sandbox',
    note: 'the dispute is lost: the amount returns to the cardholder',
  },
  {
    kinds: CHARGE,
    from: 'chargeback_pending',
    trigger: 'chargeback_adjust',
    to: 'chargeback_adjustment',
    source: 'sandbox',
    note: 'the dispute ends in an adjustment',
  },
  {
    kinds: CHARGE,
    from: 'chargeback_pending',
    trigger: 'chargeback_reject',
    to: 'completed',
    source: 'sandbox',
    note: 'the dispute is rejected: the charge stands',
  },
  {
    kinds: ['fee'],
    from: 'completed',
    trigger: 'refund_partial',
    to: 'completed',
    source: 'sandbox',
    note: 'part of a fee refunded to the customer: the fee stays completed with the refund embedded',
  },
  {
    kinds: ['fee'],
    from: 'completed',
    trigger: 'refund_full',
    to: 'refunded',
    source: 'sandbox',
    note: 'refunds of a fee reach its whole amount: refunded',
  },
  {
    kinds: CHARGE,
    from: 'charge_pending',
    trigger: 'cancel',
    to: 'cancelled',
    source: 'sandbox',
    note: 'a redirect, wallet, IVR or 3-D Secure charge cancelled by the merchant before the shopper paid',
  },
];

/** The transaction machine: a row applies to the kinds it names; errors name the kind ("A charge in status ..."). */
export const TRANSACTION_MACHINE = stateMachine<TransactionStatus, Trigger, Transition, TransactionKind>({
  subject: (kind) => kind,
  states: TRANSACTION_STATUSES,
  rows: TRANSITIONS,
  guard: (row, kind) => row.kinds.includes(kind),
});

/**
 * The status a transaction of `kind` reaches from `from` (null: a new one) on `trigger`.
 * @throws SandboxError 3006 (412, "operation not allowed for this transaction") naming the status and the trigger,
 *   when no row allows it.
 */
export const transition = (kind: TransactionKind, from: TransactionStatus | null, trigger: Trigger): TransactionStatus =>
  TRANSACTION_MACHINE.next(from, trigger, kind);

/** Whether `trigger` is allowed for a `kind` transaction in status `from`. */
export const allows = (kind: TransactionKind, from: TransactionStatus | null, trigger: Trigger): boolean =>
  TRANSACTION_MACHINE.allows(from, trigger, kind);
