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
