import { describe, expect, it } from 'vitest';
import { blobFiles, countRows, creationSuite, get } from '../../support/api.ts';

const { t, alice } = creationSuite();

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
