import { eq, sql } from 'drizzle-orm';
import type {
  Comment,
  CreateDiscussionBody,
  Discussion,
  UpdateCommentBody,
  UpdateDiscussionBody,
} from '../../../contracts/discussions.ts';
import type { Context } from '../../context.ts';
import { transactionRetried } from '../../db/deadlock.ts';
import { comments, discussions } from '../../db/schema.ts';
import { announce } from '../activity.ts';
import { lockCaller } from '../accounts.ts';
import { findVisible } from '../datasets/rows.ts';
import {
  discussionLocked,
  findComment,
  findThread,
  notAuthor,
  notOwner,
  proposalThread,
  recountComments,
} from './access.ts';
import { notifyDiscussion } from './mentions.ts';
import { getDiscussion, readComment } from './read.ts';

/** Tells of a new text; a failure is logged, never undoing the committed write. */
async function tell(ctx: Context, written: Parameters<typeof notifyDiscussion>[1]) {
  try {
    await notifyDiscussion(ctx, written);
  } catch (err) {
    console.error('notifying of a discussion failed:', err);
  }
}

/** POST /datasets/{id}/discussions: a new thread on a dataset the caller sees. */
export async function createDiscussion(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  body: CreateDiscussionBody,
): Promise<Discussion> {
  const id = await transactionRetried(ctx.db, async (tx) => {
    await lockCaller(tx, viewerId);
    await findVisible(tx, datasetId, viewerId);
    const [row] = await tx
      .insert(discussions)
      .values({ datasetId, authorId: viewerId, title: body.title, body: body.body })
      .returning({ id: discussions.id });
    return row!.id;
  });
  const text = body.body;
  await tell(ctx, { actorId: viewerId, datasetId, discussionId: id, title: body.title, text });
  return getDiscussion(ctx, id, viewerId);
}

/**
 * POST /discussions/{id}/comments: a reply. A locked thread takes replies from the dataset's
 * owner alone (403 DISCUSSION_LOCKED for others).
 */
export async function addComment(
  ctx: Context,
  viewerId: number,
  discussionId: number,
  text: string,
): Promise<Comment> {
  const { id, thread } = await transactionRetried(ctx.db, async (tx) => {
    await lockCaller(tx, viewerId);
    const thread = await findThread(tx, discussionId, viewerId, true);
    if (thread.locked && thread.ownerId !== viewerId) throw discussionLocked();
    const [row] = await tx
      .insert(comments)
      .values({ discussionId, authorId: viewerId, body: text })
      .returning({ id: comments.id });
    await recountComments(tx, discussionId);
    return { id: row!.id, thread };
  });
  const { datasetId, title } = thread;
  await tell(ctx, { actorId: viewerId, datasetId, discussionId, title, text });
  await announce(ctx, {
    kind: 'comment.created',
    actorId: viewerId,
    datasetId,
    discussionId,
    commentId: id,
  });
  return readComment(ctx.db, id);
}

/**
 * PATCH /discussions/{id}: its title and body by its author; its state, lock and hiding by the
 * dataset's owner (403 NOT_AUTHOR / NOT_DATASET_OWNER otherwise).
 */
export async function updateDiscussion(
  ctx: Context,
  viewerId: number,
  id: number,
  change: UpdateDiscussionBody,
): Promise<Discussion> {
  await transactionRetried(ctx.db, async (tx) => {
    const thread = await findThread(tx, id, viewerId, true);
    if (thread.kind === 'proposal') throw proposalThread();
    const { title, body, state, locked, hidden } = change;
    if ((title !== undefined || body !== undefined) && thread.authorId !== viewerId)
      throw notAuthor();
    const moderated = state !== undefined || locked !== undefined || hidden !== undefined;
    if (moderated && thread.ownerId !== viewerId) throw notOwner();
    await tx
      .update(discussions)
      .set({ title, body, state, locked, hidden, updatedAt: sql`now()` })
      .where(eq(discussions.id, id));
  });
  return getDiscussion(ctx, id, viewerId);
}

/** DELETE /discussions/{id}: by its author, with its replies. */
export async function deleteDiscussion(ctx: Context, viewerId: number, id: number) {
  await transactionRetried(ctx.db, async (tx) => {
    const thread = await findThread(tx, id, viewerId, true);
    if (thread.kind === 'proposal') throw proposalThread();
    if (thread.authorId !== viewerId) throw notAuthor();
    await tx.delete(discussions).where(eq(discussions.id, id));
  });
}

/** PATCH /comments/{id}: its body by its author, its hiding by the dataset's owner. */
export async function updateComment(
  ctx: Context,
  viewerId: number,
  id: number,
  change: UpdateCommentBody,
): Promise<Comment> {
  await transactionRetried(ctx.db, async (tx) => {
    const comment = await findComment(tx, id, viewerId, true);
    if (change.body !== undefined && comment.authorId !== viewerId) throw notAuthor();
    if (change.hidden !== undefined && comment.thread.ownerId !== viewerId) throw notOwner();
    await tx
      .update(comments)
      .set({ body: change.body, hidden: change.hidden, updatedAt: sql`now()` })
      .where(eq(comments.id, id));
    await recountComments(tx, comment.discussionId);
  });
  return readComment(ctx.db, id);
}

/** DELETE /comments/{id}: by its author. */
export async function deleteComment(ctx: Context, viewerId: number, id: number) {
  await transactionRetried(ctx.db, async (tx) => {
    const comment = await findComment(tx, id, viewerId, true);
    if (comment.authorId !== viewerId) throw notAuthor();
    await tx.delete(comments).where(eq(comments.id, id));
    await recountComments(tx, comment.discussionId);
  });
}
