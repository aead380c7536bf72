import type { z } from 'zod';
import type { CardFacts, CardRecord } from '../../domain/records';
import { isoDateTime } from '../../time/dates';
import type { cardObject } from '../shared/objects';

/** Issuer placeholders of every sandbox card (spec, Card object: bank_name, bank_code). */
export const SANDBOX_BANK = { bank_name: 'SANDBOX BANK', bank_code: '000' } as const;

export type CardView = z.infer<typeof cardObject>;

/** The Card object members of some card facts; `id` is left to the caller. Card numbers only ever leave masked. */
export const cardFields = (f: CardFacts, created: number, customerId: string | null): Omit<CardView, 'id'> => ({
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
export const cardView = (k: CardRecord): CardView => ({ id: k.id, ...cardFields(k.card, k.created, k.customerId) });
