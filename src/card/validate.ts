import { normalizeAddress, readAddress, validateAddress } from './address';
import { validateCvv2 } from './cvv2';
import { parseMonth, parseYear, validateExpiry } from './expiry';
import { validateHolderName } from './holder';
import { normalizePan, validatePan } from './pan';
import { pick } from './pick';
import type { Address, Brand, CardData, CardInput, CardValidation, FieldResult } from './types';

const pad2 = (n: number) => String(n % 100).padStart(2, '0');

/**
 * Validates a whole card as the API would on `POST /tokens` or `POST /cards` (spec, Endpoints > Tokens and
 * Cards): PAN, holder name, expiry, CVV2 (length by brand) and, when present (not null or undefined), the address.
 *
 * @param card the card fields under their spec names (see {@link CardInput}); bad types are reported. Each
 *   field is read once (see `pick`): what is checked is what is sent.
 * @param now the current time, for the expiry rule (tests); defaults to the clock.
 * @param acceptedBrands the merchant's opt-in list of card networks (see `validatePan`); default any network.
 * @returns `{valid: true, value}` with the data normalised for the API ({@link CardData}: digits-only PAN
 *   and CVV2, two-digit month and year strings, trimmed holder name, upper-case country code), or
 *   `{valid: false, errors}` listing every failing field, in form order. Never throws.
 */
export function validateCard(card: CardInput, now?: Date, acceptedBrands?: readonly Brand[]): CardValidation {
  const c: CardInput =
    typeof card === 'object' && card !== null
      ? pick(card, ['card_number', 'holder_name', 'expiration_month', 'expiration_year', 'cvv2', 'address'])
      : {};
  c.address = readAddress(c.address);
  const { brand, ...pan } = validatePan(c.card_number, acceptedBrands); // the field result only, as the other rules give
  const results: FieldResult[] = [
    pan,
    validateHolderName(c.holder_name),
    validateExpiry(c.expiration_month, c.expiration_year, now),
    validateCvv2(c.cvv2, c.card_number),
    ...(c.address == null ? [] : validateAddress(c.address)),
  ];
  const errors = results.filter((r) => !r.valid);
  if (errors.length) return { valid: false, errors };
  const value: CardData = {
    card_number: normalizePan(c.card_number),
    holder_name: (c.holder_name as string).trim(),
    expiration_month: pad2(parseMonth(c.expiration_month)),
    expiration_year: pad2(parseYear(c.expiration_year)),
    cvv2: String(c.cvv2).trim(),
    // defined in the literal, not assigned: no setter on Object.prototype sees it
    ...(c.address != null && { address: normalizeAddress(c.address as Address) }),
  };
  return { valid: true, value, errors: [] };
}
