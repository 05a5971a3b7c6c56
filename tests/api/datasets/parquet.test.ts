import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRows } from '../../../src/contracts/tables.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/** A value as plain JSON (these tests hold no integer past 2^53 where they use it). */
type Cell = string | number | boolean | null;

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sheaf-parquet-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const download = (id: number, format: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/datasets/${id}/versions/1/download?format=${format}`,
    headers,
  });

/** A downloaded Parquet file's rows, read by an independent DuckDB. */
async function readParquet(bytes: Buffer): Promise<{ types: string[]; rows: Cell[][] }> {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.parquet`);
  await writeFile(file, bytes);
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    const described = await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
    const rows = await c.runAndReadAll(
      `SELECT * FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`,
    );
    return {
      types: described.getRows().map((r) => r[1] as string),
      rows: rows.getRowsJson().map((r) => r.slice(0, -1) as Cell[]),
    };
  } finally {
    c.closeSync();
    db.closeSync();
  }
}

const mixed = {
  attributes: ['编号', '城市', 'n', 'x', 'ok', 'day', 'at', 'note'],
  attribute_types: { 编号: 'string' },
  entries: [
    ['007', '北京', 9007199254740991, 1.5, true, '2024-02-29', '2024-01-01T00:30:00Z', 'a, "b"'],
    ['010', '上海', -12, null, false, null, '2024-01-02T08:00:00.123456Z', null],
    ['000', null, null, 1e21, null, '1999-12-31', null, '  spaced  '],
  ],
};

describe('Parquet download', () => {
  it('holds the same values as CSV, JSON and JSON Lines, with typed columns', async () => {
    const d = await createDataset(t, alice, mixed);
    const parquet = await download(d.id, 'parquet');
    expect(parquet.statusCode).toBe(200);
    expect(parquet.headers['content-type']).toBe('application/vnd.apache.parquet');
    expect(parquet.headers['accept-ranges']).toBe('bytes');
    expect(parquet.headers['content-disposition']).toContain('-v1.parquet');
    const { types, rows } = await readParquet(parquet.rawPayload);
    expect(types).toEqual([
      'VARCHAR',
      'VARCHAR',
      'BIGINT',
      'DOUBLE',
      'BOOLEAN',
      'DATE',
      'TIMESTAMP WITH TIME ZONE',
      'VARCHAR',
    ]);
    // Independent reads of the four formats, compared as text cells.
    const viaParquet = rows.map((r) =>
      r.map((v, i) =>
        v === null ? null : i === 6 ? new Date(String(v)).toISOString() : String(v),
      ),
    );
    const json = JSON.parse((await download(d.id, 'json')).body) as Record<string, Cell>[];
    const jsonl = (await download(d.id, 'jsonl')).body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, Cell>);
    const csv = (await download(d.id, 'csv')).body;
    const text = (v: Cell | undefined, i: number) =>
      v === null || v === '' ? null : i === 6 ? new Date(String(v)).toISOString() : String(v);
    const fromObjects = (list: Record<string, Cell>[]) =>
      list.map((o) => mixed.attributes.map((a, i) => text(o[a], i)));
    expect(fromObjects(json)).toEqual(viaParquet);
    expect(fromObjects(jsonl)).toEqual(viaParquet);
    expect(csv).toContain(
      '\r\n007,北京,9007199254740991,1.5,true,2024-02-29,2024-01-01T00:30:00Z,"a, ""b"""\r\n',
    );
    expect(viaParquet[0]).toEqual([
      '007',
      '北京',
      '9007199254740991',
      '1.5',
      'true',
      '2024-02-29',
      '2024-01-01T00:30:00.000Z',
      'a, "b"',
    ]);
    expect(viaParquet[2]![3]).toBe(String(1e21));
    expect(viaParquet[2]![7]).toBe('  spaced  ');
  });

  it('answers byte ranges with 206, HEAD without counting, and 416 past the end', async () => {
    const d = await createDataset(t, alice, mixed);
    const whole = await download(d.id, 'parquet');
    const size = whole.rawPayload.length;
    const tail = await download(d.id, 'parquet', { range: 'bytes=-8' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 8}-${size - 1}/${size}`);
    expect(tail.rawPayload.toString('latin1')).toBe(
      whole.rawPayload.subarray(size - 8).toString('latin1'),
    );
    expect(tail.rawPayload.subarray(4).toString('latin1')).toBe('PAR1');
    const middle = await download(d.id, 'parquet', { range: 'bytes=4-11' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(whole.rawPayload.subarray(4, 12))).toBe(true);
    const past = await download(d.id, 'parquet', { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    const again = await download(d.id, 'parquet', { 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/datasets/${d.id}/versions/1/download?format=parquet`,
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(size);
    const count = (await get(t, `/datasets/${d.id}`)).json().download_count as number;
    expect(count).toBe(1);
  });

  it('is private for a private dataset', async () => {
    const d = await createDataset(t, alice, { ...mixed, is_public: false });
    expect((await download(d.id, 'parquet', bob.headers)).statusCode).toBe(404);
    expect((await download(d.id, 'parquet', alice.headers)).statusCode).toBe(200);
  });
});

describe('64-bit integers', () => {
  const big = '9007199254740993';
  const min = '-9223372036854775808';
  const max = '9223372036854775807';
  const tooBig = '9223372036854775808';

  const postJson = (url: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload,
    });

  it('a JSON body keeps every digit in an integer column: rows, content, downloads, Parquet, stats', async () => {
    const res = await postJson(
      '/datasets',
      `{"name":"big","attributes":["id"],"entries":[[${big}],[1],[${min}],[${max}]]}`,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;

    const rows = await get(t, `/datasets/${id}/versions/1/rows`);
    expect(rows.json<TableRows>().columns).toEqual([{ name: 'id', type: 'integer' }]);
    expect(rows.body).toContain(`"rows":[[${big}],[1],[${min}],[${max}]]`);
    const sorted = await get(t, `/datasets/${id}/versions/1/rows?sort=id&order=desc`);
    expect(sorted.body).toContain(`"rows":[[${max}],[${big}],[1],[${min}]]`);

    const content = await get(t, `/datasets/${id}/version`);
    expect(content.body).toContain(`[[${big}],[1],[${min}],[${max}]]`);

    expect((await download(id, 'csv')).body).toBe(
      `\uFEFFid\r\n${big}\r\n1\r\n${min}\r\n${max}\r\n`,
    );
    expect((await download(id, 'jsonl')).body).toBe(
      `{"id":${big}}\n{"id":1}\n{"id":${min}}\n{"id":${max}}\n`,
    );
    expect((await download(id, 'json')).body).toContain(`{"id":${max}}`);
    const parquet = await readParquet((await download(id, 'parquet')).rawPayload);
    expect(parquet.types).toEqual(['BIGINT']);
    expect(parquet.rows.map((r) => String(r[0]))).toEqual([big, '1', min, max]);

    const stats = await get(t, `/datasets/${id}/versions/1/stats`);
    expect(stats.body).toContain(`"min":${min}`);
    expect(stats.body).toContain(`"max":${max}`);
  });

  it('CSV and JSON Lines uploads infer 64-bit identifiers as integers; past the range they stay text', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets?name=ids',
      headers: { ...alice.headers, 'content-type': 'text/csv' },
      payload: `weibo_id,wide,code\n4123456789012345678,${tooBig},007\n${big},1,010\n`,
    });
    expect(csv.statusCode).toBe(201);
    const csvId = csv.json<{ id: number }>().id;
    const rows = await get(t, `/datasets/${csvId}/versions/1/rows`);
    expect(rows.json<TableRows>().columns.map((c) => c.type)).toEqual([
      'integer',
      'string',
      'string',
    ]);
    expect(rows.body).toContain(
      `"rows":[[4123456789012345678,"${tooBig}","007"],[${big},"1","010"]]`,
    );

    const lines = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets?name=lines',
      headers: { ...alice.headers, 'content-type': 'application/x-ndjson' },
      payload: `["id"]\n[${big}]\n[2]\n`,
    });
    expect(lines.statusCode).toBe(201);
    const linesId = lines.json<{ id: number }>().id;
    const lineRows = await get(t, `/datasets/${linesId}/versions/1/rows`);
    expect(lineRows.body).toContain(`"rows":[[${big}],[2]]`);
  });

  it('a column mixing an integer past 2^53 with decimals stays text, every digit kept', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets?name=mixed-csv',
      headers: { ...alice.headers, 'content-type': 'text/csv' },
      payload: `amount\n${big}\n1.5\n`,
    });
    const json = await postJson(
      '/datasets',
      `{"name":"mixed-json","attributes":["amount"],"entries":[[${big}],[1.5]]}`,
    );
    for (const res of [csv, json]) {
      expect(res.statusCode).toBe(201);
      const id = res.json<{ id: number }>().id;
      const rows = await get(t, `/datasets/${id}/versions/1/rows`);
      expect(rows.json<TableRows>().columns).toEqual([{ name: 'amount', type: 'string' }]);
      expect(rows.body).toContain(`"rows":[["${big}"],["1.5"]]`);
      expect((await download(id, 'csv')).body).toBe(`\uFEFFamount\r\n${big}\r\n1.5\r\n`);
    }
  });

  it('validate and publish refuse a value past the 64-bit range in a declared integer column instead of rounding', async () => {
    const body = `{"attributes":["id"],"attribute_types":{"id":"integer"},"entries":[[${big}],[${tooBig}]]}`;
    const validate = await postJson('/datasets/validate', body);
    expect(validate.json()).toMatchObject({
      is_valid: false,
      errors: [{ row: 2, column: 'id', code: 'INVALID_INTEGER' }],
    });
    expect(validate.json<{ errors: unknown[] }>().errors).toHaveLength(1);
    const publish = await postJson('/datasets', body.replace('{', '{"name":"refused",'));
    expect(publish.statusCode).toBe(400);
  });
});
