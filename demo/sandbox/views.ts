import type { Card, Token } from '../../src/types/index';
import type { Address } from '../../src/card/types';
import { isoDateTime } from './clock';
import type { CardPoints } from './pending';
import type { CardFacts, CardRecord, ChargeRecord, CustomerRecord, DeviceRecord, TokenRecord } from './store';
import type { DeviceDataBody } from './schemas/index';

/**
 * Response bodies: the spec's objects (spec, Resources) built from store records, with snake_case names and
 * datetimes in ISO 8601 with offset. Card numbers only ever leave masked.
 */

/** Issuer placeholders of every sandbox card (spec, Card object: bank_name, bank_code). */
export const SANDBOX_BANK = { bank_name: 'SANDBOX BANK', bank_code: '000' } as const;

/** Token object (spec, Resources > Token object). */
export const tokenView = (t: TokenRecord): Token => ({
  id: t.id,
  card: {
    card_number: t.card.masked,
    holder_name: t.card.holder_name,
    expiration_year: t.card.expiration_year,
    expiration_month: t.card.expiration_month,
    address: t.card.address,
    creation_date: isoDateTime(t.created),
    brand: t.card.brand,
    points_card: t.card.profile.points > 0,
  },
});

/** The Card object fields of some card facts; `id` is left to the caller. */
const cardFields = (f: CardFacts, created: Date, customerId: string | null): Omit<Card, 'id'> => ({
  creation_date: isoDateTime(created),
  holder_name: f.holder_name,
  card_number: f.masked,
  expiration_month: f.expiration_month,
  expiration_year: f.expiration_year,
  address: f.address,
  allows_charges: true,
  allows_payouts: false,
  brand: f.brand,
  type: f.profile.type,
  ...SANDBOX_BANK,
  customer_id: customerId,
  points_card: f.profile.points > 0,
});

/** Card object (spec, Resources > Card object). */
export const cardView = (k: CardRecord): Card => ({ id: k.id, ...cardFields(k.card, k.created, k.customerId) });

/** Customer object (spec, Resources > Customer object), without the store/clabe of balance accounts. */
export interface CustomerView {
  id: string;
  name: string;
  last_name: string | null;
  email: string;
  phone_number: string | null;
  address: Address | null;
  creation_date: string;
  external_id: string | null;
  status: 'active';
  balance: number;
}

export const customerView = (u: CustomerRecord): CustomerView => ({
  id: u.id,
  name: u.name,
  last_name: u.last_name,
  email: u.email,
  phone_number: u.phone_number,
  address: u.address,
  creation_date: isoDateTime(u.created),
  external_id: u.external_id,
  status: 'active',
  balance: 0,
});

/** Transaction object of a card charge (spec, Resources > Transaction object). */
export interface TransactionView {
  id: string;
  authorization: string | null;
  transaction_type: 'charge';
  operation_type: 'in';
  method: 'card';
  creation_date: string;
  operation_date: string;
  order_id: string | null;
  status: string;
  amount: number;
  currency: string;
  description: string;
  error_message: string | null;
  customer_id: string | null;
  /** The card charged; without `id` when a token was charged. */
  card: Omit<Card, 'id'> & { id?: string };
  /**
   * This project's extension (the spec's clients must tolerate added fields): every anti-fraud rule that
   * matched this charge, declining it (also in the Error object's `fraud_rules`) or only flagging it:
   * `device_velocity`, `card_velocity`, `ip_velocity`, `automation`, `missing_device_data`, `platform_mismatch`,
   * `impossible_screen`, `headless_renderer` (demo/sandbox/fraud.ts). Empty when none did.
   */
  fraud_flags: string[];
  /** A 3-D Secure charge's bank page (spec, Transaction `payment_method`, redirect shape). */
  payment_method?: { type: 'redirect'; url: string };
  /** Points used, when the charge used some (spec, Resources > CardPoints). */
  card_points?: CardPoints;
  /** This project's extension: the charge's months without interest (spec, Resources > PaymentPlan). */
  payment_plan?: { payments: number };
}

export const transactionView = (t: ChargeRecord): TransactionView => ({
  id: t.id,
  authorization: t.authorization,
  transaction_type: 'charge',
  operation_type: 'in',
  method: 'card',
  creation_date: isoDateTime(t.created),
  operation_date: isoDateTime(t.created),
  order_id: t.orderId,
  status: t.status,
  amount: t.amount,
  currency: t.currency,
  description: t.description,
  error_message: t.errorMessage,
  customer_id: t.customerId,
  card: t.cardId ? { id: t.cardId, ...cardFields(t.card, t.cardCreated, t.customerId) } : cardFields(t.card, t.cardCreated, null),
  fraud_flags: t.fraudFlags,
  ...(t.paymentMethod ? { payment_method: t.paymentMethod } : {}),
  ...(t.cardPoints ? { card_points: t.cardPoints } : {}),
  ...(t.paymentPlan ? { payment_plan: t.paymentPlan } : {}),
});

/** Device data as stored (this project's extension, docs/device-data.md): the body received, and when. */
export type DeviceDataView = DeviceDataBody & { creation_date: string; entry?: DeviceRecord['entry'] };

export const deviceDataView = (r: DeviceRecord): DeviceDataView => ({
  ...r.data,
  ...(r.entry && { entry: r.entry }),
  creation_date: isoDateTime(r.created),
});
