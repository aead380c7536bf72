import type { CardField } from '../card/types';
import { errorCodeOf } from '../errors/codes';
import type { PayTokenError } from '../errors/base';

/** API error codes that concern one card field (spec, Errors): 2004 the PAN, 2005 the expiry, 2006 and 2009 the CVV2. */
export const API_ERROR_FIELDS: Record<string, CardField> = { 2004: 'card_number', 2005: 'expiration_year', 2006: 'cvv2', 2009: 'cvv2' };

/**
 * The message code of a failed submit: `<field>.<rule>` for a local rule (a `ValidationError`), else the spec
 * error code as a string (see `errorCodeOf`: the API's own, 1002 for a configuration error, 1004 when no answer
 * came). Codes are what `formMessage` looks up.
 */
export const submitErrorCode = (error: PayTokenError): string => {
  const e = error as PayTokenError & { field?: string; rule?: string; error_code?: number };
  return error.type == 'validation' ? `${e.field}.${e.rule}` : String(errorCodeOf(e));
};

/**
 * The field an API error code concerns, among the keys a form has: its field from {@link API_ERROR_FIELDS}, or
 * the combined `expiry` field for an expiry error; undefined when the form has no such field (the error is then
 * shown for the whole form).
 */
export const apiErrorField = (code: string, keys: string[]): string | undefined => {
  const name = API_ERROR_FIELDS[code];
  return name && keys.includes(name) ? name : name?.startsWith('exp') && keys.includes('expiry') ? 'expiry' : undefined;
};
