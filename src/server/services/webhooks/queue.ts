import { sql } from 'drizzle-orm';
import { ownUrl } from '../../config.ts';
import type { Context } from '../../context.ts';
import type { Activity } from '../activity.ts';
import { wakeWorkers } from './worker.ts';
import { resultRows } from '../../db/result-rows.ts';

/**
 * Queues a delivery of a new version to every webhook it concerns, in one statement: active
 * hooks that want `version.published` whose user is active and may see the dataset (a private
 * one: its owner only) and owns or watches it, for that dataset or for every one (no
 * dataset). Each body is built and stored here, exactly as it is signed and sent
 * (docs/webhooks.md, "Bodies"). Other activities send nothing yet.
 */
export async function queueWebhooks(ctx: Context, activity: Activity): Promise<void> {
  if (activity.kind !== 'version.published') return;
  const { datasetId, version } = activity;
  const event = activity.kind;
  const page = `${ownUrl(ctx.config)}/datasets/${datasetId}`;
  const createdAt = new Date().toISOString();
  const result = await ctx.db.execute(sql`
    insert into webhook_deliveries (id, webhook_id, event, body) overriding system value
    select n.id, n.webhook_id, ${event},
      json_build_object('event', ${event}::text, 'delivery_id', n.id,
        'dataset_id', ${datasetId}::int, 'version', ${version}::int,
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
