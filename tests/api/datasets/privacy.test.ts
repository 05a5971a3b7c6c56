import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasets } from '../../../src/server/db/schema.ts';
import { createDataset, get, sampleTable, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const owner = suiteUser(t, 'owner');
const stranger = suiteUser(t, 'stranger');
let secret: { id: number };
let open: { id: number };

beforeAll(async () => {
  secret = await createDataset(t, owner, {
    name: '秘密人口数据 hidden',
    tags: ['secret'],
    is_public: false,
  });
  open = await createDataset(t, owner, { name: 'Open data', tags: ['open'] });
  await t.ctx.db.update(datasets).set({ downloadCount: 7 }).where(eq(datasets.id, secret.id));
});

const viewers = () =>
  [
    ['a stranger', stranger],
    ['a guest', undefined],
  ] as const;

const ids = (body: { datasets: { id: number }[] }) => body.datasets.map((d) => d.id);

describe('a private dataset is invisible to everyone but its owner', () => {
  const notFound = {
    message: 'Dataset not found',
    code: 'DATASET_NOT_FOUND',
    details: null,
  };

  it.each([
    ['detail', () => `/datasets/${secret.id}`],
    ['versions', () => `/datasets/${secret.id}/versions`],
    ['content', () => `/datasets/${secret.id}/version`],
    ['download', () => `/datasets/${secret.id}/versions/1/download`],
  ])('%s: 404 for a stranger and a guest, 200 for the owner', async (_name, url) => {
    for (const [who, viewer] of viewers()) {
      const res = await get(t, url(), viewer);
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual(notFound);
    }
    expect((await get(t, url(), owner)).statusCode).toBe(200);
  });

  it('list: never shows it to others, whatever the filters', async () => {
    for (const [who, viewer] of viewers()) {
      for (const q of [
        '',
        '?is_public=false',
        `?owner_id=${owner.id}`,
        '?tags=secret',
        '?query=秘密',
      ]) {
        const body = (await get(t, `/datasets${q}`, viewer)).json();
        expect(ids(body), `${who} ${q}`).not.toContain(secret.id);
      }
      const mine = (await get(t, '/datasets?is_public=false', viewer)).json();
      expect(mine, who).toMatchObject({ datasets: [], total: 0 });
    }
    const own = (await get(t, '/datasets?is_public=false', owner)).json();
    expect(ids(own)).toEqual([secret.id]);
  });

  it('me: only the owner has it', async () => {
    expect(ids((await get(t, '/datasets/me', stranger)).json())).toEqual([]);
    expect(ids((await get(t, '/datasets/me', owner)).json())).toContain(secret.id);
  });

  it('user/public: never, not even for the owner', async () => {
    for (const viewer of [stranger, undefined, owner]) {
      const body = (await get(t, `/datasets/user/public?user_id=${owner.id}`, viewer)).json();
      expect(ids(body)).toEqual([open.id]);
      expect(body.total).toBe(1);
    }
  });

  it('search: only the owner finds it', async () => {
    for (const [who, viewer] of viewers()) {
      for (const q of ['秘密', 'hidden', '']) {
        const body = (
          await get(t, `/datasets/search?query=${encodeURIComponent(q)}`, viewer)
        ).json();
        expect(ids(body), `${who} "${q}"`).not.toContain(secret.id);
      }
    }
    const body = (await get(t, '/datasets/search?query=hidden', owner)).json();
    expect(ids(body)).toEqual([secret.id]);
  });

  it('stats: counts public datasets only, for everyone', async () => {
    for (const viewer of [stranger, undefined, owner]) {
      expect((await get(t, '/datasets/stats', viewer)).json()).toEqual({
        total_datasets: 1,
        total_downloads: 0,
      });
    }
  });

  it('a fork does not reveal a private origin to others', async () => {
    const fork = await createDataset(t, stranger, { name: 'Fork of secret' });
    await t.ctx.db
      .update(datasets)
      .set({ forkedFromId: secret.id, isFork: true })
      .where(eq(datasets.id, fork.id));
    expect((await get(t, `/datasets/${fork.id}`, stranger)).json().forked_from).toBeNull();
    expect((await get(t, `/datasets/${fork.id}`, owner)).json().forked_from).toEqual({
      id: secret.id,
      name: '秘密人口数据 hidden',
    });
    await t.ctx.db.delete(datasets).where(eq(datasets.id, fork.id));
  });
});

describe('only the owner changes a dataset: 403 on a public one, 404 on a private one', () => {
  const changes = (id: number) => [
    { method: 'PUT' as const, url: `/api/v1/datasets/${id}`, payload: { name: 'Taken' } },
    { method: 'DELETE' as const, url: `/api/v1/datasets/${id}` },
    {
      method: 'POST' as const,
      url: `/api/v1/datasets/${id}/versions`,
      payload: { ...sampleTable, changelog: 'mine now' },
    },
  ];

  it('answers 403 FORBIDDEN for a public dataset', async () => {
    for (const req of changes(open.id)) {
      const res = await t.app.inject({ ...req, headers: stranger.headers });
      expect(res.statusCode, req.method).toBe(403);
      expect(res.json(), req.method).toEqual({
        message: 'Only the owner may change this dataset',
        code: 'FORBIDDEN',
        details: null,
      });
    }
  });

  it('answers 404 for a private dataset', async () => {
    for (const req of changes(secret.id)) {
      const res = await t.app.inject({ ...req, headers: stranger.headers });
      expect(res.statusCode, req.method).toBe(404);
      expect(res.json().code).toBe('DATASET_NOT_FOUND');
    }
  });

  it('answers 401 for a guest', async () => {
    for (const req of changes(open.id)) {
      expect((await t.app.inject(req)).statusCode, req.method).toBe(401);
    }
  });

  it('left both datasets as they were', async () => {
    const res = await get(t, `/datasets/${open.id}`);
    expect(res.json()).toMatchObject({ name: 'Open data', latest_version: 1 });
    expect(res.json().versions).toHaveLength(1);
    expect((await get(t, `/datasets/${secret.id}`, owner)).json().latest_version).toBe(1);
  });
});
