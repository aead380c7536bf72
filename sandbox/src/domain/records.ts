import type { Address, Brand } from 'paytoken/rules';
import type { CardProfile, Outcome } from './card/test-cards';
import type { TransactionKind, TransactionStatus } from './transaction';

export type { TransactionKind };

/**
 * What the sandbox keeps of its resources: the records the store persists and the services change. Times are
 * epoch milliseconds; money is integer cents. Views (resources/<name>/view.ts) turn records into the spec's
 * objects; nothing else leaves the sandbox.
 */

/** Every record: its id and creation time (epoch ms). */
export interface StoredRecord {
  id: string;
  created: number;
}

/**
 * What the sandbox keeps of a card. Never the full number nor the CVV2: the BIN (first six digits, to know
 * the brand's CVV2 length), the last four, a keyed fingerprint (to find the same number on a customer, error
 * 2002) and the test-card outcome, worked out once when the number arrives.
 */
export interface CardFacts {
  /**
   * The spec's Card `brand` (lowercase network name); `unknown` for a number of a network the IIN table does
   * not list (src/card/brands.ts), which the card rules accept as the spec does.
   */
  brand: Brand | 'unknown';
  bin: string;
  /** `XXXXXXXXXXXX1111`: every digit but the last four replaced by `X`. */
  masked: string;
  /** HMAC-SHA256 of the PAN under the sandbox's own random key (kept with the data). */
  fingerprint: string;
  outcome: Outcome;
  /** 3-D Secure step, points balance at start (0: not a points card) and card type, from the test-card catalogue. */
  profile: CardProfile;
  holder_name: string;
  expiration_month: string;
  expiration_year: string;
  address: Address | null;
}

export interface TokenRecord extends StoredRecord {
  card: CardFacts;
  /** Id of the transaction or card that used the token (tokens are single-use), or null. */
  usedBy: string | null;
}

export interface CardRecord extends StoredRecord {
  /** Null for a merchant-level card. */
  customerId: string | null;
  card: CardFacts;
  /** A CVV2 given by `PUT /cards/{id}` for the next transaction with the card: never kept, only that one was given. */
  cvv2Pending?: boolean;
}

export interface CustomerRecord extends StoredRecord {
  name: string;
  last_name: string | null;
  email: string;
  phone_number: string | null;
  address: Address | null;
  external_id: string | null;
  /** A customer with an account (`requires_account`): a balance, a `clabe` for SPEI deposits and a store reference. */
  requiresAccount: boolean;
  /** 18 digits with a valid check digit, receiving SPEI transfers; null without an account. */
  clabe: string | null;
  /** Reference for cash deposits at stores; null without an account. */
  storeReference: string | null;
}

/** The card of a card transaction: a stored card (its id) or a token's card (id null), as it was then. */
export interface ChargedCard {
  id: string | null;
  facts: CardFacts;
  /** When the card was stored or tokenized (the embedded Card object's `creation_date`). */
  created: number;
}

/**
 * A transaction of any kind (spec, Resources > Transaction object). The core is common; each kind's extras are
 * optional members, named after the spec's fields they become.
 */
export interface TransactionRecord extends StoredRecord {
  kind: TransactionKind;
  operationType: 'in' | 'out';
  /** `card`, `store`, `bank_account`, `customer`, `bank`, or the wallet method's name. */
  method: string;
  /** Null when the transaction belongs to the merchant account. */
  customerId: string | null;
  orderId: string | null;
  status: TransactionStatus;
  amountCents: number;
  currency: 'MXN' | 'USD';
  description: string;
  authorization: string | null;
  errorMessage: string | null;
  /** When it took effect (completed, failed, cancelled); the creation time until then. */
  operationDate: number;
  /** The transaction this one belongs to: a refund's charge, the receiving half of a transfer, a fee refund's fee. */
  parentId?: string;
  /** Card transactions: the card charged. */
  card?: ChargedCard;
  deviceSessionId?: string;
  /** Every anti-fraud rule that matched (the Transaction's `fraud_flags`, this project's extension). */
  fraudFlags?: string[];
  /** The spec's `payment_method`, shaped by kind (redirect, store, bank_transfer, ivr). */
  paymentMethod?: Record<string, unknown>;
  /** Points used (spec, CardPoints). */
  cardPoints?: { used: number; remaining: number; amount: number; caption: string };
  paymentPlan?: { payments: number };
  /** A card charge created with `capture: false`: the amount held until captured or cancelled. */
  heldCents?: number;
  /** What the charge's refunds returned so far, cents. */
  refundedCents?: number;
  /** The charge's refunds, oldest first. */
  refundIds?: string[];
  /** Store, bank, wallet and IVR charges. */
  dueDate?: number;
  /** A USD charge's conversion to MXN (spec, Transaction `exchange_rate`). */
  exchangeRate?: { from: string; to: string; date: string; value: number };
  metadata?: Record<string, string | number | boolean>;
  /** The subscription a billing charge is for. */
  subscriptionId?: string;
  /** Kind-specific members owned by the resource that made the transaction (bank account of a payout, ...). */
  details?: Record<string, unknown>;
}

/** What a charge asks of the card when it is settled: right away, or after 3-D Secure. */
export interface Settlement {
  /** `use_card_points` of the charge. */
  usePoints: 'ONLY_POINTS' | 'MIXED' | 'NONE';
  /** `capture` of the charge: false leaves an approved charge `in_progress` (held). */
  capture: boolean;
}

/** One pending 3-D Secure authentication (domain/card/three-ds.ts). */
export interface ChallengeRecord extends StoredRecord {
  /** Random, unguessable: the bank page is `/3ds/{id}` (it needs no API key). */
  id: string;
  /** The charge waiting for it. */
  transactionId: string;
  /** Six digits, written to the sandbox log (the shopper's "SMS"). */
  code: string;
  /** The charge's `redirect_url`, where the page sends the shopper back with `?id={transaction_id}`. */
  redirectUrl: string;
  /** What to do with the charge once authenticated. */
  settlement: Settlement;
  /** Wrong codes so far. */
  attempts: number;
}

/**
 * A bank account of a customer (spec, Resources > Bank account object). The CLABE is kept whole (payouts are sent
 * to it) and leaves the sandbox masked; the bank's code and name come from the catalog (domain/banks.ts).
 */
export interface BankAccountRecord extends StoredRecord {
  customerId: string;
  holderName: string;
  alias: string | null;
  /** 18 digits, valid check digit, a bank code of the catalog. */
  clabe: string;
  bankCode: string;
  bankName: string;
}
