import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RatingOrder, RatingResponse } from '../../contracts/community.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { transactionRetried } from '../db/deadlock.ts';
import { datasets, ratings } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import { announce } from './activity.ts';
import { lockVisible, recount } from './dataset-counters.ts';
import { datasetNotFound, visibleTo, type ViewerId } from './datasets/rows.ts';

/**
 * Rates a dataset 1–5 for the caller; a new score replaces their old one, unless `order` says it
 * was sent before the stored score from the same page (it then changes nothing and the stored
 * score answers). Owners cannot rate their own dataset (403 CANNOT_RATE_OWN_DATASET); a dataset
 * they may not see is 404. Saves of one dataset run one after another (`lockVisible`).
 */
export async function rateDataset(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  score: number,
  order?: RatingOrder,
): Promise<RatingResponse> {
  let saved = false;
  const answer = await transactionRetried(ctx.db, async (tx) => {
    saved = false;
    const dataset = await lockVisible(tx, datasetId, viewerId);
    if (dataset.ownerId === viewerId)
      throw forbidden('You cannot rate your own dataset', 'CANNOT_RATE_OWN_DATASET');
    const placed = { pageId: order?.page ?? null, sequence: order?.sequence ?? null };
    const [row] = await tx
      .insert(ratings)
      .values({ datasetId, userId: viewerId, score, ...placed })
      .onConflictDoUpdate({
        target: [ratings.datasetId, ratings.userId],
        set: { score, ...placed, updatedAt: sql`now()` },
        ...(order && {
          setWhere: sql`${ratings.pageId} is distinct from ${order.page} or ${ratings.sequence} < ${order.sequence}`,
        }),
      })
      .returning({ score: ratings.score });
    // Sent before the stored score from the same page: that score answers (the dataset is locked).
    if (!row) return (await readRating(tx, datasetId, viewerId))!;
    saved = true;
    return { score, ...(await recount(tx, datasetId, { ratings: true })) };
  });
  if (saved) await announce(ctx, { kind: 'dataset.rated', actorId: viewerId, datasetId, score });
  return answer;
}

/**
 * The dataset's average and count and the caller's own score (null when none, or a guest);
 * undefined when no dataset `where` allows has that id.
 */
async function readRating(
  db: Db,
  datasetId: number,
  viewerId: ViewerId,
  where?: SQL,
): Promise<RatingResponse | undefined> {
  const [row] = await db
    .select({
      averageScore: datasets.averageScore,
      ratingCount: datasets.ratingCount,
      score: ratings.score,
    })
    .from(datasets)
    .leftJoin(ratings, and(eq(ratings.datasetId, datasets.id), eq(ratings.userId, viewerId ?? 0)))
    .where(and(eq(datasets.id, datasetId), where));
  return (
    row && {
      score: row.score ?? null,
      average_score: row.averageScore,
      rating_count: row.ratingCount,
    }
  );
}

/** The dataset's average and count, and the caller's own score (null when none, or a guest). */
export async function getRating(
  ctx: Context,
  viewerId: ViewerId,
  datasetId: number,
): Promise<RatingResponse> {
  const rating = await readRating(ctx.db, datasetId, viewerId, visibleTo(viewerId));
  if (!rating) throw datasetNotFound();
  return rating;
}
