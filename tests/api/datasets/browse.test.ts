import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, users } from '../../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { addUser, createDataset, get, queryRows, type TestUser } from '../../support/api.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids: Record<string, number> = {};

/** Sets counters directly, as ratings, favourites and downloads would. */
async function setCounters(id: number, values: Partial<typeof datasets.$inferInsert>) {
  await t.ctx.db.update(datasets).set(values).where(eq(datasets.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t, 'alice');
  bob = await addUser(t, 'bob');
  ids['census'] = (
    await createDataset(t, alice, {
      name: '中国人口普查',
      tags: ['人口', 'Census'],
      language: 'zh-CN',
    })
  ).id;
  ids['weather'] = (
    await createDataset(t, alice, {
      name: 'Weather stations',
      tags: ['climate'],
      language: 'en-US',
    })
  ).id;
  ids['books'] = (
    await createDataset(t, bob, {
      name: 'Books',
      tags: ['literature', 'census'],
      language: 'en-US',
    })
  ).id;
  ids['secret'] = (await createDataset(t, alice, { name: 'Alice secret', is_public: false })).id;
  await setCounters(ids['census'], { downloadCount: 5, averageScore: 3, heat: 1 });
  await setCounters(ids['weather'], { downloadCount: 50, averageScore: 4.5, heat: 3 });
  await setCounters(ids['books'], { downloadCount: 10, averageScore: 1, heat: 2 });
});
afterAll(() => t.close());

const names = (body: { datasets: { name: string }[] }) => body.datasets.map((d) => d.name);

describe('GET /datasets', () => {
  it('lists public datasets newest first, light items without versions', async () => {
    const res = await get(t, '/datasets');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(['Books', 'Weather stations', '中国人口普查']);
    expect(body).toMatchObject({ total: 3, offset: 0, limit: 20 });
    const item = body.datasets[2];
    expect(item).not.toHaveProperty('versions');
    expect(item).toMatchObject({
      id: ids['census'],
      name: '中国人口普查',
      description: '',
      language: 'zh-CN',
      owner_id: alice.id,
      owner: { id: alice.id, username: 'alice', nickname: 'alice' },
      is_public: true,
      allow_fork: true,
      tags: ['人口', 'census'],
      download_count: 5,
      average_score: 3,
      rating_count: 0,
      favorite_count: 0,
      fork_count: 0,
      forked_from: null,
      is_fork: false,
      latest_version: 1,
    });
    expect(item.owner).not.toHaveProperty('email');
  });

  it.each([
    ['heat', ['Weather stations', 'Books', '中国人口普查']],
    ['downloads', ['Weather stations', 'Books', '中国人口普查']],
    ['score', ['Weather stations', '中国人口普查', 'Books']],
    ['name', ['Books', 'Weather stations', '中国人口普查']],
    ['recent', ['Books', 'Weather stations', '中国人口普查']],
  ])('sorts by %s', async (sort, expected) => {
    const res = await get(t, `/datasets?sort=${sort}`);
    expect(names(res.json())).toEqual(expected);
  });

  it('pages with offset and limit, total unchanged', async () => {
    const res = await get(t, '/datasets?sort=name&offset=1&limit=1');
    expect(res.json()).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(names(res.json())).toEqual(['Weather stations']);
  });

  it('filters by tags (comma-separated or repeated, all must match, any case)', async () => {
    expect(names((await get(t, '/datasets?tags=CENSUS')).json())).toEqual([
      'Books',
      '中国人口普查',
    ]);
    expect(names((await get(t, '/datasets?tags=census,人口')).json())).toEqual(['中国人口普查']);
    // The full-width comma separates too, as in the site's tag fields and links.
    const wide = `/datasets?tags=${encodeURIComponent('census，人口')}`;
    expect(names((await get(t, wide)).json())).toEqual(['中国人口普查']);
    expect(names((await get(t, '/datasets?tags=census&tags=literature')).json())).toEqual([
      'Books',
    ]);
  });

  it('stores and filters tags in their plain form, full-width letters and digits included', async () => {
    const typed = await createDataset(t, bob, {
      name: '全角标签',
      tags: ['ＡＩ', 'Ｐｙｔｈｏｎ３', 'ai'],
    });
    expect(typed.tags).toEqual(['ai', 'python3']);
    for (const tags of ['ai', 'ＡＩ', 'python3,ａｉ']) {
      const res = await get(t, `/datasets?tags=${encodeURIComponent(tags)}`);
      expect(names(res.json()), tags).toEqual(['全角标签']);
    }
  });

  it('filters by language, normalising its case', async () => {
    const res = await get(t, '/datasets?language=EN-us&sort=name');
    expect(names(res.json())).toEqual(['Books', 'Weather stations']);
  });

  it('filters by owner: someone else sees only the public ones, the owner all', async () => {
    expect(names((await get(t, `/datasets?owner_id=${alice.id}`, bob)).json())).toEqual([
      'Weather stations',
      '中国人口普查',
    ]);
    expect(names((await get(t, `/datasets?owner_id=${alice.id}`, alice)).json())).toEqual([
      'Alice secret',
      'Weather stations',
      '中国人口普查',
    ]);
  });

  it('filters by query, in the given sort', async () => {
    const res = await get(t, '/datasets?query=census&sort=name');
    expect(names(res.json())).toEqual(['Books', '中国人口普查']);
    expect(res.json().total).toBe(2);
  });

  it('rejects bad parameters with the field named', async () => {
    for (const q of ['limit=101', 'limit=0', 'offset=-1', 'sort=best', 'is_public=maybe']) {
      const res = await get(t, `/datasets?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toContain(q.split('=')[0]);
    }
  });

  it('says a page parameter that is not a number must be an integer', async () => {
    for (const path of [
      '/datasets?offset=abc',
      '/datasets?limit=ten',
      '/datasets/search?offset=x',
      '/datasets/search?limit=x',
      '/datasets/user/public?user_id=1&limit=x',
      '/users?offset=x',
    ]) {
      const res = await get(t, path);
      expect(res.statusCode, path).toBe(400);
      const field = path.includes('limit=') ? 'limit' : 'offset';
      expect(res.json(), path).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `Invalid ${field}: ${field} must be an integer`,
        details: [{ field, message: `${field} must be an integer` }],
      });
    }
  });
});

describe('GET /datasets/me', () => {
  it("lists the caller's own datasets, private included", async () => {
    const res = await get(t, '/datasets/me', alice);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Alice secret', 'Weather stations', '中国人口普查']);
    expect(res.json().total).toBe(3);
  });

  it('filters by query and sorts by sort_by', async () => {
    expect(names((await get(t, '/datasets/me?query=secret', alice)).json())).toEqual([
      'Alice secret',
    ]);
    expect(names((await get(t, '/datasets/me?sort_by=downloads', alice)).json())[0]).toBe(
      'Weather stations',
    );
  });

  it('needs a signed-in caller', async () => {
    const res = await get(t, '/datasets/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /datasets/{id}', () => {
  it('answers the dataset with its versions', async () => {
    const res = await get(t, `/datasets/${ids['census']}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.versions).toHaveLength(1);
    expect(body.versions[0]).toMatchObject({
      version: 1,
      dataset_id: ids['census'],
      entries_count: 3,
      changelog: '',
      attributes: ['城市', 'population', 'year'],
      attribute_types: { 城市: 'string', population: 'integer', year: 'integer' },
    });
    expect(body.versions[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.versions[0].byte_size).toBeGreaterThan(0);
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await get(t, '/datasets/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'Dataset not found',
      code: 'DATASET_NOT_FOUND',
      details: null,
    });
    expect((await get(t, '/datasets/abc')).statusCode).toBe(400);
  });

  it('shows a fork its origin while it exists, and null after it is gone', async () => {
    const origin = await createDataset(t, bob, { name: 'Origin' });
    const fork = await createDataset(t, alice, { name: 'Fork' });
    await setCounters(fork.id, { forkedFromId: origin.id, isFork: true });
    const before = (await get(t, `/datasets/${fork.id}`)).json();
    expect(before).toMatchObject({ is_fork: true, forked_from: { id: origin.id, name: 'Origin' } });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/datasets/${origin.id}`,
      headers: bob.headers,
    });
    const after = (await get(t, `/datasets/${fork.id}`)).json();
    expect(after).toMatchObject({ is_fork: true, forked_from: null });
    await t.ctx.db.delete(datasets).where(eq(datasets.id, fork.id));
  });

  it('shows a placeholder owner when the owner is gone', async () => {
    const carol = await addUser(t, 'carol');
    const d = await createDataset(t, carol, { name: 'Orphan' });
    await t.ctx.db.delete(users).where(eq(users.id, carol.id));
    const body = (await get(t, `/datasets/${d.id}`)).json();
    expect(body.owner_id).toBeNull();
    expect(body.owner).toMatchObject({ id: 0, username: 'unknown', nickname: 'Unknown User' });
    await t.ctx.db.delete(datasets).where(eq(datasets.id, d.id));
  });
});

describe('GET /datasets/user/public', () => {
  it("lists a user's public datasets only", async () => {
    const res = await get(t, `/datasets/user/public?user_id=${alice.id}`, alice);
    expect(names(res.json())).toEqual(['Weather stations', '中国人口普查']);
  });

  it('never lists more than the first 100', async () => {
    const dave = await addUser(t, 'dave');
    await t.ctx.db.execute(sql`
      insert into datasets (owner_id, name, created_at)
      select ${dave.id}, 'bulk ' || i, now() - make_interval(mins => i)
      from generate_series(1, 105) as i`);
    const first = (await get(t, `/datasets/user/public?user_id=${dave.id}&limit=500`)).json();
    expect(first).toMatchObject({ total: 100, offset: 0, limit: 100 });
    expect(first.datasets).toHaveLength(100);
    expect(first.datasets[99].name).toBe('bulk 100');
    const tail = (
      await get(t, `/datasets/user/public?user_id=${dave.id}&offset=95&limit=20`)
    ).json();
    expect(tail).toMatchObject({ total: 100, offset: 95, limit: 5 });
    expect(names(tail)).toEqual(['bulk 96', 'bulk 97', 'bulk 98', 'bulk 99', 'bulk 100']);
    const beyond = (await get(t, `/datasets/user/public?user_id=${dave.id}&offset=100`)).json();
    expect(beyond.datasets).toEqual([]);
    expect(beyond.total).toBe(100);
    await t.ctx.db.delete(datasets).where(eq(datasets.ownerId, dave.id));
  });

  it('needs user_id', async () => {
    const res = await get(t, '/datasets/user/public');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('user_id');
  });
});

describe('GET /datasets/stats', () => {
  it('counts public datasets and their downloads', async () => {
    const res = await get(t, '/datasets/stats', alice);
    expect(res.statusCode).toBe(200);
    const [row] = await queryRows<{ n: number; d: number }>(
      t,
      sql`select count(*)::int as n, sum(download_count)::int as d from datasets where is_public`,
    );
    expect(res.json()).toEqual({ total_datasets: row!.n, total_downloads: row!.d });
    expect(res.json().total_downloads).toBe(65);
  });
});
