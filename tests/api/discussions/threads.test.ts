import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, setPublic, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let ann: SignedUp;
let bob: SignedUp;

beforeAll(async () => {
  call = caller(t);
  [owner, ann, bob] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
});

async function thread(datasetId: number, who: SignedUp, title = 'Missing cities?') {
  const res = await call('POST', `/datasets/${datasetId}/discussions`, who, {
    title,
    body: 'Where is **Shenzhen**?',
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; [k: string]: unknown }>();
}

describe('discussion threads', () => {
  it('starts a thread, replies to it, and lists it with its count for guests', async () => {
    const dataset = await newDataset(t, owner);
    const started = await thread(dataset.id, ann);
    expect(started).toMatchObject({
      dataset_id: dataset.id,
      title: 'Missing cities?',
      author: { id: ann.user.id, username: ann.user.username },
      state: 'open',
      locked: false,
      hidden: false,
      comment_count: 0,
      body_html: '<p>Where is <strong>Shenzhen</strong>?</p>',
      comments: [],
    });
    const reply = await call('POST', `/discussions/${started.id}/comments`, owner, {
      body: 'Next version.',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ discussion_id: started.id, body: 'Next version.' });

    const list = await call('GET', `/datasets/${dataset.id}/discussions`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, open_count: 1, offset: 0, limit: 20 });
    expect(list.json().discussions[0]).toMatchObject({ id: started.id, comment_count: 1 });
    const read = await call('GET', `/discussions/${started.id}`);
    const replies = read.json<{ comments: { body: string }[] }>().comments;
    expect(replies.map((c) => c.body)).toEqual(['Next version.']);
    expect((await datasetAs(t, dataset.id)).json().discussion_count).toBe(1);
  });

  it('refuses an empty title, a body over 20 000 characters, and guests', async () => {
    const dataset = await newDataset(t, owner);
    const url = `/datasets/${dataset.id}/discussions`;
    const empty = await call('POST', url, ann, { title: '  ', body: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');
    const long = await call('POST', url, ann, { title: 'Long', body: 'x'.repeat(20_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('20000');
    expect((await call('POST', url, undefined, { title: 'a', body: 'b' })).statusCode).toBe(401);
    const huge = await call('POST', url, ann, { title: 'a', body: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
  });

  it('a locked thread refuses replies from others but not from the owner', async () => {
    const dataset = await newDataset(t, owner);
    const started = await thread(dataset.id, ann);
    const lock = await call('PATCH', `/discussions/${started.id}`, owner, { locked: true });
    expect(lock.statusCode).toBe(200);
    expect(lock.json().locked).toBe(true);
    const refused = await call('POST', `/discussions/${started.id}/comments`, ann, { body: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('DISCUSSION_LOCKED');
    const own = await call('POST', `/discussions/${started.id}/comments`, owner, { body: 'Ok' });
    expect(own.statusCode).toBe(201);
  });

  it('closing takes a thread out of the count; only the owner moderates', async () => {
    const dataset = await newDataset(t, owner);
    const started = await thread(dataset.id, ann);
    const byAuthor = await call('PATCH', `/discussions/${started.id}`, ann, { state: 'closed' });
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json().code).toBe('NOT_DATASET_OWNER');
    const closed = await call('PATCH', `/discussions/${started.id}`, owner, { state: 'closed' });
    expect(closed.json().state).toBe('closed');
    expect((await datasetAs(t, dataset.id)).json().discussion_count).toBe(0);
    const list = (await call('GET', `/datasets/${dataset.id}/discussions`)).json();
    expect(list).toMatchObject({ total: 1, open_count: 0 });
  });

  it('edits and deletes your own thread and comment only (403 NOT_AUTHOR otherwise)', async () => {
    const dataset = await newDataset(t, owner);
    const started = await thread(dataset.id, ann);
    const other = await call('PATCH', `/discussions/${started.id}`, owner, { title: 'Mine' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('NOT_AUTHOR');
    const edited = await call('PATCH', `/discussions/${started.id}`, ann, { title: 'Shenzhen' });
    expect(edited.json().title).toBe('Shenzhen');

    const reply = (
      await call('POST', `/discussions/${started.id}/comments`, bob, { body: 'Me too' })
    ).json();
    const notBobs = await call('PATCH', `/comments/${reply.id}`, ann, { body: 'Changed' });
    expect(notBobs.statusCode).toBe(403);
    expect(notBobs.json().code).toBe('NOT_AUTHOR');
    expect((await call('DELETE', `/comments/${reply.id}`, owner)).statusCode).toBe(403);
    const fixed = await call('PATCH', `/comments/${reply.id}`, bob, { body: 'Me too!' });
    expect(fixed.json().body).toBe('Me too!');
    expect((await call('DELETE', `/comments/${reply.id}`, bob)).statusCode).toBe(204);
    expect((await call('GET', `/discussions/${started.id}`)).json().comments).toEqual([]);

    expect((await call('DELETE', `/discussions/${started.id}`, bob)).statusCode).toBe(403);
    expect((await call('DELETE', `/discussions/${started.id}`, ann)).statusCode).toBe(204);
    const gone = await call('GET', `/discussions/${started.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('DISCUSSION_NOT_FOUND');
  });

  it('hidden threads and comments: gone for others, marked for the owner and author', async () => {
    const dataset = await newDataset(t, owner);
    const started = await thread(dataset.id, ann);
    const reply = (
      await call('POST', `/discussions/${started.id}/comments`, bob, { body: 'Spam' })
    ).json();
    const notOwner = await call('PATCH', `/comments/${reply.id}`, ann, { hidden: true });
    expect(notOwner.statusCode).toBe(403);
    const hideComment = await call('PATCH', `/comments/${reply.id}`, owner, { hidden: true });
    expect(hideComment.json().hidden).toBe(true);
    // Hidden from Ann now: not even there to change.
    expect((await call('PATCH', `/comments/${reply.id}`, ann, { hidden: false })).statusCode).toBe(
      404,
    );
    const bodies = async (who?: SignedUp) =>
      (await call('GET', `/discussions/${started.id}`, who)).json().comments as {
        hidden: boolean;
      }[];
    expect(await bodies()).toEqual([]);
    expect(await bodies(ann)).toEqual([]);
    expect((await bodies(bob))[0]?.hidden).toBe(true);
    expect((await bodies(owner))[0]?.hidden).toBe(true);

    await call('PATCH', `/discussions/${started.id}`, owner, { hidden: true });
    expect((await call('GET', `/discussions/${started.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/discussions/${started.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/discussions/${started.id}`, ann)).json().hidden).toBe(true);
    expect((await call('GET', `/discussions/${started.id}`, owner)).json().hidden).toBe(true);
    expect((await call('GET', `/datasets/${dataset.id}/discussions`)).json().total).toBe(0);
    expect((await call('GET', `/datasets/${dataset.id}/discussions`, ann)).json().total).toBe(1);
    expect((await datasetAs(t, dataset.id)).json().discussion_count).toBe(0);
  });

  it("a private dataset's threads are 404 to others", async () => {
    const dataset = await newDataset(t, owner);
    const started = await thread(dataset.id, ann);
    const reply = (
      await call('POST', `/discussions/${started.id}/comments`, ann, { body: 'Hi' })
    ).json();
    await setPublic(t, owner, dataset.id, false);
    for (const who of [undefined, ann, bob]) {
      const list = await call('GET', `/datasets/${dataset.id}/discussions`, who);
      expect(list.statusCode).toBe(404);
      expect(list.json().code).toBe('DATASET_NOT_FOUND');
      expect((await call('GET', `/discussions/${started.id}`, who)).statusCode).toBe(404);
    }
    const post = await call('POST', `/discussions/${started.id}/comments`, ann, { body: 'Hi' });
    expect(post.json().code).toBe('DISCUSSION_NOT_FOUND');
    const report = await call('POST', `/comments/${reply.id}/report`, bob, {});
    expect(report.json().code).toBe('COMMENT_NOT_FOUND');
    expect((await call('GET', `/discussions/${started.id}`, owner)).statusCode).toBe(200);
  });

  it('anyone may report a comment; the owner alone sees reports', async () => {
    const dataset = await newDataset(t, owner);
    const started = await thread(dataset.id, ann);
    const reply = (
      await call('POST', `/discussions/${started.id}/comments`, ann, { body: 'Buy now' })
    ).json();
    const report = await call('POST', `/comments/${reply.id}/report`, bob, { reason: 'spam' });
    expect(report.statusCode).toBe(204);
    const reports = await call('GET', `/datasets/${dataset.id}/reports`, owner);
    expect(reports.json().reports).toMatchObject([
      {
        comment: { id: reply.id, body: 'Buy now' },
        discussion_title: 'Missing cities?',
        reporter: { id: bob.user.id },
        reason: 'spam',
      },
    ]);
    expect((await call('GET', `/datasets/${dataset.id}/reports`, bob)).statusCode).toBe(403);
  });
});
