import { sql } from 'drizzle-orm';
import { ownUrl } from '../../config.ts';
import type { Context } from '../../context.ts';
import type { Activity } from '../activity.ts';
import { wakeWorkers } from './worker.ts';
import { resultRows } from '../../db/result-rows.ts';

/** An activity's webhook event: its own fields of the body and the page it links to. */
function eventOf(ctx: Context, activity: Activity) {
  const site = ownUrl(ctx.config);
  switch (activity.kind) {
    case 'version.published':
      return {
        fields: sql`'version', ${activity.version}::int`,
        page: `${site}/datasets/${activity.datasetId}`,
      };
    case 'proposal.opened':
    case 'proposal.merged':
      return {
        fields: sql`'proposal_id', ${activity.proposalId}::int`,
        page: `${site}/datasets/${activity.datasetId}/proposals/${activity.proposalId}`,
      };
    case 'comment.created':
      return {
        fields: sql`'discussion_id', ${activity.discussionId}::int, 'comment_id', ${activity.commentId}::int`,
        page: `${site}/datasets/${activity.datasetId}`,
      };
    default:
      return null;
  }
}

/**
 * Queues a delivery of an event (a new version, a proposal opened or merged, a new comment) to
 * every webhook it concerns, in one statement: active hooks that want the event whose user is
 * active and may see the dataset (a private one: its owner only) and owns or watches it, for
 * that dataset or for every one (no dataset). Each body is built and stored here, exactly as it
 * is signed and sent (docs/webhooks.md, "Bodies"). Other activities send nothing.
 */
export async function queueWebhooks(ctx: Context, activity: Activity): Promise<void> {
  const found = eventOf(ctx, activity);
  if (!found || !('datasetId' in activity)) return;
  const { datasetId } = activity;
  const event = activity.kind;
  const { fields, page } = found;
  const createdAt = new Date().toISOString();
  const result = await ctx.db.execute(sql`
    insert into webhook_deliveries (id, webhook_id, event, body) overriding system value
    select n.id, n.webhook_id, ${event},
      json_build_object('event', ${event}::text, 'delivery_id', n.id,
        'dataset_id', ${datasetId}::int, ${fields},
        'created_at', ${createdAt}::text, 'url', ${page}::text)::text
    from (
      select nextval(pg_get_serial_sequence('webhook_deliveries', 'id')) as id, w.id as webhook_id
      from webhooks w
      join users u on u.id = w.user_id and u.is_active
      join datasets d on d.id = ${datasetId}
      where w.active and ${event} = any(w.events)
        and (d.listed or d.owner_id = w.user_id)
        and (w.dataset_id = d.id or w.dataset_id is null)
        and (d.owner_id = w.user_id
          or exists (select 1 from watches s where s.user_id = w.user_id and s.dataset_id = d.id))
    ) n
    returning id`);
  if (resultRows(result).length > 0) wakeWorkers();
}
