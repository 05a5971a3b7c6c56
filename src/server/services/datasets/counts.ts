import { count, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';

/**
 * Totals of list and search answers, kept for a few seconds. Counting 90,000 public datasets
 * costs more than reading a page of them (an index-only scan of every row, against an index
 * scan of 20), so a list would spend most of its time on `total`. A page is always read fresh;
 * only its `total` (and the stats) may lag behind other processes' writes by up to COUNT_TTL_MS.
 * This process's own creates, updates and deletes clear the cache at once (`forgetCounts`).
 * The same cache keeps the other per-filter reads that cost a pass over the matches: a list's
 * landmarks (landmarks.ts) and a search's ranked window (search-window.ts).
 */
const COUNT_TTL_MS = 10_000;

type Load = () => Promise<unknown>;
type Cache = LRUCache<string, NonNullable<unknown>, Load>;
const caches = new WeakMap<Db, Cache>();
const dialect = new PgDialect();

/** A transaction's statements read and fill its database's cache (bounded.ts). */
const rootOf = new WeakMap<Db, Db>();

/** Lets `tx`, a transaction of `db`, share `db`'s cached totals. */
export function shareCounts(tx: Db, db: Db): void {
  rootOf.set(tx, rootOf.get(db) ?? db);
}

function cacheOf(tx: Db): Cache {
  const db = rootOf.get(tx) ?? tx;
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, NonNullable<unknown>, Load>({
      max: 1000,
      ttl: COUNT_TTL_MS,
      // Concurrent misses of one key share one count.
      fetchMethod: async (_key, _stale, { context }) => (await context()) ?? undefined,
    });
    caches.set(db, cache);
  }
  return cache;
}

const keyText = (key: SQL | string) =>
  typeof key === 'string' ? key : JSON.stringify(dialect.sqlToQuery(key));

/** The total for `key` (a name, or the WHERE clause counted) from the cache, else from `load`. */
export async function cachedTotal<T>(
  db: Db,
  key: SQL | string,
  load: () => Promise<T>,
): Promise<T> {
  const text = keyText(key);
  const status: LRUCache.Status<string, NonNullable<unknown>, Load> = {};
  try {
    const value = await cacheOf(db).fetch(text, { context: load, status });
    return value === undefined ? load() : (value as T);
  } catch (error) {
    // A write cleared the cache while this (or the reading this one joined) was under way:
    // read it again, uncached.
    if (status.fetchAborted || status.fetch === 'inflight') return load();
    throw error;
  }
}

/** The total kept for `key`, or undefined when none is (nor being read). */
export function keptTotal<T>(db: Db, key: SQL | string): T | undefined {
  const cache = caches.get(rootOf.get(db) ?? db);
  return cache?.peek(keyText(key)) as T | undefined;
}

/** Drops every cached total: call it after a dataset is created, changed or deleted. */
export function forgetCounts(db: Db): void {
  caches.get(db)?.clear();
}

/** `select count(*)` of the datasets matching `where`, reading at most `max` of them. */
export const countUpTo = (db: Db, where: SQL | undefined, max: number) =>
  db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(datasets)
      .where(where)
      .limit(max)
      .as('capped'),
  );
