import { describe, expect, it } from 'vitest';
import type { DatasetListResponse, VersionListResponse } from '../../../src/contracts/datasets.ts';
import {
  blobFiles,
  countRows,
  createDataset,
  get,
  sampleTable,
  suiteApp,
  suiteUser,
} from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const addVersion = (id: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${id}/versions`,
    headers: alice.headers,
    payload,
  });

describe('versions', () => {
  it('adds version 2 and lists versions newest first', async () => {
    const d = await createDataset(t, alice, { name: 'Versioned', changelog: 'initial' });
    const res = await addVersion(d.id, {
      attributes: ['城市', 'population', 'year'],
      entries: [{ 城市: '北京', population: 21893095, year: 2021 }],
      changelog: '  2021 update  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      version: 2,
      dataset_id: d.id,
      entries_count: 1,
      changelog: '2021 update',
      attributes: ['城市', 'population', 'year'],
      attribute_types: { 城市: 'string', population: 'integer', year: 'integer' },
      // The fields of a dataset version (docs/datasets.md).
      attributes_type: { 城市: 'string', population: 'integer', year: 'integer' },
    });
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'attribute_types',
        'attributes_type',
        'attributes',
        'byte_size',
        'changelog',
        'created_at',
        'dataset_id',
        'entries_count',
        'id',
        'mode',
        'sha256',
        'version',
      ].sort(),
    );
    const list = (await get(t, `/datasets/${d.id}/versions`)).json<VersionListResponse>();
    expect(list.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(list.versions[1]!.changelog).toBe('initial');
    const detail = (await get(t, `/datasets/${d.id}`)).json();
    expect(detail.latest_version).toBe(2);
    // The detail reads its versions with the dataset (one statement): the same, field for field.
    expect(detail.versions).toEqual(list.versions);
    expect(detail.updated_at >= detail.created_at).toBe(true);
  });

  it('adds a version from a streamed CSV body, changelog in the query', async () => {
    const d = await createDataset(t, alice, { name: 'Streamed' });
    const csv = `id,value\n${Array.from({ length: 300 }, (_, i) => `${i + 1},${i * 0.5}`).join('\n')}\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions?changelog=${encodeURIComponent('从 CSV 导入')}`,
      headers: { ...alice.headers, 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      version: 2,
      entries_count: 300,
      changelog: '从 CSV 导入',
      attribute_types: { id: 'integer', value: 'number' },
    });
    const page = (await get(t, `/datasets/${d.id}/version?offset=250&limit=3`)).json();
    expect(page).toMatchObject({ version: 2, entries_count: 300, offset: 250, limit: 3 });
    expect(page.entries).toEqual([
      [251, 125],
      [252, 125.5],
      [253, 126],
    ]);
  });

  it('rejects invalid content and adds no version', async () => {
    const d = await createDataset(t, alice, { name: 'Strict' });
    const res = await addVersion(d.id, { attributes: ['a'], entries: [[1, 2]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TABLE');
    expect((await get(t, `/datasets/${d.id}`)).json().latest_version).toBe(1);
  });

  it('is 404 for a dataset that does not exist', async () => {
    const res = await addVersion(999999, { ...sampleTable });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /datasets/{id}/version', () => {
  it('answers a page of the latest version, 100 rows by default', async () => {
    const entries = Array.from({ length: 150 }, (_, i) => [`行 ${i + 1}`, i]);
    const d = await createDataset(t, alice, { name: 'Paged', attributes: ['label', 'n'], entries });
    const first = (await get(t, `/datasets/${d.id}/version`)).json();
    expect(first).toMatchObject({
      version: 1,
      attributes: ['label', 'n'],
      attribute_types: { label: 'string', n: 'integer' },
      entries_count: 150,
      offset: 0,
      limit: 100,
    });
    expect(first.entries).toHaveLength(100);
    expect(first.entries[0]).toEqual(['行 1', 0]);
    const last = (await get(t, `/datasets/${d.id}/version?offset=140&limit=1000`)).json();
    expect(last.entries).toHaveLength(10);
    expect(last.entries[9]).toEqual(['行 150', 149]);
    const beyond = (await get(t, `/datasets/${d.id}/version?offset=500`)).json();
    expect(beyond.entries).toEqual([]);
  });

  it('writes large and small numbers of the first rows as every other answer does', async () => {
    const d = await createDataset(t, alice, {
      name: 'Magnitudes',
      attributes: ['reading', 'id'],
      entries: [
        [1e21, 0],
        [1.5e300, 1],
        [1e-7, 2],
        [2.5, 3],
      ],
      attribute_types: { reading: 'number', id: 'integer' },
    });
    const rows = '[[1e+21,0],[1.5e+300,1],[1e-7,2],[2.5,3]]';
    expect((await get(t, `/datasets/${d.id}/version`)).body).toContain(`"entries":${rows}`);
    expect((await get(t, `/datasets/${d.id}/versions/1/rows`)).body).toContain(`"rows":${rows}`);
  });

  it('caps limit at 1000', async () => {
    const d = await createDataset(t, alice, { name: 'Capped' });
    const res = await get(t, `/datasets/${d.id}/version?limit=1001`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('limit must be between 1 and 1000');
  });
});

describe('PUT /datasets/{id}', () => {
  it('changes the given fields and keeps the others', async () => {
    const d = await createDataset(t, alice, {
      name: 'Before',
      description: 'old',
      tags: ['a'],
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
      payload: { name: '之后', tags: ['B', 'b', '新'], language: 'en-us', is_public: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '之后',
      description: 'old',
      tags: ['b', '新'],
      language: 'en-US',
      is_public: false,
    });
    expect(res.json().versions).toHaveLength(1);
    const found = (await get(t, '/datasets/me?query=之后', alice)).json<DatasetListResponse>();
    expect(found.datasets.map((x) => x.id)).toEqual([d.id]);
    expect((await get(t, '/datasets/me?query=before', alice)).json().total).toBe(0);
  });

  it('validates like create', async () => {
    const d = await createDataset(t, alice, { name: 'Valid' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
      payload: { name: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('name');
  });
});

describe('DELETE /datasets/{id}', () => {
  const del = (id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/datasets/${id}`, headers: alice.headers });

  it('answers 204, removes the dataset and reclaims its own blobs', async () => {
    const d = await createDataset(t, alice, { name: 'Doomed', entries: [['拉萨', 1, 1]] });
    await addVersion(d.id, { ...sampleTable, entries: [['拉萨', 2, 2]] });
    const files = await blobFiles(t);
    const blobRows = await countRows(t, 'blobs');
    const res = await del(d.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(t, `/datasets/${d.id}`, alice)).statusCode).toBe(404);
    expect(await countRows(t, 'blobs')).toBe(blobRows - 2);
    expect((await blobFiles(t)).length).toBe(files.length - 2);
    expect((await del(d.id)).statusCode).toBe(404);
  });

  it('keeps a blob another dataset still references', async () => {
    const a = await createDataset(t, alice, { name: 'Shared A', entries: [['西安', 9, 9]] });
    const b = await createDataset(t, alice, { name: 'Shared B', entries: [['西安', 9, 9]] });
    const sha = a.versions[0]!.sha256;
    expect(b.versions[0]!.sha256).toBe(sha);
    expect((await del(a.id)).statusCode).toBe(204);
    expect(await blobFiles(t)).toContain(sha);
    const download = await get(t, `/datasets/${b.id}/versions/1/download?format=jsonl`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('西安');
    expect((await del(b.id)).statusCode).toBe(204);
    expect(await blobFiles(t)).not.toContain(sha);
  });
});
