/**
 * The browser's response caches (expiring-cache.ts): users (5-minute life, 100 entries) and datasets
 * (10-minute life, 200 entries); expired entries are swept every 60 s once a cache is used in
 * the browser. Offers the generic `cached(cache, key, load)` plus `cachedUser`, `cachedDataset`,
 * `cachedDatasetList`, and the invalidation rules: `clearAllCaches()` (creating or forking a
 * dataset, signing out) and `invalidateDataset(id)` (update, delete, new version: drops the
 * dataset's entries and every list entry). Concurrent loads of one key share one request.
 */
import { ExpiringCache } from './expiring-cache.ts';
import {
  CACHE_SWEEP_INTERVAL_MS,
  DATASET_CACHE_MAX,
  DATASET_CACHE_TTL_MS,
  USER_CACHE_MAX,
  USER_CACHE_TTL_MS,
} from './constants.ts';

export type CacheName = 'users' | 'datasets';

/** Values are boxed so that null answers can be cached too. */
type Box = { value: unknown };

const caches: Record<CacheName, ExpiringCache<Box>> = {
  users: new ExpiringCache<Box>({ max: USER_CACHE_MAX, ttl: USER_CACHE_TTL_MS }),
  datasets: new ExpiringCache<Box>({ max: DATASET_CACHE_MAX, ttl: DATASET_CACHE_TTL_MS }),
};

/** Bumped on every invalidation, so a load that started before it is not stored. */
const generations: Record<CacheName, number> = { users: 0, datasets: 0 };
const pending = new Map<string, Promise<unknown>>();

let sweeper: ReturnType<typeof setInterval> | undefined;

/** Drops expired entries of both caches (runs every 60 s in the browser). */
export function sweepExpired(): void {
  for (const cache of Object.values(caches)) cache.purgeStale();
}

function startSweeper(): void {
  if (sweeper !== undefined || typeof window === 'undefined') return;
  sweeper = setInterval(sweepExpired, CACHE_SWEEP_INTERVAL_MS);
}

/** The cached value of `key`, or the result of `load()` (stored on success; errors are not). */
export async function cached<T>(name: CacheName, key: string, load: () => Promise<T>): Promise<T> {
  startSweeper();
  const cache = caches[name];
  const hit = cache.get(key);
  if (hit) return hit.value as T;

  const pendingKey = `${name} ${key}`;
  const inFlight = pending.get(pendingKey);
  if (inFlight) return inFlight as Promise<T>;

  const generation = generations[name];
  const request = load()
    .then((value) => {
      if (generations[name] === generation) cache.set(key, { value });
      return value;
    })
    .finally(() => {
      if (pending.get(pendingKey) === request) pending.delete(pendingKey);
    });
  pending.set(pendingKey, request);
  return request;
}

/** Entries held by a cache, expired ones included until the next sweep (debug page, tests). */
export const cacheSize = (name: CacheName): number => caches[name].size;

function forget(name: CacheName, matches: (key: string) => boolean): void {
  generations[name] += 1;
  for (const key of caches[name].keys()) if (matches(key)) caches[name].delete(key);
  for (const key of [...pending.keys()]) if (key.startsWith(`${name} `)) pending.delete(key);
}

/** Empties both caches. */
export function clearAllCaches(): void {
  forget('users', () => true);
  forget('datasets', () => true);
}

const userKey = (id: number | string, part: string) => `user:${id}:${part}`;
const datasetKey = (id: number | string) => `dataset:${id}`;
const LIST_PREFIX = 'list:';

/** A user's public data: `part` names the call ('user', 'profile'). */
export const cachedUser = <T>(id: number | string, part: string, load: () => Promise<T>) =>
  cached('users', userKey(id, part), load);

/** Drops every cached entry about one user (after a profile update). */
export function invalidateUser(id: number | string): void {
  const prefix = `user:${id}:`;
  forget('users', (key) => key.startsWith(prefix));
}

/** One dataset's data: `part` names the call ('' for the dataset itself, 'versions', …). */
export const cachedDataset = <T>(id: number | string, part: string, load: () => Promise<T>) =>
  cached('datasets', part ? `${datasetKey(id)}:${part}` : datasetKey(id), load);

/** A list or search of datasets, keyed by its path and query string. */
export function cachedDatasetList<T>(
  path: string,
  query: Record<string, unknown>,
  load: () => Promise<T>,
): Promise<T> {
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join('&');
  return cached('datasets', `${LIST_PREFIX}${path}?${params}`, load);
}

/** Drops a dataset's own entries and every list entry (any list may contain it). */
export function invalidateDataset(id: number | string): void {
  const own = datasetKey(id);
  forget(
    'datasets',
    (key) => key === own || key.startsWith(`${own}:`) || key.startsWith(LIST_PREFIX),
  );
}
