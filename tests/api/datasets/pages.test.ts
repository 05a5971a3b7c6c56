import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATASET_SORTS, type DatasetListResponse } from '../../../src/contracts/datasets.ts';
import { forgetCounts } from '../../../src/server/services/datasets/counts.ts';
import { LANDMARK_STRIDE } from '../../../src/server/services/datasets/landmarks.ts';
import { RANK_WINDOW } from '../../../src/server/services/datasets/search-window.ts';
import { createDataset, get, queryRows, suiteApp, suiteUser } from '../../support/api.ts';

/** Deep offsets and cursors give the same rows as one plain ordered scan, for every sort. */
const t = suiteApp();
const alice = suiteUser(t, 'alice');
const COUNT = 23;

beforeAll(async () => {
  for (let i = 0; i < COUNT; i++) {
    await createDataset(t, alice, {
      name: `数据 ${String.fromCharCode(65 + (i % 5))}`,
      tags: ['x'],
    });
  }
  await createDataset(t, alice, { name: '数据 private', is_public: false });
  // Few distinct values, so that most rows tie and the order rests on the id.
  await t.ctx.db.execute(sql`update datasets set
    heat = (id % 4) * 0.1 + 0.3, download_count = id % 3, average_score = (id % 2) * 2.5,
    created_at = timestamp with time zone '2026-01-01 00:00:00.123456+00' + (id % 6) * interval '1 hour'`);
});

const SCAN: Record<string, string> = {
  recent: 'created_at desc, id desc',
  heat: 'heat desc, id desc',
  downloads: 'download_count desc, id desc',
  score: 'average_score desc, id desc',
  name: 'name collate dataset_name asc, id asc',
};

async function scan(sort: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t,
    sql.raw(`select id from datasets where is_public order by ${SCAN[sort]}`),
  );
  return rows.map((r) => Number(r.id));
}

const list = async (url: string) => {
  const res = await get(t, url);
  expect(res.statusCode).toBe(200);
  return res.json<DatasetListResponse>();
};
const idsOf = (body: DatasetListResponse) => body.datasets.map((d) => d.id);

/** Every page by following next_cursor from the first. */
async function followCursors(base: string, total = COUNT): Promise<number[]> {
  const seen: number[] = [];
  let body = await list(base);
  seen.push(...idsOf(body));
  for (let guard = 0; body.next_cursor && guard < 100; guard++) {
    body = await list(`${base}&cursor=${body.next_cursor}`);
    expect(body.total).toBe(total);
    seen.push(...idsOf(body));
  }
  expect(body.next_cursor).toBeNull();
  return seen;
}

describe('list pages', () => {
  it.each(DATASET_SORTS)(
    'sort=%s: offsets and cursors walk the plain ordered scan',
    async (sort) => {
      const expected = await scan(sort);
      expect(expected).toHaveLength(COUNT);
      for (const offset of [0, 4, 17, 21, 22, 23, 40]) {
        const body = await list(`/datasets?sort=${sort}&offset=${offset}&limit=4`);
        expect(idsOf(body)).toEqual(expected.slice(offset, offset + 4));
        expect(body.total).toBe(COUNT);
        expect(body.next_cursor === null).toBe(offset + 4 >= COUNT);
      }
      expect(await followCursors(`/datasets?sort=${sort}&limit=5`)).toEqual(expected);
      const first = await list(`/datasets?sort=${sort}&limit=3`);
      const skipped = await list(
        `/datasets?sort=${sort}&limit=3&offset=2&cursor=${first.next_cursor}`,
      );
      expect(idsOf(skipped)).toEqual(expected.slice(5, 8));
    },
  );

  it('pages search results by cursor in ranking order', async () => {
    const byOffset = await list(`/datasets/search?query=${encodeURIComponent('数据')}&limit=50`);
    expect(byOffset.total).toBe(COUNT);
    const seen = await followCursors(
      `/datasets/search?query=${encodeURIComponent('数据')}&limit=6`,
    );
    expect(seen).toEqual(idsOf(byOffset));
  });

  it('pages the caller’s own datasets by cursor, private ones included', async () => {
    const first = await get(t, '/datasets/me?limit=20', alice);
    const next = first.json<DatasetListResponse>().next_cursor;
    const rest = await get(t, `/datasets/me?limit=20&cursor=${next}`, alice);
    expect(rest.statusCode).toBe(200);
    expect(rest.json<DatasetListResponse>().next_cursor).toBeNull();
    const seen = [...idsOf(first.json()), ...idsOf(rest.json())];
    expect(new Set(seen).size).toBe(COUNT + 1);
  });

  it('documents cursor and next_cursor in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, { get: { parameters: { name: string }[]; responses: unknown } }>;
    }>();
    for (const path of ['/api/v1/datasets', '/api/v1/datasets/me', '/api/v1/datasets/search']) {
      const get = doc.paths[path]!.get;
      expect(get.parameters.map((p) => p.name)).toContain('cursor');
      expect(JSON.stringify(get.responses)).toContain('next_cursor');
    }
  });

  it('refuses a cursor it did not make, or one of another sort', async () => {
    const bad = await get(t, '/datasets?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const heat = await list('/datasets?sort=heat&limit=2');
    const other = await get(t, `/datasets?sort=name&cursor=${heat.next_cursor}`);
    expect(other.statusCode).toBe(400);
  });

  it('refuses a cursor whose values were changed, as not one, never with a 500', async () => {
    const made = (...parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const tampered: [string, string][] = [
      ['/datasets?limit=5', made('recent', 'yesterday', '1')],
      ['/datasets?limit=5', made('recent', '2026-02-30 00:00:00+00', '1')],
      ['/datasets?limit=5', made('recent', '2026-01-01 00:00:00+00', 'one')],
      ['/datasets?sort=heat', made('heat', '1e999', '1')],
      ['/datasets?sort=score', made('score', '1e39', '1')],
      ['/datasets?sort=downloads', made('downloads', '99999999999', '1')],
      ['/datasets?sort=name', made('name', 'x', '2147483648')],
      // Text a name can never hold (PostgreSQL's text refuses U+0000).
      ['/datasets?sort=name', made('name', '\u0000', '1')],
      ['/datasets?sort=name&query=x', made('name', 'a\u0007b', '1')],
      ['/datasets?sort=name', made('name', 'a\ud800', '1')],
      ['/datasets/search?x=1', made('recent', 'x', '1')],
      [`/datasets/search?query=${encodeURIComponent('数据')}`, made('relevance', '-5')],
      [`/datasets/search?query=${encodeURIComponent('数据')}`, made('relevance', '1.5')],
    ];
    for (const [path, cursor] of tampered) {
      const res = await get(t, `${path}&cursor=${cursor}`);
      expect(res.statusCode, `${path} ${cursor}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'cursor', message: 'cursor is invalid' }],
      });
    }
  });
});

describe('search pages past the ranked window', () => {
  const MANY = RANK_WINDOW + 37;

  beforeAll(async () => {
    // Straight into the table: the search index is kept by the database on any write.
    await t.ctx.db.execute(sql`
      insert into datasets (owner_id, name, heat)
      select ${alice.id}, '热门 ' || i, (i % 50) * 0.25 + 1 from generate_series(1, ${MANY - 1}) i`);
    await t.ctx.db.execute(
      sql`insert into datasets (owner_id, name, heat) values (${alice.id}, '热门', 0)`,
    );
  });

  it('lists every match once, the exact name first however cold, offsets agreeing with cursors', async () => {
    const q = encodeURIComponent('热门');
    const seen = await followCursors(`/datasets/search?query=${q}&limit=40`, MANY);
    expect(new Set(seen).size).toBe(MANY);
    const [exact] = await queryRows<{ id: number }>(
      t,
      sql`select id from datasets where name = '热门'`,
    );
    expect(seen[0]).toBe(Number(exact!.id));
    for (const offset of [0, 480, 500, 520, MANY - 3]) {
      const body = await list(`/datasets/search?query=${q}&offset=${offset}&limit=12`);
      expect(idsOf(body)).toEqual(seen.slice(offset, offset + 12));
      expect(body.total).toBe(MANY);
    }
  });
});

describe('search pages past a ranked window whose order is not the heat order', () => {
  // Even rows match by name, odd rows by description only, heat rising with i: relevance puts
  // the window's coldest row (i = 42, a name match) before its description matches.
  const MANY = RANK_WINDOW + 41;

  beforeAll(async () => {
    await t.ctx.db.execute(sql`
      insert into datasets (owner_id, name, description, heat)
      select ${alice.id},
        case when i % 2 = 0 then '鲸鱼 ' || i else 'ocean ' || i end,
        case when i % 2 = 0 then '' else '鲸鱼' end,
        i * 0.01
      from generate_series(1, ${MANY}) i`);
  });

  it('lists every match once, by offset and by cursor', async () => {
    const q = encodeURIComponent('鲸鱼');
    const seen = await followCursors(`/datasets/search?query=${q}&limit=30`, MANY);
    expect(seen).toHaveLength(MANY);
    expect(new Set(seen).size).toBe(MANY);
    for (const offset of [RANK_WINDOW - 5, RANK_WINDOW, RANK_WINDOW + 20]) {
      const body = await list(`/datasets/search?query=${q}&offset=${offset}&limit=12`);
      expect(idsOf(body)).toEqual(seen.slice(offset, offset + 12));
      expect(body.total).toBe(MANY);
    }
  });
});

describe('deep offsets past the landmarks', () => {
  beforeAll(async () => {
    await t.ctx.db.execute(sql`
      insert into datasets (owner_id, name, heat, download_count, average_score, created_at)
      select ${alice.id}, 'deep ' || (i % 97), (i % 7) * 0.5, i % 11, (i % 3) * 1.5,
        timestamp with time zone '2025-06-01 00:00:00.000001+00' + (i % 13) * interval '1 minute'
      from generate_series(1, ${2 * LANDMARK_STRIDE + 150}) i`);
    forgetCounts(t.ctx.db);
  });

  it.each(DATASET_SORTS)(
    'sort=%s: pages past the landmarks equal the ordered scan',
    async (sort) => {
      const expected = await scan(sort);
      expect(expected.length).toBeGreaterThan(2 * LANDMARK_STRIDE);
      const deep = [
        LANDMARK_STRIDE - 1,
        LANDMARK_STRIDE,
        LANDMARK_STRIDE + 7,
        2 * LANDMARK_STRIDE - 3,
      ];
      for (const offset of [...deep, expected.length - 5, expected.length + 10]) {
        const body = await list(`/datasets?sort=${sort}&offset=${offset}&limit=9`);
        expect(idsOf(body)).toEqual(expected.slice(offset, offset + 9));
        expect(body.total).toBe(expected.length);
      }
    },
  );
});
