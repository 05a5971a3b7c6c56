import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../../contracts/notifications.ts';
import type { Context } from '../../context.ts';
import type { Activity, ProposalActivity } from '../activity.ts';

/**
 * True for a recipient (`userId`, an SQL expression) who has not turned `kind` off: no setting
 * row means the inbox.
 */
const wants = (userId: SQL, kind: NotificationKind): SQL =>
  sql`not exists (select 1 from notification_settings s
    where s.user_id = ${userId} and s.kind = ${kind} and s.delivery = 'none')`;

/**
 * True unless the recipient already has a notification of `kind` from the same actor about the
 * same dataset (or none) in the last 24 hours: a rater changing their score, or someone following
 * and unfollowing again and again, makes one notification a day.
 */
const notToldToday = (userId: SQL, kind: NotificationKind, actorId: number, datasetId: SQL) =>
  sql`not exists (select 1 from notifications n
    where n.user_id = ${userId} and n.kind = ${kind} and n.actor_id = ${actorId}
      and n.dataset_id is not distinct from ${datasetId}
      and n.created_at > now() - interval '1 day')`;

/**
 * A proposal's notification to `recipient` (an SQL expression over `d`, its dataset, and `p`,
 * the proposal): never to the actor, at most once per kind and proposal (closing, reopening and
 * closing again tells once), only while they may see the dataset.
 */
function proposalInsert(into: SQL, activity: ProposalActivity, recipient: SQL): SQL {
  const { kind, actorId, proposalId } = activity;
  return sql`${into}
    select ${recipient}, ${kind}, ${actorId}, d.id, null,
      jsonb_build_object('proposal_id', p.id, 'title', p.title)
    from proposals p join datasets d on d.id = p.dataset_id
    where p.id = ${proposalId} and ${recipient} is not null and ${recipient} <> ${actorId}
      and (d.listed or d.owner_id = ${recipient})
      and ${wants(recipient, kind)}
      and not exists (select 1 from notifications n
        where n.user_id = ${recipient} and n.kind = ${kind}
          and n.details ->> 'proposal_id' = ${String(proposalId)})`;
}

/** The one INSERT … SELECT writing an activity's notifications (none when nobody is told). */
function insertFor(activity: Activity): SQL | null {
  // A comment's notifications are written by discussions (discussions/mentions.ts).
  if (activity.kind === 'comment.created') return null;
  const { kind, actorId } = activity;
  const into = sql`insert into notifications (user_id, kind, actor_id, dataset_id, version, details)`;
  switch (activity.kind) {
    case 'version.published':
      // Every watcher who may still see the dataset (public and listed, or their own).
      return sql`${into}
        select w.user_id, ${kind}, ${actorId}, d.id, ${activity.version}, '{}'::jsonb
        from watches w join datasets d on d.id = w.dataset_id
        where w.dataset_id = ${activity.datasetId} and w.user_id <> ${actorId}
          and (d.listed or d.owner_id = w.user_id)
          and ${wants(sql`w.user_id`, kind)}`;
    case 'user.followed':
      return sql`${into}
        select u.id, ${kind}, ${actorId}, null, null, '{}'::jsonb
        from users u
        where u.id = ${activity.userId} and u.id <> ${actorId}
          and ${wants(sql`u.id`, kind)}
          and ${notToldToday(sql`u.id`, kind, actorId, sql`null::integer`)}`;
    case 'dataset.forked':
      return sql`${into}
        select d.owner_id, ${kind}, ${actorId}, d.id, null, '{}'::jsonb
        from datasets d
        where d.id = ${activity.datasetId} and d.owner_id is not null and d.owner_id <> ${actorId}
          and ${wants(sql`d.owner_id`, kind)}`;
    case 'dataset.rated':
      return sql`${into}
        select d.owner_id, ${kind}, ${actorId}, d.id, null,
          jsonb_build_object('score', ${activity.score}::int)
        from datasets d
        where d.id = ${activity.datasetId} and d.owner_id is not null and d.owner_id <> ${actorId}
          and ${wants(sql`d.owner_id`, kind)}
          and ${notToldToday(sql`d.owner_id`, kind, actorId, sql`d.id`)}`;
    case 'proposal.opened':
      return proposalInsert(into, activity, sql`d.owner_id`);
    case 'proposal.merged':
    case 'proposal.closed':
      return proposalInsert(into, activity, sql`p.author_id`);
  }
}

/**
 * Writes the notifications an activity makes (one per person told), in one statement whatever
 * the number of watchers (docs/notifications.md).
 */
export async function notifyOf(ctx: Context, activity: Activity): Promise<void> {
  const insert = insertFor(activity);
  if (insert) await ctx.db.execute(insert);
}
