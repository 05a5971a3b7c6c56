import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let ann: SignedUp;

beforeAll(async () => {
  call = caller(t);
  [owner, ann] = await Promise.all([signUp(t.app), signUp(t.app)]);
});

async function blobCount(): Promise<number> {
  const res: unknown = await t.ctx.db.execute(sql`select count(*)::int as n from blobs`);
  return Number((res as { rows: { n: number }[] }).rows[0]!.n);
}

describe('POST /datasets/{id}/fork', () => {
  it('shows in the public totals at once (the short count cache is cleared)', async () => {
    const source = await newDataset(t, owner);
    const total = async () => (await call('GET', '/datasets?limit=1')).json().total as number;
    const stats = async () =>
      (await call('GET', '/datasets/stats')).json().total_datasets as number;
    const [before, statsBefore] = [await total(), await stats()];
    const res = await call('POST', `/datasets/${source.id}/fork`, ann, {
      name: 'Counted fork',
      description: '',
      is_public: true,
    });
    expect(res.statusCode).toBe(201);
    expect(await total()).toBe(before + 1);
    expect(await stats()).toBe(statsBefore + 1);
  });

  it('makes a dataset of the caller that shares the source versions without copying', async () => {
    const source = await newDataset(t, owner, { tags: ['rain', 'cities'], language: 'zh-CN' });
    const v2 = await call('POST', `/datasets/${source.id}/versions`, owner, {
      attributes: ['city', 'rain_mm'],
      entries: [['Chengdu', 900]],
      changelog: 'Chengdu',
    });
    expect(v2.statusCode).toBe(201);
    const sourceDetail = (await datasetAs(t, source.id)).json();
    const blobsBefore = await blobCount();

    const res = await call('POST', `/datasets/${source.id}/fork`, ann, {
      name: 'My rain',
      description: 'Forked to extend',
      is_public: true,
    });
    expect(res.statusCode).toBe(201);
    const fork = res.json();
    expect(fork).toMatchObject({
      name: 'My rain',
      description: 'Forked to extend',
      is_public: true,
      owner_id: ann.user.id,
      is_fork: true,
      forked_from: { id: source.id, name: source.name },
      tags: ['rain', 'cities'],
      language: 'zh-CN',
      latest_version: 2,
    });
    expect(fork.owner.id).toBe(ann.user.id);
    expect(fork.id).not.toBe(source.id);

    type V = { version: number; sha256: string; entries_count: number; dataset_id: number };
    const shas = (d: { versions: V[] }) => d.versions.map((v) => [v.version, v.sha256]);
    expect(shas(fork)).toEqual(shas(sourceDetail));
    expect((fork.versions as V[]).every((v) => v.dataset_id === fork.id)).toBe(true);
    expect(await blobCount()).toBe(blobsBefore);

    const content = await call('GET', `/datasets/${fork.id}/version`, ann);
    expect(content.statusCode).toBe(200);
    expect(content.json().entries).toEqual([['Chengdu', 900]]);

    const after = (await datasetAs(t, source.id)).json();
    expect(after.fork_count).toBe(1);
    expect(after.heat).toBeGreaterThan(sourceDetail.heat);
  });

  it('takes name, description and visibility from the source when left out', async () => {
    const source = await newDataset(t, owner);
    const res = await call('POST', `/datasets/${source.id}/fork`, ann, {});
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: source.name,
      description: source.description,
      is_public: true,
    });
  });

  it('is refused when the owner disallows forks, and allowed again when they allow them', async () => {
    const source = await newDataset(t, owner);
    const off = await call('PUT', `/datasets/${source.id}/fork-settings`, owner, {
      allow_forks: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: source.id, allow_fork: false });

    const refused = await call('POST', `/datasets/${source.id}/fork`, ann, { name: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORK_NOT_ALLOWED');
    expect((await datasetAs(t, source.id)).json().fork_count).toBe(0);

    const own = await call('POST', `/datasets/${source.id}/fork`, owner, { name: 'Own copy' });
    expect(own.statusCode).toBe(201);

    await call('PUT', `/datasets/${source.id}/fork-settings`, owner, { allow_forks: true });
    expect((await call('POST', `/datasets/${source.id}/fork`, ann, {})).statusCode).toBe(201);
    expect((await datasetAs(t, source.id)).json().fork_count).toBe(2);
  });

  it('answers 404 for a private dataset of someone else, and lets the owner fork it', async () => {
    const hidden = await newDataset(t, owner, { is_public: false });
    const res = await call('POST', `/datasets/${hidden.id}/fork`, ann, { name: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DATASET_NOT_FOUND');
    expect((await call('POST', '/datasets/999999/fork', ann, {})).statusCode).toBe(404);
    const own = await call('POST', `/datasets/${hidden.id}/fork`, owner, {});
    expect(own.statusCode).toBe(201);
    expect(own.json().is_public).toBe(false);
  });

  it('validates the body and needs a token', async () => {
    const source = await newDataset(t, owner);
    expect((await call('POST', `/datasets/${source.id}/fork`, undefined, {})).statusCode).toBe(401);
    for (const payload of [{ name: '' }, { name: 'x'.repeat(101) }, { is_public: 'yes' }]) {
      const res = await call('POST', `/datasets/${source.id}/fork`, ann, payload);
      expect(res.statusCode).toBe(400);
    }
  });

  it('stops counting a fork once it is deleted', async () => {
    const source = await newDataset(t, owner);
    const fork = (await call('POST', `/datasets/${source.id}/fork`, ann, {})).json<{
      id: number;
    }>();
    expect((await datasetAs(t, source.id)).json().fork_count).toBe(1);
    expect((await call('DELETE', `/datasets/${fork.id}`, ann)).statusCode).toBe(204);
    expect((await datasetAs(t, source.id)).json().fork_count).toBe(0);
  });

  it('shows no origin when the fork’s source is private to the viewer', async () => {
    const source = await newDataset(t, owner);
    const fork = (await call('POST', `/datasets/${source.id}/fork`, ann, {})).json();
    await call('PUT', `/datasets/${source.id}`, owner, { is_public: false });
    const seen = (await datasetAs(t, fork.id, ann)).json();
    expect(seen.is_fork).toBe(true);
    expect(seen.forked_from).toBeNull();
  });
});

describe('PUT /datasets/{id}/fork-settings', () => {
  it('is for the owner only: 403 on a public dataset, 404 on a private one', async () => {
    const open = await newDataset(t, owner);
    const hidden = await newDataset(t, owner, { is_public: false });
    const forbidden = await call('PUT', `/datasets/${open.id}/fork-settings`, ann, {
      allow_forks: false,
    });
    expect(forbidden.statusCode).toBe(403);
    const missing = await call('PUT', `/datasets/${hidden.id}/fork-settings`, ann, {
      allow_forks: false,
    });
    expect(missing.statusCode).toBe(404);
    expect((await datasetAs(t, open.id)).json().allow_fork).toBe(true);
    const bad = await call('PUT', `/datasets/${open.id}/fork-settings`, owner, {
      allow_forks: 'no',
    });
    expect(bad.statusCode).toBe(400);
  });
});
