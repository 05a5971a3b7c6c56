import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, newDataset, queryRows, setPublic, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let ann: SignedUp;
let bob: SignedUp;
let cat: SignedUp;

beforeAll(async () => {
  call = caller(t);
  [owner, ann, bob, cat] = await Promise.all([
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
  ]);
});

type Note = { user_id: number; kind: string; actor_id: number; details: { title: string } };

/** The notifications of a thread, by user. */
async function notesOf(discussionId: number) {
  return queryRows<Note>(
    t,
    sql`select user_id, kind, actor_id, details from notifications
        where details->>'discussion_id' = ${String(discussionId)} order by id`,
  );
}

async function start(datasetId: number, who: SignedUp, body = 'Question') {
  const res = await call('POST', `/datasets/${datasetId}/discussions`, who, { title: 'Q', body });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const reply = (id: number, who: SignedUp, body: string) =>
  call('POST', `/discussions/${id}/comments`, who, { body });

describe('discussion notifications', () => {
  it('a new thread tells the owner; a reply tells the owner and the thread author once', async () => {
    const dataset = await newDataset(t, owner);
    const id = await start(dataset.id, ann);
    expect(await notesOf(id)).toMatchObject([
      { user_id: owner.user.id, kind: 'discussion.comment', actor_id: ann.user.id },
    ]);
    expect((await reply(id, bob, 'Me too')).statusCode).toBe(201);
    const after = (await notesOf(id)).slice(1);
    expect(after.map((n) => [n.user_id, n.kind]).sort()).toEqual(
      [
        [owner.user.id, 'discussion.comment'],
        [ann.user.id, 'discussion.comment'],
      ].sort(),
    );
    expect(after[0]!.details).toEqual({ discussion_id: id, title: 'Q' });
    // Bob replied: he is told of the next reply, and the writer never is.
    await reply(id, ann, 'Thanks');
    const third = (await notesOf(id)).slice(3).map((n) => n.user_id);
    expect(third.sort()).toEqual([owner.user.id, bob.user.id].sort());
  });

  it('mentions notify once: twice in one text, or a mention of the thread author', async () => {
    const dataset = await newDataset(t, owner);
    const id = await start(dataset.id, ann);
    const before = (await notesOf(id)).length;
    const text = `@${cat.user.username} look, @${cat.user.username.toUpperCase()} and @${ann.user.username}`;
    expect((await reply(id, bob, text)).statusCode).toBe(201);
    const notes = (await notesOf(id)).slice(before);
    expect(notes.map((n) => [n.user_id, n.kind]).sort()).toEqual(
      [
        [cat.user.id, 'discussion.mention'],
        [ann.user.id, 'discussion.mention'],
        [owner.user.id, 'discussion.comment'],
      ].sort(),
    );
  });

  it('skips the writer, users who turned the kind off, and those who may not see', async () => {
    const dataset = await newDataset(t, owner);
    await queryRows(
      t,
      sql`insert into notification_settings (user_id, kind, delivery)
          values (${cat.user.id}, 'discussion.mention', 'none')`,
    );
    const id = await start(dataset.id, owner, `@${owner.user.username} @${cat.user.username}`);
    expect(await notesOf(id)).toEqual([]);

    await setPublic(t, owner, dataset.id, false);
    await reply(id, owner, `@${bob.user.username} see this`);
    expect(await notesOf(id)).toEqual([]);
  });

  it('an e-mail address is no mention', async () => {
    const dataset = await newDataset(t, owner);
    const id = await start(dataset.id, owner, `write to me${'@'}${bob.user.username}.org`);
    expect(await notesOf(id)).toEqual([]);
  });
});

describe('discussion Markdown', () => {
  it('renders script, javascript: links, raw HTML and SVG inert', async () => {
    const dataset = await newDataset(t, owner);
    const body = [
      '<script>alert(1)</script>',
      '[click](javascript:alert(2))',
      '<img src=x onerror="alert(3)">',
      '<svg onload="alert(4)"><circle/></svg>',
      '![pic](javascript:alert(5))',
    ].join('\n\n');
    const id = await start(dataset.id, ann, body);
    const html = (await call('GET', `/discussions/${id}`)).json().body_html as string;
    expect(html).not.toMatch(/<(script|svg|img|iframe)\b/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/(href|src)="?javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('click');
    const comment = (await reply(id, bob, body)).json();
    expect(comment.body_html).toBe(html);
  });
});
