import type { Context } from '../context.ts';
import { notifyOf } from './notifications/notify.ts';
import { queueWebhooks } from './webhooks/queue.ts';

/**
 * Something that happened which others may be told of: in their inbox (notifications/) and by
 * webhooks (webhooks/). `actorId` is who did it.
 */
export type Activity =
  | { kind: 'version.published'; actorId: number; datasetId: number; version: number }
  | { kind: 'user.followed'; actorId: number; userId: number }
  | { kind: 'dataset.forked'; actorId: number; datasetId: number; forkId: number }
  | { kind: 'dataset.rated'; actorId: number; datasetId: number; score: number }
  | ProposalActivity
  | {
      kind: 'comment.created';
      actorId: number;
      datasetId: number;
      discussionId: number;
      commentId: number;
    };

/** What happens to a proposal (docs/proposals.md): its opening, merge or closing. */
export type ProposalActivity = {
  kind: 'proposal.opened' | 'proposal.merged' | 'proposal.closed';
  actorId: number;
  datasetId: number;
  proposalId: number;
};

/**
 * Tells whoever should know, once the write that made the activity is committed. A failure here
 * never undoes or fails the write: it is logged, and the write answers as usual.
 */
export async function announce(ctx: Context, activity: Activity): Promise<void> {
  const tell = [notifyOf, queueWebhooks];
  const told = await Promise.allSettled(tell.map((f) => f(ctx, activity)));
  for (const result of told)
    if (result.status === 'rejected')
      console.error(`announcing ${activity.kind} failed:`, result.reason);
}
