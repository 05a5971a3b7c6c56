import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ProfileResponse } from '../../contracts/users.ts';
import type { Context } from '../context.ts';
import { preparedPer } from '../db/prepared.ts';
import { datasets, follows, users } from '../db/schema.ts';
import { listed } from './datasets/rows.ts';
import { activeUserById, publicUserColumns, toPublicUser, userNotFound } from './users.ts';

const countOf = (query: ReturnType<typeof sql>) => sql`(${query})`.mapWith(Number);

const owned = and(eq(datasets.ownerId, users.id), listed);
/** Follows whose other side is an active user: the ones the follow lists list and count. */
const followCount = (mine: PgColumn, theirs: PgColumn) =>
  countOf(
    sql`select count(*) from ${follows} join ${users} as people on people.id = ${theirs}
      where ${mine} = ${users.id} and people.is_active`,
  );
const statements = preparedPer((db) => ({
  profile: db
    .select({
      ...publicUserColumns,
      followers: followCount(follows.followeeId, follows.followerId),
      following: followCount(follows.followerId, follows.followeeId),
      publicDatasets: countOf(sql`select count(*) from ${datasets} where ${owned}`),
      totalDownloads: countOf(
        sql`select coalesce(sum(${datasets.downloadCount}), 0) from ${datasets} where ${owned}`,
      ),
    })
    .from(users)
    .where(activeUserById)
    .prepare('user_profile'),
}));

/**
 * A user's public profile: the public user and counts anyone may see, read in one statement.
 * Followers and following count active users only, like the follow lists. Only public datasets
 * count, whoever asks (the owner's own private datasets are not part of the public profile).
 */
export async function getProfile(ctx: Context, userId: number): Promise<ProfileResponse> {
  const [row] = await statements(ctx.db).profile.execute({ id: userId });
  if (!row) throw userNotFound();
  return {
    user: toPublicUser(row),
    stats: {
      followers: row.followers,
      following: row.following,
      public_datasets: row.publicDatasets,
      total_downloads: row.totalDownloads,
    },
  };
}
