import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { datasets, favorites, ratings } from '../db/schema.ts';
import { lockCaller } from './accounts.ts';
import { datasetNotFound, visibleTo } from './datasets/rows.ts';
import { heatOf } from './datasets/heat.ts';

/**
 * A dataset's rating, favourite and fork counters are recounted from their tables, never
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

/** Recounts rating_count and average_score, and heat in the same update (see `heatOf`). */
export async function recountRatings(tx: Db, id: number) {
  const count = sql`(select count(*) from ${ratings} where ${ratings.datasetId} = ${id})`;
  const average = sql`coalesce((select avg(${ratings.score}) from ${ratings} where ${ratings.datasetId} = ${id}), 0)`;
  const [row] = await tx
    .update(datasets)
    .set({
      ratingCount: count,
      averageScore: average,
      heat: heatOf({ ratings: count, average }),
    })
    .where(eq(datasets.id, id))
    .returning({ averageScore: datasets.averageScore, ratingCount: datasets.ratingCount });
  return { average_score: row?.averageScore ?? 0, rating_count: row?.ratingCount ?? 0 };
}

/** Recounts favorite_count, and heat in the same update. */
export async function recountFavorites(tx: Db, id: number): Promise<void> {
  const count = sql`(select count(*) from ${favorites} where ${favorites.datasetId} = ${id})`;
  await tx
    .update(datasets)
    .set({ favoriteCount: count, heat: heatOf({ favorites: count }) })
    .where(eq(datasets.id, id));
}

/**
 * Recounts fork_count (every dataset forked from it, private forks included), and heat in the
 * same update.
 */
export async function recountForks(tx: Db, id: number): Promise<void> {
  const count = sql`(select count(*) from ${datasets} as forks where forks.forked_from_id = ${id})`;
  await tx
    .update(datasets)
    .set({ forkCount: count, heat: heatOf({ forks: count }) })
    .where(eq(datasets.id, id));
}
