import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LEADERBOARD_MIN_RATINGS,
  type DatasetLeaderboard,
  type DatasetLeaderboardQuery,
  type DatasetLeaderboardResponse,
  type UserLeaderboardQuery,
  type UserLeaderboardResponse,
} from '../../contracts/community.ts';
import type { DatasetSummary } from '../../contracts/datasets.ts';
import { HEAT_FORMAT, roundedAsShown, SCORE_FORMAT } from '../../lib/intl.ts';
import type { Context } from '../context.ts';
import { datasets, follows, users } from '../db/schema.ts';
import { listed, selectSummaries, toSummary } from './datasets/rows.ts';
import { publicUserColumns, toPublicUser } from './users.ts';

/** Competition ranks (1, 2, 2, 4): an entry shares the rank of the one before when equal. */
function ranked<T>(items: T[], valueOf: (item: T) => number) {
  let rank = 0;
  let previous: number | undefined;
  return items.map((item, index) => {
    const value = valueOf(item);
    if (value !== previous) rank = index + 1;
    previous = value;
    return { item, rank, value };
  });
}

const DATASET_BOARDS: Record<
  DatasetLeaderboard,
  { where: SQL[]; order: SQL[]; value: (d: DatasetSummary) => number }
> = {
  heat: {
    where: [],
    order: [sql`${datasets.heat} desc nulls last`, sql`${datasets.id} desc nulls last`],
    value: (d) => roundedAsShown(d.heat, HEAT_FORMAT),
  },
  downloads: {
    where: [],
    order: [sql`${datasets.downloadCount} desc nulls last`, sql`${datasets.id} desc nulls last`],
    value: (d) => d.download_count,
  },
  score: {
    where: [gte(datasets.ratingCount, LEADERBOARD_MIN_RATINGS)],
    order: [
      sql`${datasets.averageScore} desc nulls last`,
      sql`${datasets.ratingCount} desc`,
      sql`${datasets.id} desc nulls last`,
    ],
    value: (d) => roundedAsShown(d.average_score, SCORE_FORMAT),
  },
};

/**
 * The top public datasets by heat, downloads or average score. The score board only lists
 * datasets with at least LEADERBOARD_MIN_RATINGS ratings (one 5-star rating is not a champion).
 * A board's value is its figure as /leaderboard shows it (heat to three significant digits, a
 * score to one decimal) and ranks go by it: two rows that read the same share a rank.
 */
export async function datasetLeaderboard(
  ctx: Context,
  input: DatasetLeaderboardQuery,
): Promise<DatasetLeaderboardResponse> {
  const board = DATASET_BOARDS[input.by];
  const rows = await selectSummaries(ctx.db)
    .where(and(listed, ...board.where))
    .orderBy(...board.order)
    .limit(input.limit);
  const summaries = rows.map((r) => toSummary(r, null));
  return {
    by: input.by,
    entries: ranked(summaries, board.value).map(({ item, rank, value }) => ({
      rank,
      dataset: item,
      value,
    })),
  };
}

/**
 * The top active users by followers or by total downloads of their public datasets. Only users
 * with a value above zero are listed.
 */
export async function userLeaderboard(
  ctx: Context,
  input: UserLeaderboardQuery,
): Promise<UserLeaderboardResponse> {
  const rows =
    input.by === 'followers'
      ? await byFollowers(ctx, input.limit)
      : await byDownloads(ctx, input.limit);
  return {
    by: input.by,
    entries: ranked(rows, (r) => r.value).map(({ item, rank, value }) => ({
      rank,
      user: toPublicUser(item.user),
      value,
    })),
  };
}

/** Followers are counted while active, as the profile and the follower list count them. */
function byFollowers(ctx: Context, limit: number) {
  const value = sql<number>`count(*)`.mapWith(Number);
  const follower = alias(users, 'follower');
  return ctx.db
    .select({ user: publicUserColumns, value })
    .from(users)
    .innerJoin(follows, eq(follows.followeeId, users.id))
    .innerJoin(follower, and(eq(follower.id, follows.followerId), eq(follower.isActive, true)))
    .where(eq(users.isActive, true))
    .groupBy(users.id)
    .orderBy(sql`${value} desc`, users.id)
    .limit(limit);
}

function byDownloads(ctx: Context, limit: number) {
  const value = sql<number>`sum(${datasets.downloadCount})`.mapWith(Number);
  return ctx.db
    .select({ user: publicUserColumns, value })
    .from(users)
    .innerJoin(datasets, and(eq(datasets.ownerId, users.id), listed))
    .where(eq(users.isActive, true))
    .groupBy(users.id)
    .having(sql`${value} > 0`)
    .orderBy(sql`${value} desc`, users.id)
    .limit(limit);
}
