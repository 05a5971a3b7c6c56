import { sql } from 'drizzle-orm';
import { MENTIONS_MAX } from '../../../contracts/limits.ts';
import type { Context } from '../../context.ts';
import {
  comments,
  datasets,
  discussions,
  notifications,
  proposals,
  users,
} from '../../db/schema.ts';
import { notificationSettings } from '../../db/schema.ts';

/**
 * The usernames a text mentions (`@name`, not inside a word or an e-mail address), lower-cased,
 * each once, at most MENTIONS_MAX. Code is not skipped: `@name` in code still mentions.
 */
function mentionsIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<![\w@.-])@([A-Za-z0-9][A-Za-z0-9_-]{0,31})/g)) {
    names.add(match[1]!.toLowerCase());
    if (names.size === MENTIONS_MAX) break;
  }
  return [...names];
}

/** What a new text in a thread is: the thread itself, or a reply in it. */
type Written = {
  actorId: number;
  datasetId: number;
  discussionId: number;
  title: string;
  /** The text's Markdown, read for mentions. */
  text: string;
};

/**
 * Tells of a new thread or reply, after it is committed, in ONE insert: each user at most one
 * notification — `discussion.mention` when the text mentions them, else `discussion.comment`
 * when they own the dataset, started the thread or replied in it. Never the writer; never a
 * user who may not see the dataset or the (hidden) thread; never a kind their settings say
 * `none` to; never an inactive account.
 */
export async function notifyDiscussion(ctx: Context, written: Written): Promise<void> {
  const names = mentionsIn(written.text);
  const mentioned = names.length
    ? sql`lower(${users.username}) in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql`false`;
  const { actorId, datasetId, discussionId, title } = written;
  const participant = sql`(${users.id} = d.owner_id or ${users.id} = t.author_id or exists (select 1 from ${comments} where ${comments.discussionId} = ${discussionId} and ${comments.authorId} = ${users.id}))`;
  const kind = sql`case when ${mentioned} then 'discussion.mention' else 'discussion.comment' end`;
  const details = JSON.stringify({ discussion_id: discussionId, title });
  // A proposal's thread leads to the proposal's page (details.proposal_id).
  const proposal = sql`coalesce((select jsonb_build_object('proposal_id', p.id) from ${proposals} p where p.discussion_id = ${discussionId}), '{}'::jsonb)`;
  await ctx.db.execute(sql`
    insert into ${notifications} (user_id, kind, actor_id, dataset_id, details)
    select ${users.id}, ${kind}, ${actorId}, ${datasetId}, ${details}::jsonb || ${proposal}
    from ${users}
    join ${datasets} d on d.id = ${datasetId}
    join ${discussions} t on t.id = ${discussionId}
    where (${mentioned} or ${participant})
      and ${users.id} <> ${actorId}
      and ${users.isActive}
      and (d.listed or ${users.id} = d.owner_id)
      and (not t.hidden or ${users.id} = d.owner_id or ${users.id} = t.author_id)
      and not exists (
        select 1 from ${notificationSettings} s
        where s.user_id = ${users.id} and s.kind = ${kind} and s.delivery = 'none'
      )`);
}
