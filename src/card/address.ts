import { blank, fail } from './result';
import type { CardField, FieldResult } from './types';

/** Address fields the spec requires, then the optional ones (spec, Address object). */
export const ADDRESS_FIELDS = ['line1', 'postal_code', 'state', 'city', 'country_code', 'line2', 'line3'] as const;

/**
 * Validates a billing address against the spec's Address object: `line1`, `postal_code`, `state`, `city`
 * and `country_code` required non-blank strings; `line2`, `line3` optional strings; `country_code` two
 * letters (ISO 3166-1 alpha-2; case is not significant, the normalised value is upper case).
 *
 * @param address the address object as given (may be anything).
 * @returns every failing field (`address` itself with `type` when not an object; `address.<name>` with
 *   `required`, `type` or `format`); an empty array when the address is valid. Never throws.
 */
export function validateAddress(address: unknown): FieldResult[] {
  if (typeof address !== 'object' || address === null || Array.isArray(address)) {
    return [fail('address', address == null ? 'required' : 'type')];
  }
  const a = address as Record<string, unknown>;
  const errors: FieldResult[] = [];
  ADDRESS_FIELDS.forEach((key, i) => {
    const field = `address.${key}` as CardField;
    const v = a[key];
    if (blank(v)) {
      if (i < 5) errors.push(fail(field, 'required', true));
    } else if (typeof v !== 'string') {
      errors.push(fail(field, 'type'));
    } else if (key === 'country_code' && !/^[A-Za-z]{2}$/.test(v.trim())) {
      errors.push(fail(field, 'format', /^[A-Za-z]?$/.test(v.trim())));
    }
  });
  return errors;
}
