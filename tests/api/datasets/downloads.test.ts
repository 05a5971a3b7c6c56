import { readFileSync, writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { RENDERED_SUFFIX } from '../../../src/server/blobs/store.ts';
import { describe, expect, it } from 'vitest';
import { datasets, downloadMarks } from '../../../src/server/db/schema.ts';
import { recomputeAllHeat } from '../../../src/server/services/datasets/heat.ts';
import { DOWNLOAD_RENDERING } from '../../../src/server/tables/index.ts';
import { createDataset, get, type TestUser, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

const table = {
  attributes: ['城市', 'note', 'n'],
  entries: [
    ['北京', 'has, comma', 1],
    ['上海', 'says "hi"', null],
  ],
};

const download = (id: number, query = '', user?: TestUser, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/datasets/${id}/versions/1/download${query}`,
    headers: user?.headers ?? {},
    remoteAddress: ip,
  });

const downloads = async (id: number) =>
  (await get(t, `/datasets/${id}`, alice)).json().download_count as number;

describe('download formats', () => {
  it('CSV by default, with a UTF-8 BOM and an RFC 5987 file name for a Chinese name', async () => {
    const d = await createDataset(t, alice, { name: '中国人口普查', ...table });
    const res = await download(d.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="dataset-${d.id}-v1.csv"; filename*=UTF-8''%E4%B8%AD%E5%9B%BD%E4%BA%BA%E5%8F%A3%E6%99%AE%E6%9F%A5-v1.csv`,
    );
    expect(res.body).toBe('\uFEFF城市,note,n\r\n北京,"has, comma",1\r\n上海,"says ""hi""",\r\n');
  });

  it('JSON: a list of objects keyed by column', async () => {
    const d = await createDataset(t, alice, { name: 'Cities (2020)', ...table });
    const res = await download(d.id, '?format=json');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cities (2020)-v1.json"; filename*=UTF-8''Cities%20%282020%29-v1.json`,
    );
    expect(res.json()).toEqual([
      { 城市: '北京', note: 'has, comma', n: 1 },
      { 城市: '上海', note: 'says "hi"', n: null },
    ]);
  });

  it('JSON Lines: one object per line; mixed names keep their ASCII part', async () => {
    const d = await createDataset(t, alice, { name: '城市 cities/2020', ...table });
    const res = await download(d.id, '?format=jsonl');
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cities 2020-v1\.jsonl"; filename\*=UTF-8''%E5%9F%8E%E5%B8%82%20cities%202020-v1\.jsonl$/,
    );
    expect(
      res.body
        .trim()
        .split('\n')
        .map((l): unknown => JSON.parse(l)),
    ).toEqual([
      { 城市: '北京', note: 'has, comma', n: 1 },
      { 城市: '上海', note: 'says "hi"', n: null },
    ]);
  });

  it('renders a text format once into a file that later downloads and ranges read', async () => {
    const d = await createDataset(t, alice, { name: 'Rendered once', ...table });
    const sha = (d.versions as { sha256: string }[])[0]!.sha256;
    const rendered = t.ctx.blobs.derivedPath(sha, RENDERED_SUFFIX.jsonl);
    const first = await download(d.id, '?format=jsonl');
    expect(first.statusCode).toBe(200);
    expect(readFileSync(rendered, 'utf8')).toBe(first.body);
    // Later reads come from the file: changed on disk, the answer follows it.
    writeFileSync(rendered, first.body.toUpperCase());
    const again = await download(d.id, '?format=jsonl');
    expect(again.body).toBe(first.body.toUpperCase());
  });

  it('rejects an unknown format and a missing version', async () => {
    const d = await createDataset(t, alice, { name: 'Formats', ...table });
    expect((await download(d.id, '?format=xlsx')).statusCode).toBe(400);
    const missing = await get(t, `/datasets/${d.id}/versions/9/download`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('VERSION_NOT_FOUND');
    expect(await downloads(d.id)).toBe(0);
  });
});

describe('download counting', () => {
  it('counts once per signed-in user per version within 5 minutes', async () => {
    const d = await createDataset(t, alice, { name: 'Counted', ...table });
    await download(d.id, '', bob, '10.0.0.1');
    await download(d.id, '?format=json', bob, '10.0.0.2');
    expect(await downloads(d.id)).toBe(1);
    await download(d.id, '', alice);
    expect(await downloads(d.id)).toBe(2);
  });

  it('counts guests by IP address', async () => {
    const d = await createDataset(t, alice, { name: 'Guests', ...table });
    await download(d.id, '', undefined, '10.1.1.1');
    await download(d.id, '', undefined, '10.1.1.1');
    await download(d.id, '', undefined, '10.1.1.2');
    expect(await downloads(d.id)).toBe(2);
  });

  it('counts again once the 5 minutes have passed, and raises heat', async () => {
    const d = await createDataset(t, alice, { name: 'Again', ...table });
    const heat0 = (await get(t, `/datasets/${d.id}`)).json().heat;
    await download(d.id, '', bob);
    const heat1 = (await get(t, `/datasets/${d.id}`)).json().heat;
    expect(heat1).toBeGreaterThan(heat0);
    await t.ctx.db
      .update(downloadMarks)
      .set({ countedAt: sql`now() - interval '4 minutes 50 seconds'` });
    await download(d.id, '', bob);
    expect(await downloads(d.id)).toBe(1);
    await t.ctx.db
      .update(downloadMarks)
      .set({ countedAt: sql`now() - interval '5 minutes 1 second'` });
    await download(d.id, '', bob);
    expect(await downloads(d.id)).toBe(2);
    expect((await get(t, `/datasets/${d.id}`)).json().heat).toBeGreaterThan(heat1);
  });

  it('counts for the stats', async () => {
    const d = await createDataset(t, alice, { name: 'Stats', ...table });
    await download(d.id, '', undefined, '10.9.9.9');
    const stats = (await get(t, '/datasets/stats')).json();
    const [row] = await t.ctx.db
      .select({ n: sql<number>`sum(${datasets.downloadCount})::int` })
      .from(datasets);
    expect(await downloads(d.id)).toBe(1);
    expect(stats.total_downloads).toBe(row!.n);
    expect(stats.total_downloads).toBeGreaterThanOrEqual(1);
  });
});

describe('heat', () => {
  it('fades with age when recomputed, and old download marks are dropped', async () => {
    const d = await createDataset(t, alice, { name: 'Ageing', ...table });
    await download(d.id, '', bob);
    const fresh = (await get(t, `/datasets/${d.id}`)).json().heat;
    await t.ctx.db
      .update(datasets)
      .set({ createdAt: sql`now() - interval '48 hours'` })
      .where(eq(datasets.id, d.id));
    await t.ctx.db.update(downloadMarks).set({ countedAt: sql`now() - interval '1 hour'` });
    await recomputeAllHeat(t.ctx.db);
    const aged = (await get(t, `/datasets/${d.id}`)).json().heat;
    expect(aged).toBeLessThan(fresh / 10);
    // (1 download + 1) / (48 + 2)^1.5
    expect(aged).toBeCloseTo(2 / 50 ** 1.5, 6);
    expect(await t.ctx.db.select().from(downloadMarks)).toEqual([]);
  });

  it('ranks a favourite, a rating and a fork above a download', async () => {
    const base = await createDataset(t, alice, { name: 'Base', ...table });
    const popular = await createDataset(t, alice, { name: 'Popular', ...table });
    await t.ctx.db
      .update(datasets)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(sql`${datasets.id} in (${base.id}, ${popular.id})`);
    await t.ctx.db.update(datasets).set({ downloadCount: 2 }).where(eq(datasets.id, base.id));
    await t.ctx.db.update(datasets).set({ favoriteCount: 1 }).where(eq(datasets.id, popular.id));
    await recomputeAllHeat(t.ctx.db);
    const heat = async (id: number) => (await get(t, `/datasets/${id}`)).json().heat as number;
    expect(await heat(popular.id)).toBeGreaterThan(await heat(base.id));
    expect(await heat(base.id)).toBeCloseTo(3 / 3 ** 1.5, 2);
  });
});

describe('resumable, cacheable downloads', () => {
  it('every format has a length, a strong ETag and answers byte ranges', async () => {
    const d = await createDataset(t, alice, { name: '断点续传', ...table });
    for (const format of ['csv', 'json', 'jsonl', 'parquet']) {
      const whole = await download(d.id, `?format=${format}`);
      expect(whole.statusCode).toBe(200);
      const size = whole.rawPayload.length;
      expect(Number(whole.headers['content-length'])).toBe(size);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      // A text format's tag names the rendering of its bytes (DOWNLOAD_RENDERING).
      const tag = format === 'parquet' ? format : `r${DOWNLOAD_RENDERING}.${format}`;
      expect(whole.headers.etag).toBe(`"${d.versions[0]!.sha256}.${tag}"`);
      expect(whole.headers['last-modified']).toBe(
        new Date(d.versions[0]!.created_at).toUTCString(),
      );
      const rest = await t.app.inject({
        method: 'GET',
        url: `/api/v1/datasets/${d.id}/versions/1/download?format=${format}`,
        headers: { range: 'bytes=5-' },
      });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers['content-range']).toBe(`bytes 5-${size - 1}/${size}`);
      expect(rest.rawPayload.equals(whole.rawPayload.subarray(5))).toBe(true);
      const piece = await t.app.inject({
        method: 'GET',
        url: `/api/v1/datasets/${d.id}/versions/1/download?format=${format}`,
        headers: { range: 'bytes=2-6' },
      });
      expect(piece.rawPayload.equals(whole.rawPayload.subarray(2, 7))).toBe(true);
    }
  });

  it('304 for a known tag (GET and HEAD of every format); If-Range with another tag gets the whole file', async () => {
    const open = await createDataset(t, alice, table);
    const pub = await download(open.id);
    const etag = String(pub.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1/datasets/${open.id}/versions/1/download`,
        headers: { 'if-none-match': header },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    for (const format of ['csv', 'json', 'jsonl', 'parquet']) {
      const url = `/api/v1/datasets/${open.id}/versions/1/download?format=${format}`;
      const tag = String((await t.app.inject({ method: 'HEAD', url })).headers.etag);
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'if-none-match': tag } });
      expect([format, head.statusCode, head.body]).toEqual([format, 304, '']);
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${open.id}/versions/1/download`,
      headers: { range: 'bytes=3-', 'if-range': '"older"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('HEAD, resumed and revalidated (304) requests are not counted; a malformed range gets the whole file', async () => {
    const d = await createDataset(t, alice, table);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/datasets/${d.id}/versions/1/download?format=json`,
      remoteAddress: '10.9.9.9',
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body).toBe('');
    const resumed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${d.id}/versions/1/download`,
      headers: { range: 'bytes=10-' },
      remoteAddress: '10.9.9.8',
    });
    expect(resumed.statusCode).toBe(206);
    const etag = String(head.headers.etag).replace('.json"', '.csv"');
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${d.id}/versions/1/download`,
      headers: { 'if-none-match': etag },
      remoteAddress: '10.9.9.6',
    });
    expect(revalidated.statusCode).toBe(304);
    expect(await downloads(d.id)).toBe(0);
    // A tag of another file is no revalidation: the file is sent and counted.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${d.id}/versions/1/download`,
      headers: { 'if-none-match': '"other"' },
      remoteAddress: '10.9.9.5',
    });
    expect(other.statusCode).toBe(200);
    expect(await downloads(d.id)).toBe(1);
    const odd = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${d.id}/versions/1/download`,
      headers: { range: 'lines=1-2' },
      remoteAddress: '10.9.9.7',
    });
    expect(odd.statusCode).toBe(200);
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${d.id}/versions/1/download`,
      headers: { range: 'bytes=100000-' },
    });
    expect(past.statusCode).toBe(416);
    expect(past.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });
  });
});
