/**
 * A small least-recently-used map whose entries expire `ttl` ms after they were stored (alive at
 * exactly `ttl`, gone after): the browser's response caches (cache.ts), without shipping
 * lru-cache (about 6 KB gzip) to every page with an island. Reading an entry makes it the most
 * recent; storing one past `max` drops the least recently used. An expired entry is never
 * answered; it stays counted in `size` until `purgeStale()` drops it (or a read finds it).
 */
type Entry<V> = { value: V; expires: number };

export type ExpiringCacheOptions = {
  max: number;
  ttl: number;
  /** The clock in ms, asked on every call (default `performance.now()`). */
  now?: () => number;
};

export class ExpiringCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #max: number;
  readonly #ttl: number;
  readonly #now: () => number;

  constructor({ max, ttl, now = () => performance.now() }: ExpiringCacheOptions) {
    this.#max = max;
    this.#ttl = ttl;
    this.#now = now;
  }

  /** Entries held, expired ones included until they are purged. */
  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires < this.#now()) return undefined;
    // A Map keeps insertion order: re-inserting makes the entry the most recently used.
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + this.#ttl });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#max) break;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }

  /** Drops every expired entry. */
  purgeStale(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (entry.expires < now) this.#entries.delete(key);
  }
}
