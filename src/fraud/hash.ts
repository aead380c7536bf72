/**
 * The visitor id's hash: 128-bit FNV-1a over the UTF-8 bytes of a canonical JSON encoding.
 *
 * Why FNV-1a 128 written here rather than a package: it is four lines with `BigInt` (about 100 bytes gzip,
 * where a 128-bit MurmurHash3 x64 port weighs 600+), it has published parameters and test vectors
 * (draft-eastlake-fnv, "The FNV Non-Cryptographic Hash Algorithm"), and its speed (about 0.2 µs per byte in
 * V8) is ample for the ~1 KB the signals encode to. It is not a cryptographic hash, and need not be: the visitor
 * id identifies a device configuration, it protects nothing, and the sandbox recomputes it from the signals.
 */

/** FNV-1a 128-bit prime, 2^88 + 2^8 + 0x3b (draft-eastlake-fnv, section 5); written so, it minifies shorter. */
const PRIME = 2n ** 88n + 315n;
/** FNV-1a 128-bit offset basis (draft-eastlake-fnv, section 5). */
const OFFSET = 0x6c62272e07bb014262b821756295c58dn;

/**
 * FNV-1a, 128 bits, of the UTF-8 encoding of `text`.
 * @returns 32 lowercase hex characters (e.g. `fnv1a128('a')` is `d228cb696f1a8caf78912b704e4a8964`).
 */
export function fnv1a128(text: string): string {
  let h = OFFSET;
  for (const byte of new TextEncoder().encode(text)) h = BigInt.asUintN(128, (h ^ BigInt(byte)) * PRIME);
  return h.toString(16).padStart(32, '0');
}

/**
 * Canonical JSON of a signals object: its members sorted by key (UTF-16 code units, the default `sort`), no
 * whitespace, values as `JSON.stringify` writes them (ECMAScript number formatting, `-0` as `0`, `null` for
 * `NaN`, `Infinity` and `undefined` in arrays; members whose value is `undefined` dropped).
 *
 * Signal values are never objects, only primitives and arrays of them (`Signals`; the sandbox refuses anything
 * else), and for such a flat object this is exactly the RFC 8785 (JSON Canonicalization Scheme) encoding. So
 * `canonical(v) === canonical(JSON.parse(JSON.stringify(v)))`: the sandbox, reading the JSON the browser sent,
 * gets the same text and so the same visitor id. (An object nested in a value would keep only members whose key
 * is also a top-level key: `JSON.stringify`'s array replacer is an allow-list at every depth.)
 */
export const canonical = (signals: object): string => JSON.stringify(signals, Object.keys(signals).sort());

/**
 * The visitor id of some signals: {@link fnv1a128} of their {@link canonical} encoding, 32 hex characters.
 * Insertion order does not matter; any changed value changes the id.
 */
export const visitorId = (signals: object): string => fnv1a128(canonical(signals));
