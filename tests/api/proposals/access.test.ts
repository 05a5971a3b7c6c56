import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  caller,
  newDataset,
  queryRows,
  setPublic,
  suiteApp,
  suiteUser,
  type TestUser,
} from '../../support/api.ts';

/**
 * Who may see and change a proposal, and who is told of it (docs/proposals.md).
 */
const t = suiteApp();
const owner = suiteUser(t, 'owner');
const ann = suiteUser(t, 'ann');
const bob = suiteUser(t, 'bob');

/** A proposal by ann appending one row to a new dataset of owner's. */
async function proposal() {
  const d = await newDataset(t, owner);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${d.id}/proposals?mode=append&title=More%20rain&body=Hi%20%40bob`,
    headers: ann.headers,
    payload: { attributes: ['city', 'rain_mm'], entries: [['Wuhan', 1300]] },
  });
  expect(res.statusCode).toBe(201);
  return { datasetId: d.id, p: res.json<{ id: number; discussion_id: number }>() };
}

const inbox = async (who: TestUser) =>
  (await caller(t)('GET', '/notifications', who)).json<{
    notifications: { kind: string; details: Record<string, unknown> }[];
  }>().notifications;

describe('proposal access', () => {
  it('the proposer and the owner close and reopen; others cannot', async () => {
    const call = caller(t);
    const { p } = await proposal();
    const byBob = await call('PATCH', `/proposals/${p.id}`, bob, { state: 'closed' });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json().code).toBe('PROPOSAL_NOT_PARTY');
    const retitle = await call('PATCH', `/proposals/${p.id}`, owner, { title: 'Mine' });
    expect(retitle.json().code).toBe('NOT_AUTHOR');
    const closed = await call('PATCH', `/proposals/${p.id}`, owner, { state: 'closed' });
    expect(closed.json()).toMatchObject({ state: 'closed', can_merge: false });
    const reopened = await call('PATCH', `/proposals/${p.id}`, ann, { state: 'open' });
    expect(reopened.json().state).toBe('open');
    expect((await call('PATCH', `/proposals/${p.id}`, ann, { state: 'closed' })).statusCode).toBe(
      200,
    );
    const list = await call('GET', `/datasets/${closed.json().dataset_id}/proposals?state=closed`);
    expect(list.json()).toMatchObject({ total: 1, proposals: [{ id: p.id, state: 'closed' }] });
    // Closed by the owner, then by ann herself: ann is told once, of the owner's.
    const told = (await inbox(ann)).filter((n) => n.kind === 'proposal.closed');
    expect(told).toHaveLength(1);
    expect(told[0]!.details).toMatchObject({ proposal_id: p.id, title: 'More rain' });
  });

  it('notifies the owner once of a new proposal, the proposer of its merge, and queues webhooks', async () => {
    const call = caller(t);
    await t.ctx.db.execute(
      sql`insert into webhooks (user_id, url, secret, events)
          values (${owner.id}, 'https://hooks.example/', 'whsec_test',
            array['proposal.opened', 'proposal.merged', 'comment.created'])`,
    );
    const { datasetId, p } = await proposal();
    const opened = (await inbox(owner)).filter((n) => n.details.proposal_id === p.id);
    expect(opened.map((n) => n.kind)).toEqual(['proposal.opened']);
    expect((await call('POST', `/proposals/${p.id}/merge`, owner)).statusCode).toBe(200);
    const merged = (await inbox(ann)).filter((n) => n.details.proposal_id === p.id);
    expect(merged.map((n) => n.kind)).toEqual(['proposal.merged']);
    const events = await queryRows<{ event: string; body: string }>(
      t,
      sql`select event, body from webhook_deliveries order by id`,
    );
    const mine = events.filter((e) => JSON.parse(e.body).dataset_id === datasetId);
    expect(mine.map((e) => e.event)).toEqual(['proposal.opened', 'proposal.merged']);
    expect(JSON.parse(mine[0]!.body)).toMatchObject({ proposal_id: p.id });
  });

  it('comments go through the discussion routes, outside the Discussions list', async () => {
    const call = caller(t);
    const { datasetId, p } = await proposal();
    const comment = await call('POST', `/discussions/${p.discussion_id}/comments`, owner, {
      body: 'Thanks @ann',
    });
    expect(comment.statusCode).toBe(201);
    const read = await call('GET', `/proposals/${p.id}`);
    expect(read.json().comment_count).toBe(1);
    const threads = await call('GET', `/datasets/${datasetId}/discussions`);
    expect(threads.json()).toMatchObject({ total: 0, open_count: 0 });
    expect((await call('GET', `/datasets/${datasetId}`)).json()).toMatchObject({
      discussion_count: 0,
      proposal_count: 1,
    });
    const mention = (await inbox(ann)).find((n) => n.kind === 'discussion.mention');
    expect(mention?.details).toMatchObject({ proposal_id: p.id });
    const deleted = await call('DELETE', `/discussions/${p.discussion_id}`, ann);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe('PROPOSAL_THREAD');
  });

  it('a proposal on a dataset made private is 404 for everyone but the owner', async () => {
    const call = caller(t);
    const { datasetId, p } = await proposal();
    // bob watches the dataset with a hook for every dataset: he is sent nothing once private.
    await t.ctx.db.execute(
      sql`insert into watches (user_id, dataset_id) values (${bob.id}, ${datasetId})`,
    );
    await t.ctx.db.execute(
      sql`insert into webhooks (user_id, url, secret, events)
          values (${bob.id}, 'https://bob.example/', 'whsec_test', array['proposal.merged'])`,
    );
    await setPublic(t, owner, datasetId, false);
    for (const who of [undefined, ann, bob]) {
      expect((await call('GET', `/proposals/${p.id}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/proposals/${p.id}/rows?kind=added`, who)).statusCode).toBe(404);
      expect((await call('GET', `/datasets/${datasetId}/proposals`, who)).statusCode).toBe(404);
    }
    expect((await call('POST', `/proposals/${p.id}/merge`, ann)).json().code).toBe(
      'PROPOSAL_NOT_FOUND',
    );
    expect((await call('GET', `/proposals/${p.id}`, owner)).statusCode).toBe(200);
    const list = await call('GET', `/datasets/${datasetId}/proposals`, owner);
    expect(list.json().total).toBe(1);
    // ann's notifications of it are hidden with the dataset.
    await call('POST', `/proposals/${p.id}/merge`, owner);
    const seen = (await inbox(ann)).filter((n) => n.details.proposal_id === p.id);
    expect(seen).toEqual([]);
    const hooks = await queryRows<{ body: string }>(
      t,
      sql`select d.body from webhook_deliveries d join webhooks w on w.id = d.webhook_id
          where w.user_id = ${bob.id}`,
    );
    expect(
      hooks.map((h) => (JSON.parse(h.body) as { proposal_id?: number }).proposal_id),
    ).not.toContain(p.id);
  });

  it('the OpenAPI document lists the proposal paths', async () => {
    const doc = (await caller(t)('GET', '/openapi.json')).json<{ paths: Record<string, object> }>();
    for (const path of [
      '/datasets/{id}/proposals',
      '/proposals/{id}',
      '/proposals/{id}/rows',
      '/proposals/{id}/change',
      '/proposals/{id}/merge',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/v1${path}`);
    }
  });
});
