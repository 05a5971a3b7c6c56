import { and, count, eq, sql } from 'drizzle-orm';
import type { ProfileResponse } from '../../contracts/users.ts';
import type { Context } from '../context.ts';
import { datasets, follows } from '../db/schema.ts';
import { getUserRow, toPublicUser } from './users.ts';

/**
 * A user's public profile: the public user and counts anyone may see. Only public datasets
 * count, whoever asks (the owner's own private datasets are not part of the public profile).
 */
export async function getProfile(ctx: Context, userId: number): Promise<ProfileResponse> {
  const user = await getUserRow(ctx, userId);
  const [[followers], [following], [published]] = await Promise.all([
    ctx.db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId)),
    ctx.db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId)),
    ctx.db
      .select({
        n: count(),
        downloads: sql<string>`coalesce(sum(${datasets.downloadCount}), 0)`,
      })
      .from(datasets)
      .where(and(eq(datasets.ownerId, userId), eq(datasets.isPublic, true))),
  ]);
  return {
    user: toPublicUser(user),
    stats: {
      followers: followers?.n ?? 0,
      following: following?.n ?? 0,
      public_datasets: published?.n ?? 0,
      total_downloads: Number(published?.downloads ?? 0),
    },
  };
}
