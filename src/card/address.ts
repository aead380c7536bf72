import { pick } from './pick';
import { blank, fail, textRules } from './result';
import type { Address, CardField, FieldResult } from './types';

/** Address fields the spec requires, then the optional ones (spec, Address object). */
export const ADDRESS_FIELDS = ['line1', 'postal_code', 'state', 'city', 'country_code', 'line2', 'line3'] as const;

/**
 * Longest value of each address field, in code points after trimming (the spec's Address object gives no
 * maxima; these are the library's and the sandbox's choice, generous for any postal address).
 */
export const ADDRESS_MAX = { line: 100, city: 100, state: 100, postal_code: 16 } as const;

/**
 * The address as a plain object of its seven fields, each read once ({@link pick}); anything that is not a
 * non-array object is returned as it is (an object whose array check throws, a revoked Proxy, gives NaN).
 * Never throws.
 */
export function readAddress(address: unknown): unknown {
  try {
    return typeof address === 'object' && address !== null && !Array.isArray(address) ? pick(address, ADDRESS_FIELDS) : address;
  } catch {
    return NaN;
  }
}

/**
 * Validates a billing address against the spec's Address object: `line1`, `postal_code`, `state`, `city`
 * and `country_code` required non-blank strings; `line2`, `line3` optional strings; `country_code` two
 * letters (ISO 3166-1 alpha-2; case is not significant, the normalised value is upper case). Every field also
 * refuses control and bidirectional-control characters (`format`, see `UNSAFE_TEXT`) and values longer than
 * `ADDRESS_MAX` (src/card/address.ts) (`too_long`: lines, city and state 100 code points, postal_code 16).
 *
 * @param input the address object as given (may be anything).
 * @returns every failing field (`address` itself with `type` when not an object; `address.<name>` with
 *   `required`, `type`, `format` or `too_long`); an empty array when the address is valid. Never throws.
 */
export function validateAddress(input: unknown): FieldResult[] {
  const address = readAddress(input);
  if (typeof address !== 'object' || address === null || Array.isArray(address)) {
    return [fail('address', address == null ? 'required' : 'type')];
  }
  const a = address as Record<string, unknown>;
  const errors: FieldResult[] = [];
  ADDRESS_FIELDS.forEach((key, i) => {
    const field = `address.${key}` as CardField;
    const v = a[key];
    // the limits are ADDRESS_MAX's, written as literals so that no bundler keeps the object
    const r = blank(v)
      ? i < 5 && fail(field, 'required', true)
      : typeof v !== 'string'
        ? fail(field, 'type')
        : key === 'country_code'
          ? !/^[A-Za-z]{2}$/.test(v.trim()) && fail(field, 'format', /^[A-Za-z]?$/.test(v.trim()))
          : textRules(field, v, key === 'postal_code' ? 16 : 100);
    if (r) errors.push(r);
  });
  return errors;
}

/**
 * A valid address (see {@link validateAddress}) normalised for the API: every line trimmed, blank optional lines
 * dropped, `country_code` upper case. Used by `validateCard` and by the server-side schemas. The result has no
 * prototype, so a setter another script put on `Object.prototype` (say for `line1`) never sees the address.
 */
export function normalizeAddress(a: Address): Address {
  const out: Record<string, string> = Object.create(null);
  for (const key of ADDRESS_FIELDS) {
    const v = a[key]?.trim();
    if (v) out[key] = key === 'country_code' ? v.toUpperCase() : v;
  }
  return out as unknown as Address;
}
