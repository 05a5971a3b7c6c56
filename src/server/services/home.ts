import type { DatasetStats, DatasetSummary } from '../../contracts/datasets.ts';
import type { Context } from '../context.ts';
import { datasetStats, listDatasets } from './datasets/browse.ts';

/** Datasets in each of the home page's lists. */
export const HOME_LIST_SIZE = 6;
/** How long the home page's reads are reused (the page itself is sent with max-age=60). */
export const HOME_CACHE_MS = 30_000;

/** What the home page shows from the database, as a guest sees it. */
export type HomeSnapshot = {
  stats: DatasetStats;
  /** By heat, highest first. */
  trending: DatasetSummary[];
  /** By creation, newest first. */
  newest: DatasetSummary[];
};

/** A failed stats read quietly counts 0: the stats lookup's rule (docs/browser-client.md). */
async function statsOrZero(ctx: Context): Promise<{ stats: DatasetStats; ok: boolean }> {
  try {
    return { stats: await datasetStats(ctx), ok: true };
  } catch {
    return { stats: { total_datasets: 0, total_downloads: 0 }, ok: false };
  }
}

/**
 * The home page's reads, shared by every visitor for HOME_CACHE_MS (in this process) or until
 * `invalidate` (every write through the API). One read runs at a time: visitors arriving while
 * it runs wait for it. A snapshot whose stats failed is
 * not kept, so the next visitor tries again; a failed list read is an error (the page's 500).
 */
export function homeReads(ctx: Context, now: () => number = Date.now) {
  let cached: { at: number; snapshot: HomeSnapshot } | null = null;
  let pending: Promise<HomeSnapshot> | null = null;
  /** Bumped by `invalidate`: a read that a write overtook is neither kept nor shared. */
  let generation = 0;

  async function read(): Promise<HomeSnapshot> {
    const started = generation;
    const list = { offset: 0, limit: HOME_LIST_SIZE } as const;
    const [stats, trending, newest] = await Promise.all([
      statsOrZero(ctx),
      listDatasets(ctx, null, { ...list, sort: 'heat' }),
      listDatasets(ctx, null, { ...list, sort: 'recent' }),
    ]);
    const snapshot = { stats: stats.stats, trending: trending.datasets, newest: newest.datasets };
    if (started === generation) cached = stats.ok ? { at: now(), snapshot } : null;
    return snapshot;
  }

  const home = (): Promise<HomeSnapshot> => {
    if (cached && now() - cached.at < HOME_CACHE_MS) return Promise.resolve(cached.snapshot);
    const work = (pending ??= read().finally(() => {
      if (pending === work) pending = null;
    }));
    return work;
  };
  /** Forgets the snapshot (after any write: a dataset made private leaves the page at once). */
  home.invalidate = () => {
    generation++;
    cached = null;
    pending = null;
  };
  return home;
}
