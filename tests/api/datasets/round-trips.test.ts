import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetVersion } from '../../../src/contracts/datasets.ts';
import type { TableRows } from '../../../src/contracts/tables.ts';
import { get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const LONG = `长${'x'.repeat(70_000)}"\n,`;

/** Odd values of every type; a declared string column of codes that look like numbers. */
const TABLE = {
  name: 'odd',
  attributes: ['城市 名', 'code', 'price', 'n', 'ok', 'day', 'at', 'note', 'Ünïcødé ✓'],
  attribute_types: { code: 'string', price: 'number' },
  entries: [
    ['北京', '007', 3, '9007199254740993', true, '2024-02-29', '2024-01-01T08:30:00Z', LONG, 'é'],
    ['', '0', 2.5, -1, false, null, '2024-01-01T08:30:00.123456789', ' padded ', null],
    [null, '1e3', -0, 0, null, '1999-12-31', null, '=1+2', '"'],
  ],
};

const send = (url: string, type: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...alice.headers, 'content-type': type },
    payload,
  });

const rowsOf = async (id: number, version: number) =>
  (await get(t, `/datasets/${id}/versions/${version}/rows?limit=10`)).json<TableRows>();

const TYPES = { csv: 'text/csv', jsonl: 'application/x-ndjson' } as const;

describe('download a version, upload the file again as a new version', () => {
  it.each(['csv', 'jsonl'] as const)('%s keeps every value, name and type', async (format) => {
    const created = await send('/datasets', 'application/json', JSON.stringify(TABLE));
    expect(created.statusCode).toBe(201);
    const dataset = created.json<Dataset>();
    const first = dataset.versions[0]!;
    const file = (await get(t, `/datasets/${dataset.id}/versions/1/download?format=${format}`))
      .rawPayload;
    const types = encodeURIComponent(JSON.stringify({ code: 'string' }));
    const again = await send(
      `/datasets/${dataset.id}/versions?attribute_types=${types}`,
      TYPES[format],
      file.toString('utf8'),
    );
    expect(again.statusCode).toBe(201);
    const second = again.json<DatasetVersion>();
    expect(second.attributes).toEqual(first.attributes);
    expect(second.attribute_types).toEqual(first.attribute_types);
    expect(second.sha256).toBe(first.sha256);
    expect((await rowsOf(dataset.id, 2)).rows).toEqual((await rowsOf(dataset.id, 1)).rows);
  });

  it('json, sent with its column names, too', async () => {
    const created = await send('/datasets', 'application/json', JSON.stringify(TABLE));
    const dataset = created.json<Dataset>();
    const first = dataset.versions[0]!;
    const file = (await get(t, `/datasets/${dataset.id}/versions/1/download?format=json`)).body;
    // The download is a list of objects, rows keyed by column: sent with the column names.
    const body = `{"attributes":${JSON.stringify(first.attributes)},"attribute_types":{"code":"string"},"entries":${file}}`;
    const again = await send(`/datasets/${dataset.id}/versions`, 'application/json', body);
    expect(again.statusCode).toBe(201);
    expect(again.json<DatasetVersion>().attribute_types).toEqual(first.attribute_types);
    expect(again.json<DatasetVersion>().sha256).toBe(first.sha256);
  });

  it('columns named like numbers keep their order through JSON Lines', async () => {
    const table = {
      name: 'years',
      attributes: ['城市', '2024', '2023'],
      entries: [['北京', 1, 2]],
    };
    const created = await send('/datasets', 'application/json', JSON.stringify(table));
    const dataset = created.json<Dataset>();
    const file = (await get(t, `/datasets/${dataset.id}/versions/1/download?format=jsonl`)).body;
    expect(file).toBe('{"城市":"北京","2024":1,"2023":2}\n');
    const again = await send(`/datasets/${dataset.id}/versions`, TYPES.jsonl, file);
    expect(again.statusCode).toBe(201);
    expect(again.json<DatasetVersion>().attributes).toEqual(table.attributes);
    expect(again.json<DatasetVersion>().sha256).toBe(dataset.versions[0]!.sha256);
  });
});

/** The column types DuckDB reads from a downloaded Parquet file. */
async function parquetTypes(bytes: Buffer): Promise<string[][]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-empty-'));
  const file = path.join(dir, 't.parquet');
  await writeFile(file, bytes);
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    const described = await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
    return described.getRows().map((r) => [r[0] as string, r[1] as string]);
  } finally {
    c.closeSync();
    db.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a table without rows', () => {
  const types = { n: 'number', ok: 'boolean', day: 'date', at: 'datetime' };
  const uploads = [
    [
      'a JSON body',
      'application/json',
      '',
      JSON.stringify({
        name: 'e',
        attributes: Object.keys(types),
        attribute_types: types,
        entries: [],
      }),
    ],
    [
      'a CSV header',
      'text/csv',
      `?name=e&attribute_types=${encodeURIComponent(JSON.stringify(types))}`,
      'n,ok,day,at\r\n',
    ],
    [
      'a JSON Lines header',
      'application/x-ndjson',
      `?name=e&attribute_types=${encodeURIComponent(JSON.stringify(types))}`,
      '["n","ok","day","at"]\n',
    ],
  ] as const;

  it.each(uploads)(
    'from %s keeps its declared types: answers, statistics and Parquet',
    async (_, type, query, body) => {
      const created = await send(`/datasets${query}`, type, body);
      expect(created.statusCode).toBe(201);
      const dataset = created.json<Dataset>();
      expect(dataset.versions[0]?.attribute_types).toEqual(types);
      expect(
        (await get(t, `/datasets/${dataset.id}`)).json<Dataset>().versions[0]?.attribute_types,
      ).toEqual(types);
      expect((await get(t, `/datasets/${dataset.id}/version`)).json()).toMatchObject({
        attribute_types: types,
        entries: [],
      });
      const expected = Object.entries(types).map(([name, type]) => ({ name, type }));
      expect((await rowsOf(dataset.id, 1)).columns).toEqual(expected);
      const stats = (await get(t, `/datasets/${dataset.id}/versions/1/stats`)).json<{
        columns: { name: string; type: string }[];
      }>();
      expect(stats.columns.map(({ name, type }) => ({ name, type }))).toEqual(expected);
      const parquet = await get(t, `/datasets/${dataset.id}/versions/1/download?format=parquet`);
      expect(await parquetTypes(parquet.rawPayload)).toEqual([
        ['n', 'DOUBLE'],
        ['ok', 'BOOLEAN'],
        ['day', 'DATE'],
        ['at', 'TIMESTAMP'],
      ]);
    },
  );
});
