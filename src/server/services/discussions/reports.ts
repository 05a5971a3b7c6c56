import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportList } from '../../../contracts/discussions.ts';
import type { Context } from '../../context.ts';
import { commentReports, comments, discussions, users } from '../../db/schema.ts';
import { checkOwned } from '../datasets/rows.ts';
import { findComment } from './access.ts';
import { commentColumns, toComment } from './read.ts';

/** How many reports the owner's list shows, newest first. */
const REPORTS_SHOWN = 200;

/**
 * POST /comments/{id}/report: the caller reports a comment they see to the dataset's owner.
 * Reporting it again replaces the reason.
 */
export async function reportComment(ctx: Context, viewerId: number, id: number, reason: string) {
  await findComment(ctx.db, id, viewerId);
  await ctx.db
    .insert(commentReports)
    .values({ commentId: id, reporterId: viewerId, reason })
    .onConflictDoUpdate({
      target: [commentReports.commentId, commentReports.reporterId],
      set: { reason },
    });
}

const reporters = alias(users, 'reporters');

/** GET /datasets/{id}/reports: the reports of comments on the owner's dataset, newest first. */
export async function listReports(
  ctx: Context,
  viewerId: number,
  datasetId: number,
): Promise<ReportList> {
  await checkOwned(ctx.db, datasetId, viewerId);
  const rows = await ctx.db
    .select({
      ...commentColumns,
      title: discussions.title,
      reporter: { id: reporters.id, username: reporters.username, nickname: reporters.nickname },
      reason: commentReports.reason,
      reportedAt: commentReports.createdAt,
    })
    .from(commentReports)
    .innerJoin(comments, eq(comments.id, commentReports.commentId))
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .leftJoin(users, eq(users.id, comments.authorId))
    .leftJoin(reporters, eq(reporters.id, commentReports.reporterId))
    .where(eq(discussions.datasetId, datasetId))
    .orderBy(desc(commentReports.createdAt))
    .limit(REPORTS_SHOWN);
  return {
    reports: rows.map((r) => ({
      comment: toComment(r),
      discussion_title: r.title,
      reporter: r.reporter,
      reason: r.reason,
      created_at: r.reportedAt.toISOString(),
    })),
  };
}
