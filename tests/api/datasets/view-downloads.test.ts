import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, setPublic, suiteApp, suiteUser } from '../../support/api.ts';
import { duckOracle, filterQuery, sharedFilterDataset } from '../../support/filtered-table.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');
const oracle = duckOracle(t);
const shared = sharedFilterDataset(t, alice, oracle);
let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sheaf-view-downloads-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const filters = [
  { column: 'score', op: 'between', value: [1, 5] },
  { column: 'name', op: 'ne', value: 'beta' },
];
const condition = `score BETWEEN 1 AND 5 AND name IS DISTINCT FROM 'beta'`;
const order = 'day DESC NULLS LAST, file_row_number';
const view = filterQuery(filters, { sort: 'day', order: 'desc' });

/** Temporary files of views left in the blob store. */
const viewFiles = async (root: string) =>
  (await readdir(path.join(root, 'tmp'), { recursive: true })).filter((name) =>
    /\.(csv|json|jsonl|parquet)$/.test(name),
  );

/**
 * The whole version's download of a text format split in its header, its rows' lines (one per
 * row, in stored order) and its end, so that a view's file can be built from the same bytes.
 */
function split(format: string, text: string) {
  if (format === 'csv') {
    const lines = text.split('\r\n');
    return { head: `${lines[0]}\r\n`, lines: lines.slice(1, -1).map((l) => `${l}\r\n`), end: '' };
  }
  if (format === 'jsonl') {
    return {
      head: '',
      lines: text
        .split('\n')
        .slice(0, -1)
        .map((l) => `${l}\n`),
      end: '',
    };
  }
  const lines = text.split('\n').slice(1, -2);
  return { head: '[', lines: lines.map((l) => l.replace(/,$/, '')), end: '\n]\n' };
}

describe('downloads of a view', () => {
  it.each(['csv', 'jsonl', 'json'])(
    '%s holds exactly the rows kept, in order, written as the whole download writes them',
    async (format) => {
      const { dataset, file } = shared;
      const base = `/datasets/${dataset.id}/versions/1/download?format=${format}`;
      const whole = split(format, (await get(t, base)).body);
      expect(whole.lines).toHaveLength(60);
      const ids = await oracle.ids(file, condition, order);
      expect(ids.length).toBeGreaterThan(5);
      const lines = ids.map((id) => whole.lines[id - 1]!);
      const expected =
        format === 'json'
          ? `${whole.head}\n${lines.join(',\n')}${whole.end}`
          : `${whole.head}${lines.join('')}${whole.end}`;
      const res = await get(t, `${base}&${view}`, undefined);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(expected);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
      expect(res.headers['content-disposition']).toContain(`-v1.${format}`);
      expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
      expect(res.headers['etag']).toBeUndefined();
    },
  );

  it('parquet holds the rows kept with their stored types, and paths naming the format take a view too', async () => {
    const { dataset, file } = shared;
    const res = await get(t, `/datasets/${dataset.id}/versions/1/data.parquet?${view}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apache.parquet');
    const viewFile = path.join(scratch, 'view.parquet');
    await writeFile(viewFile, res.rawPayload);
    const columns =
      'id, big::VARCHAR, name, score, ok, day::VARCHAR, "at"::VARCHAR, "local"::VARCHAR, mixed';
    const got = await oracle.rows(
      viewFile,
      `SELECT ${columns} FROM {file} ORDER BY file_row_number`,
    );
    const expected = await oracle.rows(
      file,
      `SELECT ${columns} FROM {file} WHERE ${condition} ORDER BY ${order}`,
    );
    expect(got).toEqual(expected);
    const types = (f: string) =>
      oracle.rows(f, `SELECT column_type FROM (DESCRIBE SELECT * FROM {file})`);
    expect(await types(viewFile)).toEqual(await types(file));

    const latest = await get(t, `/datasets/${dataset.id}/latest/data.csv?${filterQuery(filters)}`);
    expect(
      latest.body
        .split('\r\n')
        .slice(1, -1)
        .map((l) => Number(l.split(',')[0])),
    ).toEqual(await oracle.ids(file, condition));
  });

  it('ignores ranges, answers HEAD, and keeps the stored file when no view is asked', async () => {
    const base = `/datasets/${shared.dataset.id}/versions/1/download?format=csv`;
    const ranged = await t.app.inject({
      method: 'GET',
      url: `/api/v1${base}&${view}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(200);
    expect(ranged.headers['accept-ranges']).toBe('none');
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1${base}&${view}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(ranged.headers['content-length']);
    // Every view's file is gone once sent (HEAD included).
    await expect.poll(() => viewFiles(t.ctx.blobs.root)).toEqual([]);
    const plain = await get(t, `${base}&filters=${encodeURIComponent('[]')}`);
    expect(plain.headers['etag']).toBeDefined();
    expect(plain.headers['accept-ranges']).toBe('bytes');
  });
});

describe('a private dataset', () => {
  it('answers 404 to others on rows, facets and downloads of a view, and its owner privately', async () => {
    const { dataset } = shared;
    await setPublic(t, alice, dataset.id, false);
    try {
      const query = filterQuery(filters);
      const urls = [
        `/datasets/${dataset.id}/versions/1/rows?${query}`,
        `/datasets/${dataset.id}/versions/1/facets?column=name&${query}`,
        `/datasets/${dataset.id}/versions/1/download?format=jsonl&${query}`,
        `/datasets/${dataset.id}/versions/1/data.parquet?${query}`,
        `/datasets/${dataset.id}/latest/data.csv?${query}`,
      ];
      for (const url of urls) {
        for (const who of [bob, undefined]) {
          const res = await get(t, url, who);
          expect(res.statusCode, url).toBe(404);
          expect(res.body).not.toContain('beta');
        }
        const own = await get(t, url, alice);
        expect(own.statusCode, url).toBe(200);
        if (/download|data\./.test(url)) {
          expect(own.headers['cache-control']).toBe('private, no-store');
        }
      }
    } finally {
      await setPublic(t, alice, dataset.id, true);
    }
  });
});
