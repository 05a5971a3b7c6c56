import { describe, expect, it } from 'vitest';
import { caller, createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * Proposals (docs/proposals.md): each merge is checked against the table the test computes
 * in plain TypeScript, read back from the version the merge published.
 */
const t = suiteApp();
const owner = suiteUser(t, 'owner');
const ann = suiteUser(t, 'ann');
const bob = suiteUser(t, 'bob');

type Row = [number, string, number | null];
const COLUMNS = ['id', 'city', 'score'];
const TYPES = { id: 'integer', city: 'string', score: 'number' };
const BASE: Row[] = [
  [1, 'Beijing', 1.5],
  [2, 'Shanghai', null],
  [3, 'Guangzhou', 3],
  [4, 'Shenzhen', -0.25],
];

const keyed = () =>
  createDataset(t, owner, {
    attributes: COLUMNS,
    attribute_types: TYPES,
    entries: BASE,
    key_columns: ['id'],
  });

const inject = (
  method: 'POST' | 'PUT',
  url: string,
  who: { headers: Record<string, string> },
  payload: Record<string, unknown>,
) => t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload });

const propose = (id: number, mode: string, entries: unknown[][], columns = COLUMNS) =>
  inject('POST', `/datasets/${id}/proposals?mode=${mode}&title=Fix%20rows`, ann, {
    attributes: columns,
    entries,
  });

const latestRows = async (id: number) => {
  const res = await get(t, `/datasets/${id}/version?limit=100`, owner);
  return res.json<{ version: number; entries: unknown[][] }>();
};

/** What an upsert gives: rows with a patch row's key replaced in place, the others appended. */
function upserted(base: Row[], patch: Row[]): Row[] {
  const byKey = new Map(patch.map((r) => [r[0], r]));
  const known = new Set(base.map((r) => r[0]));
  return [...base.map((r) => byKey.get(r[0]) ?? r), ...patch.filter((r) => !known.has(r[0]))];
}

describe('proposals', () => {
  it('a proposal from a fork merges to exactly the fork’s table', async () => {
    const call = caller(t);
    const d = await keyed();
    const fork = await call('POST', `/datasets/${d.id}/fork`, ann, {});
    expect(fork.statusCode).toBe(201);
    const forkId = fork.json<{ id: number }>().id;
    const edited: Row[] = [...BASE.slice(0, 3), [5, 'Hangzhou', 7]];
    const v2 = await inject('POST', `/datasets/${forkId}/versions`, ann, {
      attributes: COLUMNS,
      attribute_types: TYPES,
      entries: edited,
    });
    expect(v2.statusCode).toBe(201);
    const made = await call('POST', `/datasets/${d.id}/proposals`, ann, {
      title: 'Hangzhou instead of Shenzhen',
      body: 'See **the census**.',
      fork_id: forkId,
      fork_version: 2,
    });
    expect(made.statusCode).toBe(201);
    const proposal = made.json<{ id: number; [k: string]: unknown }>();
    expect(proposal).toMatchObject({
      state: 'open',
      mode: 'fork',
      base_version: 1,
      latest_version: 1,
      fork_id: forkId,
      fork_version: 2,
      applies: true,
      conflicts: [],
      can_merge: false,
      can_close: true,
      can_update: true,
      body_html: '<p>See <strong>the census</strong>.</p>',
      author: { username: 'ann' },
    });
    expect(proposal.summary).toMatchObject({ rows_added: 1, rows_removed: 1, rows_changed: 0 });
    const removed = await call('GET', `/proposals/${proposal.id}/rows?kind=removed`);
    expect(removed.json()).toMatchObject({
      total: 1,
      rows: [{ from: [4, 'Shenzhen', -0.25], to: null }],
    });

    // Only the owner merges.
    const refused = await call('POST', `/proposals/${proposal.id}/merge`, ann);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PROPOSAL_MERGE_OWNER');
    expect((await call('POST', `/proposals/${proposal.id}/merge`, bob)).statusCode).toBe(403);

    const merged = await call('POST', `/proposals/${proposal.id}/merge`, owner);
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      state: 'merged',
      merged_version: 2,
      merged_by: owner.id,
    });
    expect((await latestRows(d.id)).entries).toEqual(edited);
    const forkRows = await get(t, `/datasets/${forkId}/version?limit=100`, ann);
    expect((await latestRows(d.id)).entries).toEqual(forkRows.json().entries);

    const again = await call('POST', `/proposals/${proposal.id}/merge`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROPOSAL_NOT_OPEN');

    const detail = (await call('GET', `/datasets/${d.id}`)).json();
    expect(detail.contributors).toEqual([
      { id: ann.id, username: 'ann', nickname: expect.any(String), merged_count: 1 },
    ]);
    expect(detail.proposal_count).toBe(0);
    const changes = (await call('GET', `/datasets/${d.id}/changes?since=1`)).json();
    expect(changes.changes[0].proposal).toMatchObject({
      id: proposal.id,
      title: 'Hangzhou instead of Shenzhen',
      author: { username: 'ann' },
    });
    expect(detail.versions[0].changelog).toContain(`#${proposal.id}`);
  });

  it('a patch proposal (upsert, then delete) merges to the table computed here', async () => {
    const d = await keyed();
    const patch: Row[] = [
      [2, 'Shanghai', 9],
      [6, 'Chengdu', null],
    ];
    const made = await propose(d.id, 'upsert', patch);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ mode: 'upsert', base_version: 1 });
    const changed = await get(t, `/proposals/${made.json().id}/rows?kind=changed`);
    expect(changed.json()).toMatchObject({
      total: 1,
      key: 'id',
      rows: [{ from: [2, 'Shanghai', null], to: [2, 'Shanghai', 9] }],
    });
    const merged = await caller(t)('POST', `/proposals/${made.json().id}/merge`, owner);
    expect(merged.statusCode).toBe(200);
    const after = upserted(BASE, patch);
    expect((await latestRows(d.id)).entries).toEqual(after);

    const deleted = await propose(d.id, 'delete', [[1], [3]], ['id']);
    expect(deleted.statusCode).toBe(201);
    await caller(t)('POST', `/proposals/${deleted.json().id}/merge`, owner);
    expect((await latestRows(d.id)).entries).toEqual(after.filter((r) => r[0] !== 1 && r[0] !== 3));
  });

  it('an append proposal merges onto a version published after its base', async () => {
    const d = await keyed();
    const made = await propose(d.id, 'append', [[7, 'Wuhan', 2]]);
    expect(made.statusCode).toBe(201);
    const moved = await inject('POST', `/datasets/${d.id}/versions?mode=upsert`, owner, {
      attributes: COLUMNS,
      entries: [[1, 'Beijing', 100]],
    });
    expect(moved.statusCode).toBe(201);
    const read = await get(t, `/proposals/${made.json().id}`);
    expect(read.json()).toMatchObject({ base_version: 1, latest_version: 2, applies: true });
    expect((await caller(t)('POST', `/proposals/${made.json().id}/merge`, owner)).statusCode).toBe(
      200,
    );
    const expected = upserted(BASE, [[1, 'Beijing', 100]]).concat([[7, 'Wuhan', 2]]);
    expect((await latestRows(d.id)).entries).toEqual(expected);
  });

  it('finds conflicts, refuses the merge until the proposer updates, then merges', async () => {
    const call = caller(t);
    const d = await keyed();
    const made = await propose(d.id, 'upsert', [[3, 'Guangzhou', 30]]);
    const id = made.json<{ id: number }>().id;
    await inject('POST', `/datasets/${d.id}/versions?mode=upsert`, owner, {
      attributes: COLUMNS,
      entries: [[3, 'Guangzhou', 31]],
    });
    const read = (await call('GET', `/proposals/${id}`, ann)).json();
    expect(read.applies).toBe(false);
    expect(read.conflicts).toEqual([
      {
        key: { id: 3 },
        base: { id: 3, city: 'Guangzhou', score: 3 },
        latest: { id: 3, city: 'Guangzhou', score: 31 },
        proposed: { id: 3, city: 'Guangzhou', score: 30 },
      },
    ]);
    const refused = await call('POST', `/proposals/${id}/merge`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROPOSAL_CONFLICTS');

    const byOther = await inject('PUT', `/proposals/${id}/change?mode=upsert`, bob, {
      attributes: COLUMNS,
      entries: [[3, 'Guangzhou', 32]],
    });
    expect(byOther.statusCode).toBe(403);
    const updated = await inject('PUT', `/proposals/${id}/change?mode=upsert`, ann, {
      attributes: COLUMNS,
      entries: [[3, 'Guangzhou', 32]],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ base_version: 2, applies: true, conflicts: [] });
    expect((await call('POST', `/proposals/${id}/merge`, owner)).statusCode).toBe(200);
    expect((await latestRows(d.id)).entries).toEqual(upserted(BASE, [[3, 'Guangzhou', 32]]));
  });

  it('refuses the owner’s own proposal, invalid patches, and forks of others', async () => {
    const call = caller(t);
    const d = await keyed();
    const own = await inject('POST', `/datasets/${d.id}/proposals?mode=append&title=x`, owner, {
      attributes: COLUMNS,
      entries: [[9, 'X', 1]],
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('PROPOSAL_OWN_DATASET');
    const dup = await propose(d.id, 'append', [[1, 'Again', 1]]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('DUPLICATE_KEY');
    const missing = await propose(d.id, 'delete', [[99]], ['id']);
    expect(missing.json().code).toBe('KEY_NOT_FOUND');
    const notFork = await call('POST', `/datasets/${d.id}/proposals`, ann, {
      title: 'x',
      fork_id: d.id,
      fork_version: 1,
    });
    expect(notFork.statusCode).toBe(400);
    expect(notFork.json().code).toBe('PROPOSAL_FORK_INVALID');
    expect((await call('POST', `/datasets/${d.id}/proposals`, undefined, {})).statusCode).toBe(401);
  });
});
