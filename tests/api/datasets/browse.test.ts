import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDataset, get, queryRows } from '../../support/api.ts';
import { browseSuite, names } from '../../support/dataset-lists.ts';

const { t, alice, bob, ids } = browseSuite();

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
