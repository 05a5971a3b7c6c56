import { and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Context } from '../context.ts';
import { blobs, datasets, datasetVersions, favorites, ratings, users } from '../db/schema.ts';
import { confirmPassword } from './accounts.ts';
import { getUserRow } from './users.ts';

/**
 * Deletes blob rows (and their stored content) among `shas` that no dataset version refers to
 * any more. Run after the transaction that removed the versions has committed.
 */
export async function reclaimUnusedBlobs(ctx: Context, shas: string[]): Promise<string[]> {
  if (shas.length === 0) return [];
  const gone = await ctx.db
    .delete(blobs)
    .where(
      and(
        inArray(blobs.sha256, shas),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(datasetVersions)
            .where(eq(datasetVersions.sha256, blobs.sha256)),
        ),
      ),
    )
    .returning({ sha256: blobs.sha256 });
  for (const { sha256 } of gone) {
    try {
      await ctx.blobs.delete(sha256);
    } catch {
      // The row is gone, so nothing refers to the file any more: a leftover file is only disk space.
    }
  }
  return gone.map((b) => b.sha256);
}

/**
 * Deletes the caller's account after checking their password: their own datasets (with
 * versions), then the user (sessions, OAuth links, follows, favourites and ratings cascade).
 * Counters of other datasets they rated, favourited or forked are recomputed in the same
 * transaction. Forks others made of their datasets stay, with no origin. Blobs left without
 * a version are reclaimed afterwards.
 */
export async function deleteAccount(
  ctx: Context,
  userId: number,
  input: { password: string; ip: string },
): Promise<void> {
  const user = await getUserRow(ctx, userId);
  await confirmPassword(ctx, user, input.password, input.ip);

  const shas = await ctx.db.transaction(async (db) => {
    const ownVersions = await db
      .selectDistinct({ sha256: datasetVersions.sha256 })
      .from(datasetVersions)
      .innerJoin(datasets, eq(datasets.id, datasetVersions.datasetId))
      .where(eq(datasets.ownerId, userId));
    const [rated, favourited, forkedFrom] = await Promise.all([
      db.select({ id: ratings.datasetId }).from(ratings).where(eq(ratings.userId, userId)),
      db.select({ id: favorites.datasetId }).from(favorites).where(eq(favorites.userId, userId)),
      db
        .select({ id: datasets.forkedFromId })
        .from(datasets)
        .where(and(eq(datasets.ownerId, userId), isNotNull(datasets.forkedFromId))),
    ]);

    await db.delete(datasets).where(eq(datasets.ownerId, userId));
    await db.delete(users).where(eq(users.id, userId));

    const touched = [
      ...new Set(
        [...rated, ...favourited, ...forkedFrom].map((r) => r.id).filter((id) => id !== null),
      ),
    ];
    if (touched.length > 0) {
      await db
        .update(datasets)
        .set({
          ratingCount: sql`(select count(*) from ${ratings} where ${ratings.datasetId} = ${datasets.id})`,
          averageScore: sql`coalesce((select avg(${ratings.score}) from ${ratings} where ${ratings.datasetId} = ${datasets.id}), 0)`,
          favoriteCount: sql`(select count(*) from ${favorites} where ${favorites.datasetId} = ${datasets.id})`,
          forkCount: sql`(select count(*) from ${datasets} as forks where forks.forked_from_id = ${datasets.id})`,
        })
        .where(inArray(datasets.id, touched));
    }
    return ownVersions.map((v) => v.sha256);
  });

  await reclaimUnusedBlobs(ctx, shas);
}
