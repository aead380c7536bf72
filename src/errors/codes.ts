import type { Reason } from '../card/types';

/**
 * The API error a failed card rule corresponds to (spec, Errors table): `luhn` 2004 (422), `expired` 2005
 * (400), a missing `cvv2` 2006 (400), a CVV2 of the wrong length for its brand 2009 (412); every other rule is
 * a malformed or missing field, 1001 (400).
 *
 * The sandbox answers with these codes and the library's local errors carry them, so a merchant maps one set
 * of codes whether the check ran in the browser or on the server.
 *
 * @param r a failed rule: any field name (card fields and others such as a charge's `amount`) and its reason.
 * @returns `[error_code, http_code]`.
 */
export function errorCodeFor(r: { field: string; reason?: Reason }): [number, number] {
  return r.reason === 'luhn'
    ? [2004, 422]
    : r.reason === 'expired'
      ? [2005, 400]
      : r.field === 'cvv2' && r.reason === 'required'
        ? [2006, 400]
        : r.field === 'cvv2' && r.reason === 'length'
          ? [2009, 412]
          : [1001, 400];
}

/**
 * The spec error code a failed call of the library stands for, for shoppers' messages and the script tag's
 * failure callback: an API error's own `error_code`; a local validation's code (see {@link errorCodeFor}); a
 * configuration error 1002 (spec, Errors: "the request is not authenticated"; no valid key or merchant id was
 * set); any other failure, with no HTTP answer (network, timeout), 1004 (service unavailable).
 * @param error a library error (`PayTokenError`): its `type` and, when it has one, its `error_code`.
 */
export const errorCodeOf = (error: { type: string; error_code?: number }): number =>
  error.error_code ?? (error.type === 'configuration' ? 1002 : 1004);
