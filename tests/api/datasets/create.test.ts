import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import {
  addUser,
  blobFiles,
  countRows,
  createDataset,
  get,
  sampleTable,
  type TestUser,
} from '../../support/api.ts';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp({ MAX_ROWS: '50', MAX_COLUMNS: '4', MAX_UPLOAD_MB: '1' });
  alice = await addUser(t, 'alice');
});
afterAll(() => t.close());

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/datasets', headers: alice.headers, payload });

const valid = { name: 'Cities', ...sampleTable };

describe('POST /datasets', () => {
  it('creates the dataset with version 1 and answers 201 with it', async () => {
    const res = await post({
      name: '  城市人口  ',
      description: '中国主要城市的人口',
      is_public: true,
      tags: [' Cities ', 'cities', '人口'],
      changelog: 'first',
      ...sampleTable,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: '城市人口',
      description: '中国主要城市的人口',
      language: 'zh-CN',
      tags: ['cities', '人口'],
      owner_id: alice.id,
      latest_version: 1,
      download_count: 0,
    });
    expect(body.heat).toBeGreaterThan(0);
    expect(body.versions).toEqual([
      expect.objectContaining({ version: 1, entries_count: 3, changelog: 'first' }),
    ]);
    const again = await get(t, `/datasets/${body.id}`);
    expect(again.json()).toEqual(body);
  });

  it('takes declared attribute types', async () => {
    const res = await post({
      ...valid,
      attribute_types: { year: 'string' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().versions[0].attribute_types).toMatchObject({ year: 'string' });
  });

  it('takes the types a version answers as attributes_type back under that name', async () => {
    const first = await post({
      ...valid,
      name: 'Codes',
      attributes: ['code', 'price'],
      attribute_types: { code: 'string', price: 'string' },
      entries: [['12345', '1.50']],
    });
    const { attributes, attributes_type } = first.json().versions[0];
    expect(attributes_type).toEqual({ code: 'string', price: 'string' });
    // A script sending a version's own fields back: the types hold, so no value changes.
    const again = await post({
      name: 'Codes again',
      attributes,
      attributes_type,
      entries: [['12345', '1.50']],
    });
    expect(again.statusCode).toBe(201);
    const id = again.json().id;
    expect(again.json().versions[0].attribute_types).toEqual({ code: 'string', price: 'string' });
    expect((await get(t, `/datasets/${id}/version`)).json().entries).toEqual([['12345', '1.50']]);
    const version = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${id}/versions`,
      headers: alice.headers,
      payload: { attributes, attributes_type, entries: [['x', 'y']] },
    });
    expect(version.json().attribute_types).toEqual({ code: 'string', price: 'string' });
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets/validate',
      payload: { attributes: ['n'], attributes_type: { n: 'integer' }, entries: [['x']] },
    });
    expect(checked.json()).toMatchObject({
      is_valid: false,
      errors: [{ code: 'INVALID_INTEGER' }],
    });
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/datasets', payload: valid });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an empty name', { name: '' }, 'name', 'Name must not be empty'],
    ['a long name', { name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [
      'a long description',
      { description: 'x'.repeat(5001) },
      'description',
      'Description must be at most 5000',
    ],
    ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'At most 10 tags'],
    ['a long tag', { tags: ['x'.repeat(31)] }, 'tags.0', 'Each tag must be 1–30 characters'],
    ['a blank tag', { tags: ['  '] }, 'tags.0', 'Each tag must be 1–30 characters'],
    ['a comma in a tag', { tags: ['a,b'] }, 'tags.0', 'Tags must not contain commas'],
    [
      'a full-width comma in a tag',
      { tags: ['人口，普查'] },
      'tags.0',
      'Tags must not contain commas',
    ],
    ['a bad language', { language: 'chinese' }, 'language', 'BCP 47'],
    ['attributes as text', { attributes: 'a,b' }, 'attributes', ''],
  ])('rejects %s naming the field', async (_label, change, field, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details[0].field).toBe(field);
    expect(body.message).toContain(message);
  });

  it('accepts 10 tags after deduplication and a 100-character Chinese name', async () => {
    const tags = [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T0', ' t1 '];
    const res = await post({ ...valid, name: '数'.repeat(100), tags, language: 'zh-hans-cn' });
    expect(res.statusCode).toBe(201);
    expect(res.json().tags).toHaveLength(10);
    expect(res.json().language).toBe('zh-Hans-CN');
  });

  it('rejects invalid content with 400 INVALID_TABLE naming row and column', async () => {
    const res = await post({
      ...valid,
      attribute_types: { year: 'integer' },
      entries: [
        ['北京', 1, 2020],
        ['上海', 2, 'soon'],
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('INVALID_TABLE');
    expect(body.message).toMatch(/^Invalid table: Row 2, column "year"/);
    expect(body.details.errors[0]).toMatchObject({
      row: 2,
      column: 'year',
      code: 'INVALID_INTEGER',
    });
  });

  it('answers 413 naming the limit when the table has too many rows or columns', async () => {
    const rows = await post({
      ...valid,
      attributes: ['n'],
      entries: Array.from({ length: 51 }, (_, i) => [i]),
    });
    expect(rows.statusCode).toBe(413);
    expect(rows.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The table has 51 rows; at most 50 are allowed',
      details: { limit: 'TOO_MANY_ROWS' },
    });
    const columns = await post({ ...valid, attributes: ['a', 'b', 'c', 'd', 'e'], entries: [] });
    expect(columns.statusCode).toBe(413);
    expect(columns.json().details.limit).toBe('TOO_MANY_COLUMNS');
    expect(columns.json().message).toContain('4');
  });

  it('answers 413 naming the byte limit for a JSON body past MAX_UPLOAD_MB', async () => {
    const res = await post({ ...valid, description: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { limit_bytes: 1024 * 1024 },
    });
  });
});

describe('all or nothing', () => {
  /** Runs `work` while every insert into `table` fails in the database. */
  async function whileInsertsFail(
    table: 'datasets' | 'dataset_versions',
    work: () => Promise<void>,
  ) {
    await t.ctx.db.execute(sql`
      create function fail_insert() returns trigger language plpgsql as
      $$ begin raise exception 'disk full'; end $$`);
    await t.ctx.db.execute(sql`
      create trigger fail_insert before insert on ${sql.identifier(table)}
      for each row execute function fail_insert()`);
    try {
      await work();
    } finally {
      await t.ctx.db.execute(sql`drop trigger fail_insert on ${sql.identifier(table)}`);
      await t.ctx.db.execute(sql`drop function fail_insert`);
    }
  }

  it('leaves no dataset, version, blob row or file when the database fails after the blob is written', async () => {
    const before = {
      datasets: await countRows(t, 'datasets'),
      versions: await countRows(t, 'dataset_versions'),
      blobs: await countRows(t, 'blobs'),
      files: await blobFiles(t),
    };
    await whileInsertsFail('dataset_versions', async () => {
      const res = await post({ ...valid, name: 'Doomed', entries: [['深圳', 17560061, 2020]] });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Internal Server Error',
      });
    });
    expect(await countRows(t, 'datasets')).toBe(before.datasets);
    expect(await countRows(t, 'dataset_versions')).toBe(before.versions);
    expect(await countRows(t, 'blobs')).toBe(before.blobs);
    expect(await blobFiles(t)).toEqual(before.files);
    expect((await get(t, '/datasets?query=doomed')).json().total).toBe(0);
  });

  it('keeps a shared blob when a failing upload has the same content as an existing one', async () => {
    const entries = [['珠海', 2439585, 2020]];
    const existing = await createDataset(t, alice, { name: 'Zhuhai', entries });
    const files = await blobFiles(t);
    expect(files).toContain(existing.versions[0]!.sha256);
    await whileInsertsFail('datasets', async () => {
      expect((await post({ ...valid, name: 'Zhuhai again', entries })).statusCode).toBe(500);
    });
    expect(await blobFiles(t)).toEqual(files);
    const download = await get(t, `/datasets/${existing.id}/versions/1/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('珠海');
  });

  it('stores identical content once across datasets', async () => {
    const a = await createDataset(t, alice, { name: 'Copy A', entries: [['成都', 1, 2]] });
    const files = await blobFiles(t);
    const blobRows = await countRows(t, 'blobs');
    const b = await createDataset(t, alice, { name: 'Copy B', entries: [['成都', 1, 2]] });
    expect(b.versions[0]!.sha256).toBe(a.versions[0]!.sha256);
    expect(await blobFiles(t)).toEqual(files);
    expect(await countRows(t, 'blobs')).toBe(blobRows);
  });
});

describe('POST /datasets with a streamed body', () => {
  const upload = (body: string, query: string, type = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets?${query}`,
      headers: { ...alice.headers, 'content-type': type },
      payload: body,
    });

  it('creates a dataset from CSV, metadata in the query, types inferred', async () => {
    const csv = '城市,population,founded\r\n北京,21893095,1045-01-01\r\n"上海, 浦东",24870895,\r\n';
    const res = await upload(
      csv,
      `name=${encodeURIComponent('城市 CSV')}&tags=csv,${encodeURIComponent('城市')}&is_public=false&changelog=v1`,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: '城市 CSV', is_public: false, tags: ['csv', '城市'] });
    expect(body.versions[0]).toMatchObject({
      entries_count: 2,
      changelog: 'v1',
      attributes: ['城市', 'population', 'founded'],
      attribute_types: { population: 'integer', founded: 'date' },
    });
    const content = (await get(t, `/datasets/${body.id}/version`, alice)).json();
    expect(content.entries).toEqual([
      ['北京', 21893095, '1045-01-01'],
      ['上海, 浦东', 24870895, null],
    ]);
  });

  it('infers decimals with more digits than a number holds as text, never rounding them', async () => {
    const csv =
      'reading,ratio,exact\n3.14159265358979323846,0.30000000000000004,2.50\n123456789012345678.5,1e-400,1e3\n';
    const res = await upload(csv, 'name=precise');
    expect(res.statusCode).toBe(201);
    expect(res.json().versions[0].attribute_types).toEqual({
      reading: 'string',
      ratio: 'string',
      exact: 'number',
    });
    const id = res.json().id;
    const download = await get(t, `/datasets/${id}/versions/1/download?format=csv`);
    expect(download.body).toBe(
      '\uFEFFreading,ratio,exact\r\n3.14159265358979323846,0.30000000000000004,2.5\r\n123456789012345678.5,1e-400,1000.0\r\n',
    );
  });

  it('creates a dataset from JSON Lines', async () => {
    const jsonl = '{"city":"杭州","n":1}\n{"city":"苏州","n":2}\n';
    const res = await upload(jsonl, 'name=Lines', 'application/x-ndjson');
    expect(res.statusCode).toBe(201);
    expect(res.json().versions[0]).toMatchObject({ entries_count: 2, attributes: ['city', 'n'] });
  });

  it('needs the name in the query', async () => {
    const res = await upload('a\n1\n', 'tags=x');
    expect(res.statusCode).toBe(400);
    // The message and its one detail say the same, as for every other refused field.
    expect(res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid name: A streamed upload needs the name in the query',
      details: [{ field: 'name', message: 'A streamed upload needs the name in the query' }],
    });
  });

  it('rejects a bad row and stores nothing', async () => {
    const files = await blobFiles(t);
    const datasetsBefore = await countRows(t, 'datasets');
    const res = await upload('{"a":1}\nnot json\n', 'name=Broken', 'application/x-ndjson');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TABLE' });
    expect(res.json().details.errors[0]).toMatchObject({ row: 2, code: 'INVALID_JSON' });
    expect(await blobFiles(t)).toEqual(files);
    expect(await countRows(t, 'datasets')).toBe(datasetsBefore);
  });

  it('refuses an object row that gives a key twice, and stores nothing', async () => {
    const datasetsBefore = await countRows(t, 'datasets');
    const res = await upload(
      '{"a":1,"b":"x"}\n{"a":2, "b":"y" ,"a" :3}\n',
      'name=Twice',
      'application/x-ndjson',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details.errors[0]).toMatchObject({
      row: 2,
      column: 'a',
      code: 'DUPLICATE_COLUMN',
    });
    expect(await countRows(t, 'datasets')).toBe(datasetsBefore);
    // A key ending inside some text is no repeat.
    const text = await upload('{"a":"\\"b\\": 1","b":2}\n', 'name=Quoted', 'application/x-ndjson');
    expect(text.statusCode, text.body).toBe(201);
  });

  it('answers 413 naming the limit for too many rows or bytes', async () => {
    const rows = await upload(
      `n\n${Array.from({ length: 51 }, (_, i) => i).join('\n')}\n`,
      'name=Big',
    );
    expect(rows.statusCode).toBe(413);
    expect(rows.json().details.limit).toBe('TOO_MANY_ROWS');
    const bytes = await upload(`text\n${'x'.repeat(1024 * 1024 + 1)}\n`, 'name=Huge');
    expect(bytes.statusCode).toBe(413);
    expect(bytes.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The upload is larger than 1 MB',
      details: { limit: 'UPLOAD_TOO_LARGE' },
    });
  });
});

describe('POST /datasets/validate', () => {
  const validate = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/datasets/validate', payload });

  it('answers is_valid true and no errors for a good table, storing nothing', async () => {
    const files = await blobFiles(t);
    const res = await validate(sampleTable);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_valid: true, errors: [] });
    expect(await blobFiles(t)).toEqual(files);
  });

  it('lists the errors with row and column', async () => {
    const res = await validate({
      attributes: ['a', 'a'],
      entries: [],
    });
    expect(res.json().is_valid).toBe(false);
    expect(res.json().errors[0]).toMatchObject({ row: null, code: expect.any(String) });
    const rows = await validate({ attributes: ['a', 'b'], entries: [[1, 2], [3]] });
    expect(rows.json()).toEqual({
      is_valid: false,
      errors: [expect.objectContaining({ row: 2, code: 'ROW_LENGTH_MISMATCH' })],
    });
  });

  it('refuses an object row whose keys name one column twice, as publishing does', async () => {
    const table = { attributes: ['a', 'b'], entries: [{ a: 1, ' a': 2, b: 3 }] };
    const error = {
      row: 1,
      column: 'a',
      code: 'DUPLICATE_COLUMN',
      message: 'Row 1: " a" and "a" both name column "a"',
    };
    expect((await validate(table)).json()).toEqual({ is_valid: false, errors: [error] });
    const before = await countRows(t, 'datasets');
    const published = await post({ name: 'Twice', ...table });
    expect(published.statusCode).toBe(400);
    expect(published.json()).toMatchObject({
      code: 'INVALID_TABLE',
      message: `Invalid table: ${error.message}`,
      details: { errors: [error] },
    });
    expect(await countRows(t, 'datasets')).toBe(before);
  });

  it('reports content of the wrong shape as errors, as the spec has it: is_valid false', async () => {
    const problems = async (payload: object) => {
      const res = await validate(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ is_valid: boolean }>().is_valid).toBe(false);
      return res.json<{ errors: { code: string; message: string }[] }>().errors;
    };
    expect(await problems({ attributes: [1], entries: [] })).toEqual([
      {
        row: null,
        column: null,
        code: 'ATTRIBUTE_NOT_TEXT',
        message: 'Column 1: the name must be text',
      },
    ]);
    expect((await problems({ attributes: 'a,b', entries: [] })).map((e) => e.code)).toEqual([
      'ATTRIBUTES_NOT_LIST',
    ]);
    expect((await problems({ attributes: ['a'], entries: 'x' })).map((e) => e.code)).toEqual([
      'ENTRIES_NOT_LIST',
    ]);
    expect(
      (await problems({ attributes: ['a'], attribute_types: ['integer'], entries: [] })).map(
        (e) => e.code,
      ),
    ).toEqual(['ATTRIBUTE_TYPES_NOT_OBJECT']);
    // A body that is not an object, or lacks a field, is still a malformed request.
    for (const body of [[1, 2], { entries: [] }]) {
      const res = await validate(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('reports a size limit as an error too', async () => {
    const res = await validate({
      attributes: ['n'],
      entries: Array.from({ length: 51 }, () => [1]),
    });
    expect(res.json().errors[0].code).toBe('TOO_MANY_ROWS');
  });
});
