import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, datasets, discussions, users } from '../../db/schema.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { visibleTo, type ViewerId } from '../datasets/rows.ts';

const discussionNotFound = () => notFound('Discussion', 'DISCUSSION_NOT_FOUND');
const commentNotFound = () => notFound('Comment', 'COMMENT_NOT_FOUND');
export const notAuthor = () => forbidden('Only its author may change or delete this', 'NOT_AUTHOR');
export const notOwner = () =>
  forbidden("Only the dataset's owner may close, lock or hide", 'NOT_DATASET_OWNER');
/** 409 PROPOSAL_THREAD: a proposal's thread changes with its proposal (docs/proposals.md). */
export const proposalThread = () =>
  new AppError(
    409,
    'PROPOSAL_THREAD',
    "This is a proposal's comment thread: change or close the proposal itself",
  );
export const discussionLocked = () =>
  new AppError(403, 'DISCUSSION_LOCKED', 'This discussion is locked: it takes no more replies');

/** The columns a comment or thread's author is shown by. */
export const authorColumns = { id: users.id, username: users.username, nickname: users.nickname };

/**
 * Threads the viewer may see: of a dataset they may see, and not hidden unless they own the
 * dataset or started the thread.
 */
export function threadVisibleTo(viewerId: ViewerId): SQL {
  const dataset = visibleTo(viewerId);
  if (viewerId === null) return and(dataset, eq(discussions.hidden, false)) as SQL;
  return and(
    dataset,
    or(
      eq(discussions.hidden, false),
      eq(datasets.ownerId, viewerId),
      eq(discussions.authorId, viewerId),
    ),
  ) as SQL;
}

/** Comments the viewer may see in a thread they see: not hidden, unless owner or author. */
export function commentVisibleTo(viewerId: ViewerId, ownerId: number | null): SQL | undefined {
  if (viewerId !== null && viewerId === ownerId) return undefined;
  if (viewerId === null) return eq(comments.hidden, false);
  return or(eq(comments.hidden, false), eq(comments.authorId, viewerId));
}

/**
 * A thread the viewer may see, with its dataset's owner and listing; 404 DISCUSSION_NOT_FOUND
 * otherwise. `lock` locks the thread for the rest of the transaction.
 */
export async function findThread(db: Db, id: number, viewerId: ViewerId, lock = false) {
  const query = db
    .select({
      id: discussions.id,
      datasetId: discussions.datasetId,
      authorId: discussions.authorId,
      title: discussions.title,
      locked: discussions.locked,
      hidden: discussions.hidden,
      kind: discussions.kind,
      ownerId: datasets.ownerId,
      listed: datasets.listed,
    })
    .from(discussions)
    .innerJoin(datasets, eq(datasets.id, discussions.datasetId))
    .where(and(eq(discussions.id, id), threadVisibleTo(viewerId)));
  const [row] = await (lock ? query.for('update', { of: discussions }) : query);
  if (!row) throw discussionNotFound();
  return row;
}

/**
 * A comment the viewer may see (in a thread they see), with its thread; else 404. `lock` locks
 * the thread for the rest of the transaction (a change to the comment recounts the thread).
 */
export async function findComment(db: Db, id: number, viewerId: number, lock = false) {
  const [row] = await db
    .select({ id: comments.id, discussionId: comments.discussionId, authorId: comments.authorId })
    .from(comments)
    .where(eq(comments.id, id));
  if (!row) throw commentNotFound();
  const thread = await findThread(db, row.discussionId, viewerId, lock).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'DISCUSSION_NOT_FOUND' ? commentNotFound() : err;
  });
  const [visible] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, id), commentVisibleTo(viewerId, thread.ownerId)));
  if (!visible) throw commentNotFound();
  return { ...row, thread };
}

/** Recounts a thread's visible replies into its `comment_count`. */
export async function recountComments(tx: Db, discussionId: number) {
  await tx
    .update(discussions)
    .set({
      commentCount: sql`(select count(*)::int from ${comments} where ${comments.discussionId} = ${discussionId} and not ${comments.hidden})`,
    })
    .where(eq(discussions.id, discussionId));
}
