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

/**
 * A plain copy of `keys` of `o`, each read once: later checks and normalisation see one stable value. A read
 * that throws (a hostile getter, a revoked Proxy) gives NaN, a value every rule refuses as the wrong type, so
 * validators never throw whatever object they are given.
 */
export function pick(o: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    try {
      out[k] = (o as Record<string, unknown>)[k];
    } catch {
      out[k] = NaN;
    }
  }
  return out;
}
