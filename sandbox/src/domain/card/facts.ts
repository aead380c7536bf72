import { createHmac } from 'node:crypto';
import { cardBrand } from 'paytoken/rules';
import type { CardData } from 'paytoken/rules';
import type { CardFacts } from '../records';
import { outcomeOf, profileOf } from './test-cards';

/**
 * The {@link CardFacts} of validated card data: the number is reduced to BIN, last four and fingerprint
 * (HMAC-SHA256 under the sandbox's own random key, kept with its data so the same card is recognised after a
 * restart) and the CVV2 is dropped.
 * @param key the fingerprint key (32 random bytes).
 */
export function cardFacts(data: CardData, key: Buffer): CardFacts {
  const pan = data.card_number;
  return {
    brand: cardBrand(pan) ?? 'unknown',
    bin: pan.slice(0, 6),
    masked: 'X'.repeat(pan.length - 4) + pan.slice(-4),
    fingerprint: createHmac('sha256', key).update(pan).digest('hex'),
    outcome: outcomeOf(pan),
    profile: profileOf(pan),
    holder_name: data.holder_name,
    expiration_month: data.expiration_month,
    expiration_year: data.expiration_year,
    address: data.address ?? null,
  };
}
