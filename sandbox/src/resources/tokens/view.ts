import type { z } from 'zod';
import type { TokenRecord } from '../../domain/records';
import { isoDateTime } from '../../time/dates';
import type { tokenObject } from '../shared/objects';

export type TokenView = z.infer<typeof tokenObject>;

/** Token object (spec, Resources > Token object): the card masked, never its number or CVV2. */
export const tokenView = (t: TokenRecord): TokenView => ({
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
