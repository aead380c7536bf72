/**
 * A `Map` with a size cap and an optional time to live, for the demo merchant's in-memory state: a server reachable
 * by any page must not grow without bound (docs/security.md).
 *
 * - Cap: adding a new key to a full map first evicts the oldest entry (insertion order, which `Map` keeps).
 *   Replacing the value of an existing key evicts nothing and keeps its place.
 * - Time to live: an entry for which `expired(value)` is true is treated as absent: `get` and `has` delete it and
 *   answer undefined / false, and iteration (`values`, `entries`, `keys`, `forEach`, `for...of`) prunes every
 *   expired entry first. `size` counts entries not yet pruned.
 *
 * Every other `Map` method behaves as usual, so code written against `Map` keeps working.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  /** How many entries were evicted by the cap (not by expiry) since creation. */
  evicted = 0;

  /**
   * @param cap most entries kept (at least 1).
   * @param expired whether an entry's value has outlived its time to live; default: never.
   */
  constructor(
    readonly cap: number,
    readonly expired: (v: V) => boolean = () => false,
  ) {
    super();
    if (!(Number.isInteger(cap) && cap >= 1)) throw new RangeError(`cap must be an integer >= 1, got ${cap}`);
  }

  override set(key: K, value: V): this {
    if (!super.has(key)) {
      while (this.size >= this.cap) {
        super.delete(super.keys().next().value as K);
        this.evicted++;
      }
    }
    return super.set(key, value);
  }

  override get(key: K): V | undefined {
    const v = super.get(key);
    if (v !== undefined && this.expired(v)) {
      super.delete(key);
      return undefined;
    }
    return v;
  }

  override has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** Deletes every expired entry. */
  prune(): void {
    for (const [k, v] of super.entries()) if (this.expired(v)) super.delete(k);
  }

  override entries(): MapIterator<[K, V]> {
    this.prune();
    return super.entries();
  }

  override values(): MapIterator<V> {
    this.prune();
    return super.values();
  }

  override keys(): MapIterator<K> {
    this.prune();
    return super.keys();
  }

  override forEach(fn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.prune();
    super.forEach(fn, thisArg);
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
