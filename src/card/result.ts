import type { CardField, FieldResult, Reason } from './types';

/** A passing result for `field`. */
export const pass = (field: CardField): FieldResult => ({ field, valid: true, potentiallyValid: true });

/** A failing result for `field`; `potentiallyValid` says whether typing more could still make it pass. */
export const fail = (field: CardField, reason: Reason, potentiallyValid = false): FieldResult => ({
  field,
  valid: false,
  potentiallyValid,
  reason,
});

/** True for `null`, `undefined`, `''` and strings of white space only: a field left empty. */
export const blank = (v: unknown): boolean => v == null || (typeof v === 'string' && !v.trim());

/**
 * The checks every field starts with: `required` (blank; potentially valid) or `type` (neither a string nor,
 * when `numbers` is set, an integer). @returns that failure, or undefined when the value may go on.
 */
export const presence = (field: CardField, v: unknown, numbers?: boolean): FieldResult | undefined =>
  blank(v)
    ? fail(field, 'required', true)
    : typeof v === 'string' || (numbers && Number.isInteger(v))
      ? undefined
      : fail(field, 'type');

/**
 * A copy of `keys` of `o`, each read once: later checks and normalisation see one stable value. A read that
 * throws (a hostile getter, a revoked Proxy) gives NaN, a value every rule refuses as the wrong type, so
 * validators never throw whatever object they are given. The copy has no prototype, so a setter another script
 * put on `Object.prototype` (say for `card_number`) never sees the values written into it.
 */
export function pick(o: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const k of keys) {
    try {
      out[k] = (o as Record<string, unknown>)[k];
    } catch {
      out[k] = NaN;
    }
  }
  return out;
}
