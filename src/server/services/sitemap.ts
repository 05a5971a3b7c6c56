import { desc, eq, sql } from 'drizzle-orm';
import type { Context } from '../context.ts';
import { datasets, users } from '../db/schema.ts';
import { listed } from './datasets/rows.ts';

export type SitemapEntries = {
  /** Public datasets, newest first. */
  datasets: { id: number; updated_at: string }[];
  /** Active users (their public profiles), oldest first. */
  users: { id: number }[];
};

/**
 * What the sitemap lists from the database: at most `limit` rows in all, public datasets first
 * (private ones never), then active users. Two index-backed reads of ids and dates only.
 */
export async function sitemapEntries(ctx: Context, limit: number): Promise<SitemapEntries> {
  const datasetRows =
    limit > 0
      ? await ctx.db
          .select({ id: datasets.id, updatedAt: datasets.updatedAt })
          .from(datasets)
          .where(listed)
          // matches datasets_public_created_idx (listed, created_at desc nulls last, id desc)
          .orderBy(sql`${datasets.createdAt} desc nulls last`, desc(datasets.id))
          .limit(limit)
      : [];
  const userLimit = limit - datasetRows.length;
  const userRows =
    userLimit > 0
      ? await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.isActive, true))
          .orderBy(users.id)
          .limit(userLimit)
      : [];
  return {
    datasets: datasetRows.map((d) => ({ id: d.id, updated_at: d.updatedAt.toISOString() })),
    users: userRows,
  };
}
