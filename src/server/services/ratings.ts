import { and, eq, sql } from 'drizzle-orm';
import type { RatingResponse } from '../../contracts/community.ts';
import type { Context } from '../context.ts';
import { transactionRetried } from '../db/deadlock.ts';
import { datasets, ratings } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import { lockVisible, recount } from './dataset-counters.ts';
import { datasetNotFound, visibleTo, type ViewerId } from './datasets/rows.ts';

/**
 * Rates a dataset 1–5 for the caller; a new score replaces their old one. Owners cannot rate
 * their own dataset (403 CANNOT_RATE_OWN_DATASET); a dataset they may not see is 404.
 */
export async function rateDataset(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  score: number,
): Promise<RatingResponse> {
  return transactionRetried(ctx.db, async (tx) => {
    const dataset = await lockVisible(tx, datasetId, viewerId);
    if (dataset.ownerId === viewerId)
      throw forbidden('You cannot rate your own dataset', 'CANNOT_RATE_OWN_DATASET');
    await tx
      .insert(ratings)
      .values({ datasetId, userId: viewerId, score })
      .onConflictDoUpdate({
        target: [ratings.datasetId, ratings.userId],
        set: { score, updatedAt: sql`now()` },
      });
    return { score, ...(await recount(tx, datasetId, { ratings: true })) };
  });
}

/** The dataset's average and count, and the caller's own score (null when none, or a guest). */
export async function getRating(
  ctx: Context,
  viewerId: ViewerId,
  datasetId: number,
): Promise<RatingResponse> {
  const [row] = await ctx.db
    .select({
      averageScore: datasets.averageScore,
      ratingCount: datasets.ratingCount,
      score: ratings.score,
    })
    .from(datasets)
    .leftJoin(ratings, and(eq(ratings.datasetId, datasets.id), eq(ratings.userId, viewerId ?? 0)))
    .where(and(eq(datasets.id, datasetId), visibleTo(viewerId)));
  if (!row) throw datasetNotFound();
  return {
    score: row.score ?? null,
    average_score: row.averageScore,
    rating_count: row.ratingCount,
  };
}
