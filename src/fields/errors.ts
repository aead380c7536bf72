import type { CardField } from '../card/types';
import type { PayTokenError } from '../errors/base';
import { errorCodeOf } from '../errors/codes';

/** API error codes that concern one card field (spec, Errors): 2004 the PAN, 2005 the expiry, 2006 and 2009 the CVV2. */
export const API_ERROR_FIELDS: Readonly<Record<string, CardField>> = {
  2004: 'card_number',
  2005: 'expiration_year',
  2006: 'cvv2',
  2009: 'cvv2',
};

/**
 * The message code of a failed tokenization: `<field>.<rule>` for a local rule (a `ValidationError`), else the
 * spec error code as a string (see `errorCodeOf`: the API's own, 1002 for a configuration error, 1004 when no
 * answer came). Codes are what `formMessage` looks up.
 */
export const submitErrorCode = (error: PayTokenError): string => {
  const e = error as PayTokenError & { field?: string; rule?: string; error_code?: number };
  return error.type === 'validation' ? `${e.field}.${e.rule}` : String(errorCodeOf(e));
};

/**
 * The key, among a layout's field keys, that shows an error about a spec card field: the field itself, or the
 * combined `expiry` input for `expiration_month` and `expiration_year`. Layouts: a combined `MM/YY` or separate
 * month and year inputs, with the holder name in the layout or kept elsewhere (then undefined for it).
 *
 * @param field a spec field name (`card_number`, `expiration_year`, ...), or undefined.
 * @param keys the layout's field keys.
 * @returns the key, or undefined when the layout has no input for it.
 */
export const layoutField = (field: string | undefined, keys: readonly string[]): string | undefined =>
  field && keys.includes(field) ? field : field?.startsWith('exp') && keys.includes('expiry') ? 'expiry' : undefined;

/**
 * The key that shows an API error code, among a layout's keys (see {@link layoutField}): 2004 the card number,
 * 2005 the year (or the combined expiry), 2006 and 2009 the CVV2; undefined when the code concerns no field of
 * the layout (it is then shown for the whole form or card).
 */
export const apiErrorField = (code: string, keys: readonly string[]): string | undefined => layoutField(API_ERROR_FIELDS[code], keys);
