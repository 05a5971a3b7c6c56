import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetVersion } from '../../../src/contracts/datasets.ts';
import { blobFiles, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; content: string };

/** A multipart/form-data body as curl -F builds it. */
function form(parts: Part[]) {
  const boundary = `----sheaf${Math.random().toString(16).slice(2)}`;
  const chunks = parts.map((p) =>
    'filename' in p
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n${p.content}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
  );
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`, 'utf8'),
    headers: { ...alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const post = (url: string, parts: Part[], key?: string) => {
  const { payload, headers } = form(parts);
  const keyed = key === undefined ? headers : { ...headers, 'idempotency-key': key };
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: keyed });
};

const CSV = '城市,人口\n北京,21893095\n上海,24870895\n广州,18676605\n';
const csvFile = { name: 'file', filename: 'cities.csv', type: 'text/csv', content: CSV };

const datasetCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/datasets/me', headers: alice.headers })).json<{
    total: number;
  }>().total;

describe('multipart/form-data uploads', () => {
  it('creates a dataset from the fields and one file, as curl -F sends them', async () => {
    const res = await post('/datasets', [
      { name: 'name', value: '城市人口' },
      { name: 'license', value: 'CC-BY-4.0' },
      { name: 'tags', value: '人口,city' },
      { name: 'is_public', value: 'false' },
      csvFile,
    ]);
    expect(res.statusCode).toBe(201);
    const dataset = res.json<Dataset>();
    expect(dataset).toMatchObject({
      name: '城市人口',
      license: 'CC-BY-4.0',
      tags: ['人口', 'city'],
      is_public: false,
    });
    expect(dataset.versions[0]).toMatchObject({ entries_count: 3, attributes: ['城市', '人口'] });
    expect(dataset.versions[0]?.attribute_types).toEqual({ 城市: 'string', 人口: 'integer' });

    // A version from a TSV file picked by its name (the type says nothing).
    const version = await post(`/datasets/${dataset.id}/versions`, [
      { name: 'changelog', value: '深圳' },
      {
        name: 'file',
        filename: 'v2.tsv',
        type: 'application/octet-stream',
        content: '城市\t人口\n深圳\t17560061\n',
      },
    ]);
    expect(version.statusCode).toBe(201);
    expect(version.json<DatasetVersion>()).toMatchObject({
      version: 2,
      changelog: '深圳',
      entries_count: 1,
    });
  });

  it('refuses a form with no file, two files or a field after the file, storing nothing', async () => {
    const before = await datasetCount();
    const blobs = await blobFiles(t);

    const none = await post('/datasets', [{ name: 'name', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'MULTIPART_NO_FILE' });

    const two = await post('/datasets', [
      { name: 'name', value: 'two' },
      csvFile,
      { ...csvFile, filename: 'again.csv' },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ code: 'MULTIPART_FILES' });

    const late = await post('/datasets', [
      { name: 'name', value: 'late' },
      csvFile,
      { name: 'description', value: 'too late' },
    ]);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'MULTIPART_ORDER' });

    expect(await datasetCount()).toBe(before);
    expect(await blobFiles(t)).toEqual(blobs);
  });

  it('sent again with its Idempotency-Key, answers the dataset the first made and makes none', async () => {
    const before = await datasetCount();
    const parts = [{ name: 'name', value: '重发的表' }, csvFile];
    const first = await post('/datasets', parts, 'multipart-1');
    const again = await post('/datasets', parts, 'multipart-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Dataset>().id).toBe(first.json<Dataset>().id);
    expect(await datasetCount()).toBe(before + 1);
    // Another file under the same key is another request: refused, nothing made.
    const other = await post(
      '/datasets',
      [parts[0]!, { ...csvFile, content: '城市\n深圳\n' }],
      'multipart-1',
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await datasetCount()).toBe(before + 1);
  });

  it('checks the fields as the query of a streamed upload, and the file type', async () => {
    const unnamed = await post('/datasets', [csvFile]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    const badLicense = await post('/datasets', [
      { name: 'name', value: 'x' },
      { name: 'license', value: 'Beerware' },
      csvFile,
    ]);
    expect(badLicense.statusCode).toBe(400);
    expect(badLicense.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'license' }],
    });

    const sheet = await post('/datasets', [
      { name: 'name', value: 'x' },
      { name: 'file', filename: 'table.xlsx', type: 'application/vnd.ms-excel', content: 'PK' },
    ]);
    expect(sheet.statusCode).toBe(415);
    expect(sheet.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });

    const broken = await post('/datasets', [
      { name: 'name', value: 'broken' },
      { ...csvFile, content: '城市,人口\n北京\n' },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'INVALID_TABLE' });
  });
});

describe('a multipart body that cannot be read', () => {
  const truncated =
    '--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n' +
    '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b\n1,2\n';
  const bodies = [
    { what: 'cut off inside the file', type: 'multipart/form-data; boundary=zzz', body: truncated },
    { what: 'not a form at all', type: 'multipart/form-data; boundary=zzz', body: 'garbage' },
    { what: 'without a boundary', type: 'multipart/form-data', body: truncated },
  ];

  it.each(bodies)('is 400 VALIDATION_ERROR on both uploads when $what', async (c) => {
    const created = await post('/datasets', [{ name: 'name', value: 'target' }, csvFile]);
    const id = created.json<Dataset>().id;
    const before = await datasetCount();
    const blobs = await blobFiles(t);
    for (const url of ['/datasets', `/datasets/${id}/versions`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...alice.headers, 'content-type': c.type },
        payload: c.body,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(
          /^Invalid body: not a readable multipart\/form-data body \(.+\)$/,
        ),
        details: [{ field: 'body' }],
      });
    }
    expect(await datasetCount()).toBe(before);
    expect(await blobFiles(t)).toEqual(blobs);
    const versions = await t.app.inject({ method: 'GET', url: `/api/v1/datasets/${id}/versions` });
    expect(versions.json<{ versions: unknown[] }>().versions).toHaveLength(1);
  });
});
