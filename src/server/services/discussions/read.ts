import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type {
  Comment,
  Discussion,
  DiscussionList,
  DiscussionSummary,
} from '../../../contracts/discussions.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { comments, datasets, discussions, users } from '../../db/schema.ts';
import { nullIfNotFound } from '../../errors.ts';
import { renderMarkdown } from '../../markdown.ts';
import { findVisible, type ViewerId } from '../datasets/rows.ts';
import { authorColumns, commentVisibleTo, findThread, threadVisibleTo } from './access.ts';

type Author = { id: number; username: string; nickname: string } | null;

const summaryColumns = {
  id: discussions.id,
  datasetId: discussions.datasetId,
  title: discussions.title,
  state: discussions.state,
  locked: discussions.locked,
  hidden: discussions.hidden,
  commentCount: discussions.commentCount,
  createdAt: discussions.createdAt,
  updatedAt: discussions.updatedAt,
  author: authorColumns,
};
type SummaryRow = Pick<
  typeof discussions.$inferSelect,
  Exclude<keyof typeof summaryColumns, 'author'>
> & { author: Author };

const toSummary = (row: SummaryRow): DiscussionSummary => ({
  id: row.id,
  dataset_id: row.datasetId,
  title: row.title,
  author: row.author,
  state: row.state,
  locked: row.locked,
  hidden: row.hidden,
  comment_count: row.commentCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** GET /datasets/{id}/discussions: a page of the threads the viewer sees, newest first. */
export async function listDiscussions(
  ctx: Context,
  datasetId: number,
  viewerId: ViewerId,
  page: { offset: number; limit: number },
): Promise<DiscussionList> {
  await findVisible(ctx.db, datasetId, viewerId);
  const where = and(
    eq(discussions.datasetId, datasetId),
    eq(discussions.kind, 'thread'),
    threadVisibleTo(viewerId),
  );
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(discussions)
      .innerJoin(datasets, eq(datasets.id, discussions.datasetId))
      .leftJoin(users, eq(users.id, discussions.authorId))
      .where(where)
      .orderBy(desc(discussions.createdAt), desc(discussions.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({
        total: count(),
        open: sql<number>`(count(*) filter (where ${discussions.state} = 'open' and not ${discussions.hidden}))::int`,
      })
      .from(discussions)
      .innerJoin(datasets, eq(datasets.id, discussions.datasetId))
      .where(where),
  ]);
  return {
    discussions: rows.map(toSummary),
    total: totals?.total ?? 0,
    open_count: totals?.open ?? 0,
    ...page,
  };
}

/** A comment as the API answers it, its body rendered by the dataset card's renderer. */
export function toComment(row: {
  id: number;
  discussionId: number;
  author: Author;
  body: string;
  hidden: boolean;
  createdAt: Date;
  updatedAt: Date;
}): Comment {
  return {
    id: row.id,
    discussion_id: row.discussionId,
    author: row.author,
    body: row.body,
    body_html: renderMarkdown(row.body),
    hidden: row.hidden,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const commentColumns = {
  id: comments.id,
  discussionId: comments.discussionId,
  author: authorColumns,
  body: comments.body,
  hidden: comments.hidden,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

/** One comment by id, for the answer to its write. */
export async function readComment(db: Db, id: number): Promise<Comment> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, id));
  return toComment(row!);
}

/**
 * GET /discussions/{id}: the thread with its replies, oldest first; hidden ones only for the
 * dataset's owner and their author (marked `hidden`). 404 when the viewer may not see it.
 */
export async function getDiscussion(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
): Promise<Discussion> {
  const thread = await findThread(ctx.db, id, viewerId);
  const [[row], replies] = await Promise.all([
    ctx.db
      .select({ ...summaryColumns, body: discussions.body })
      .from(discussions)
      .leftJoin(users, eq(users.id, discussions.authorId))
      .where(eq(discussions.id, id)),
    ctx.db
      .select(commentColumns)
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(eq(comments.discussionId, id), commentVisibleTo(viewerId, thread.ownerId)))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
  ]);
  if (!row) throw new Error(`discussion ${id} vanished`);
  return {
    ...toSummary(row),
    body: row.body,
    body_html: renderMarkdown(row.body),
    comments: replies.map(toComment),
  };
}

/**
 * Discussion reads for SSR pages, as a guest sees them (public datasets, no hidden threads or
 * replies); null when there is nothing a guest may see.
 */
export function discussionSiteReads(ctx: Context) {
  return {
    /** The first page of a dataset's threads (up to 100), newest first. */
    list: (datasetId: number) =>
      nullIfNotFound(listDiscussions(ctx, datasetId, null, { offset: 0, limit: 100 })),
    /** A thread with its replies and its dataset's name. */
    thread: (id: number) =>
      nullIfNotFound(
        getDiscussion(ctx, id, null).then(async (thread) => {
          const dataset = await findVisible(ctx.db, thread.dataset_id, null);
          return {
            thread,
            dataset: { id: dataset.id, name: dataset.name, ownerId: dataset.ownerId },
          };
        }),
      ),
  };
}
