import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { datasets, favorites, ratings, watches } from '../db/schema.ts';
import { lockCaller } from './accounts.ts';
import { datasetNotFound, visibleTo } from './datasets/rows.ts';
import { heatOf } from './datasets/heat.ts';

/**
 * A dataset's rating, favourite, fork and watch counters are recounted from their tables, never
 * incremented. Every change first locks the dataset row (`lockVisible`), so changes to one
 * dataset's counters run one after another and each recount sees the committed rows of the
 * ones before it: counters stay exact under concurrent requests.
 */

/**
 * Locks the caller's account (401 when it is gone, see `lockCaller`), then a dataset they may
 * see, for a counter change in their name; 404 when they may not see it. The account comes
 * first, as in the account's deletion, so a rating or favourite racing it cannot be left out
 * of its recount.
 */
export async function lockVisible(tx: Db, id: number, viewerId: number) {
  await lockCaller(tx, viewerId);
  const [row] = await tx
    .select({
      id: datasets.id,
      ownerId: datasets.ownerId,
      isPublic: datasets.isPublic,
      allowFork: datasets.allowFork,
    })
    .from(datasets)
    .where(and(eq(datasets.id, id), visibleTo(viewerId)))
    .for('no key update');
  if (!row) throw datasetNotFound();
  return row;
}

/** Locks a dataset whatever its visibility (e.g. to remove one's own favourite of it). */
export async function lockAny(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: datasets.id })
    .from(datasets)
    .where(eq(datasets.id, id))
    .for('no key update');
  return rows.length > 0;
}

/** Which of a dataset's counters a recount rewrites. */
type Counted = { ratings?: boolean; favorites?: boolean; forks?: boolean; watches?: boolean };

/**
 * Recounts the `counted` counters of a dataset, and heat, in one update: a second update of a
 * row the transaction already changed makes PostgreSQL check its owner again (see `heatOf`), a
 * key-share lock on the owner's account that deadlocks with that account's deletion.
 * fork_count counts every dataset forked from it, private forks included.
 */
export async function recount(tx: Db, id: number, counted: Counted) {
  const ratingCount = sql<number>`(select count(*) from ${ratings} where ${ratings.datasetId} = ${id})`;
  const averageScore = sql<number>`coalesce((select avg(${ratings.score}) from ${ratings} where ${ratings.datasetId} = ${id}), 0)`;
  const favoriteCount = sql<number>`(select count(*) from ${favorites} where ${favorites.datasetId} = ${id})`;
  const forkCount = sql<number>`(select count(*) from ${datasets} as forks where forks.forked_from_id = ${id})`;
  const watchCount = sql<number>`(select count(*) from ${watches} where ${watches.datasetId} = ${id})`;
  const [row] = await tx
    .update(datasets)
    .set({
      ...(counted.ratings ? { ratingCount, averageScore } : {}),
      ...(counted.favorites ? { favoriteCount } : {}),
      ...(counted.forks ? { forkCount } : {}),
      ...(counted.watches ? { watchCount } : {}),
      heat: heatOf({
        ...(counted.ratings ? { ratings: ratingCount, average: averageScore } : {}),
        ...(counted.favorites ? { favorites: favoriteCount } : {}),
        ...(counted.forks ? { forks: forkCount } : {}),
      }),
    })
    .where(eq(datasets.id, id))
    .returning({ averageScore: datasets.averageScore, ratingCount: datasets.ratingCount });
  return { average_score: row?.averageScore ?? 0, rating_count: row?.ratingCount ?? 0 };
}
