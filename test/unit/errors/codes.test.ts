import { describe, expect, it } from 'vitest';
import { errorCodeFor, type FieldResult } from '../../../src/index';

type F = FieldResult['field'];
type R = NonNullable<FieldResult['reason']>;

describe('errorCodeFor: local rule -> spec error code and HTTP status', () => {
  it.each<{ field: F; reason: R; code: number; http: number }>([
    // 2004 Unprocessable Entity: Luhn
    { field: 'card_number', reason: 'luhn', code: 2004, http: 422 },
    // 2005 Bad Request: expiry before the current date, whichever field carries it
    { field: 'expiration_month', reason: 'expired', code: 2005, http: 400 },
    { field: 'expiration_year', reason: 'expired', code: 2005, http: 400 },
    // 2006 Bad Request: CVV2 not provided
    { field: 'cvv2', reason: 'required', code: 2006, http: 400 },
    // 2009 Precondition Failed: CVV2 invalid (wrong length for the brand)
    { field: 'cvv2', reason: 'length', code: 2009, http: 412 },
    // everything else: 1001 Bad Request
    { field: 'cvv2', reason: 'format', code: 1001, http: 400 },
    { field: 'cvv2', reason: 'type', code: 1001, http: 400 },
    { field: 'card_number', reason: 'required', code: 1001, http: 400 },
    { field: 'card_number', reason: 'type', code: 1001, http: 400 },
    { field: 'card_number', reason: 'format', code: 1001, http: 400 },
    { field: 'card_number', reason: 'length', code: 1001, http: 400 },
    { field: 'card_number', reason: 'brand', code: 1001, http: 400 },
    { field: 'holder_name', reason: 'required', code: 1001, http: 400 },
    { field: 'holder_name', reason: 'too_long', code: 1001, http: 400 },
    { field: 'holder_name', reason: 'type', code: 1001, http: 400 },
    { field: 'expiration_month', reason: 'format', code: 1001, http: 400 },
    { field: 'expiration_month', reason: 'required', code: 1001, http: 400 },
    { field: 'expiration_year', reason: 'format', code: 1001, http: 400 },
    { field: 'expiration_year', reason: 'too_far', code: 1001, http: 400 },
    { field: 'address', reason: 'type', code: 1001, http: 400 },
    { field: 'address.country_code', reason: 'format', code: 1001, http: 400 },
    { field: 'address.line1', reason: 'required', code: 1001, http: 400 },
    { field: 'token_id', reason: 'required', code: 1001, http: 400 },
    { field: 'device_session_id', reason: 'format', code: 1001, http: 400 },
  ])('$field/$reason -> [$code, $http]', ({ field, reason, code, http }) => {
    expect(errorCodeFor({ field, reason })).toStrictEqual([code, http]);
  });

  it('a passing result (no reason) maps to 1001, never to a card-specific code', () => {
    expect(errorCodeFor({ field: 'cvv2', reason: undefined })).toStrictEqual([1001, 400]);
  });

  it('every code it returns is in the spec Errors table with that HTTP status', () => {
    const SPEC: Record<number, number> = { 1001: 400, 2004: 422, 2005: 400, 2006: 400, 2009: 412 };
    const reasons: R[] = ['required', 'type', 'format', 'length', 'luhn', 'brand', 'expired', 'too_far', 'too_long'];
    const fields: F[] = ['card_number', 'holder_name', 'expiration_month', 'expiration_year', 'cvv2', 'address', 'address.city'];
    for (const field of fields) {
      for (const reason of reasons) {
        const [code, http] = errorCodeFor({ field, reason });
        expect(SPEC[code], `${field}/${reason}`).toBe(http);
      }
    }
  });
});
