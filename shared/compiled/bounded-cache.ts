/**
 * A map that forgets its oldest entry once it holds `limit` entries. Compiled forms memoize per
 * action and per rule subset; a stream of distinct hostile inputs must not grow them without end.
 * @example const c = new BoundedCache<string, number>(2); c.set('a', 1); c.get('a') // 1
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): V {
    if (!this.map.has(key) && this.map.size >= this.limit) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, value);
    return value;
  }

  /** The cached value, or `make()`'s result stored under `key`. */
  getOrSet(key: K, make: () => V): V {
    const hit = this.map.get(key);
    return hit !== undefined || this.map.has(key) ? (hit as V) : this.set(key, make());
  }
}
