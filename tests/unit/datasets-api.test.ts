// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { freshBrowserEachTest } from '../support/browser.ts';
import { installFakeFetch, json } from '../support/fake-fetch.ts';
import { fakeApi, load } from '../support/fake-datasets-api.ts';

/** Reads everything the caches can hold about datasets 1 and 2, and user 7. */
async function readAll(m: Awaited<ReturnType<typeof load>>) {
  await m.datasets.getDataset(1);
  await m.datasets.getDataset(2);
  await m.datasets.listVersions(1);
  await m.datasets.listVersions(2);
  await m.datasets.getLatestVersion(1);
  await m.datasets.listDatasets({ tags: ['a', 'b'], sort: 'heat' });
  await m.datasets.listMyDatasets({ sortBy: 'name' });
  await m.datasets.searchDatasets({ query: '人口' });
  await m.users.getUser(7);
}

const LIST = '/api/v1/datasets';
const MINE = '/api/v1/datasets/me';
const SEARCH = '/api/v1/datasets/search';

freshBrowserEachTest();

describe('dataset reads', () => {
  it('are cached: a second read of the same thing sends nothing', async () => {
    const m = await load();
    const api = fakeApi();
    await readAll(m);
    await readAll(m);
    expect(api.count('/api/v1/datasets/1')).toBe(1);
    expect(api.count('/api/v1/datasets/1/versions')).toBe(1);
    expect(api.count(LIST)).toBe(1);
    expect(api.count(MINE)).toBe(1);
    expect(api.count(SEARCH)).toBe(1);
    const dataset = await m.datasets.getDataset(1);
    expect(dataset.latestVersion).toBe(1);
    // Column names are the user's: never case-converted.
    expect(dataset.versions[0]?.attributeTypes).toEqual({ '城市 名': 'string' });
  });

  it('search asks for 12 a page and answers the Search pagination', async () => {
    const m = await load();
    const api = fakeApi();
    const found = await m.datasets.searchDatasets({ query: '人口' });
    expect(found).toMatchObject({ currentPage: 1, totalPages: 1, pageSize: 12, hasNext: false });
    const sent = api.requests[0]!.url.searchParams;
    expect([sent.get('query'), sent.get('offset'), sent.get('limit')]).toEqual(['人口', '0', '12']);
    await m.datasets.listDatasets({ tags: ['a', 'b'], sort: 'heat', isPublic: true });
    const listed = api.requests[1]!.url.searchParams;
    expect([listed.get('tags'), listed.get('sort'), listed.get('is_public')]).toEqual([
      'a,b',
      'heat',
      'true',
    ]);
  });

  it('a failed stats lookup quietly answers 0, and is not cached', async () => {
    const m = await load();
    installFakeFetch(() => json(500, { message: 'down', code: 'INTERNAL', details: null }));
    expect(await m.datasets.getDatasetStats()).toEqual({ totalDatasets: 0, totalDownloads: 0 });
    installFakeFetch(() => new Response('not json', { status: 200 }));
    expect(await m.datasets.getDatasetStats()).toEqual({ totalDatasets: 0, totalDownloads: 0 });
    fakeApi();
    expect(await m.datasets.getDatasetStats()).toEqual({ totalDatasets: 3, totalDownloads: 9 });
  });

  it('builds download addresses relative to the site', async () => {
    const m = await load();
    expect(m.datasets.downloadUrl(4, 2, 'jsonl')).toBe('/api/v1/datasets/4/versions/2/data.jsonl');
  });
});

describe('dataset changes and the cache (docs/browser-client.md)', () => {
  it('creating a dataset clears all caches, users included', async () => {
    const m = await load();
    const api = fakeApi();
    await readAll(m);
    const created = await m.datasets.createDataset({
      name: '新数据集',
      attributes: ['城市 名'],
      attributeTypes: { '城市 名': 'string' },
      entries: [['北京']],
    });
    expect(created.id).toBe(3);
    const sent = api.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({
      name: '新数据集',
      attributes: ['城市 名'],
      attribute_types: { '城市 名': 'string' },
      entries: [['北京']],
    });
    expect(sent?.headers.get('authorization')).toBe('Bearer token');
    await readAll(m);
    for (const path of ['/api/v1/datasets/1', '/api/v1/datasets/2', LIST, MINE, SEARCH]) {
      expect(api.count(path), path).toBe(2);
    }
    expect(api.count('/api/v1/users/7')).toBe(2);
  });

  it.each([
    [
      'updating',
      (m: Awaited<ReturnType<typeof load>>) => m.datasets.updateDataset(1, { isPublic: false }),
    ],
    ['deleting', (m: Awaited<ReturnType<typeof load>>) => m.datasets.deleteDataset(1)],
    [
      'adding a version to',
      (m: Awaited<ReturnType<typeof load>>) =>
        m.datasets.createVersion(1, {
          attributes: ['城市 名'],
          entries: [['上海']],
          changelog: 'v2',
        }),
    ],
  ])('%s a dataset drops its entries and every list, nothing else', async (_, change) => {
    const m = await load();
    const api = fakeApi();
    await readAll(m);
    await change(m);
    await readAll(m);
    expect(api.count('/api/v1/datasets/1')).toBe(2);
    expect(api.count('/api/v1/datasets/1/versions')).toBe(2);
    expect(api.count('/api/v1/datasets/1/version')).toBe(2);
    for (const path of [LIST, MINE, SEARCH]) expect(api.count(path), path).toBe(2);
    // Another dataset and the users cache stay.
    expect(api.count('/api/v1/datasets/2')).toBe(1);
    expect(api.count('/api/v1/datasets/2/versions')).toBe(1);
    expect(api.count('/api/v1/users/7')).toBe(1);
  });

  it('a failed change still drops what it may have made stale', async () => {
    const m = await load();
    const api = fakeApi();
    await m.datasets.getDataset(1);
    installFakeFetch(() =>
      json(403, { message: 'Only the owner', code: 'FORBIDDEN', details: null }),
    );
    await expect(m.datasets.updateDataset(1, { name: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    const again = fakeApi();
    await m.datasets.getDataset(1);
    expect(api.count('/api/v1/datasets/1') + again.count('/api/v1/datasets/1')).toBe(2);
  });

  it('sends a new version payload unchanged', async () => {
    const m = await load();
    const api = fakeApi();
    const payload = {
      attributes: ['firstName'],
      attribute_types: { firstName: 'string' },
      entries: [{ firstName: 'Ada' }],
      changelog: 'v2',
    };
    await m.datasets.createVersion(1, payload);
    expect(api.requests.at(-1)?.body).toEqual(payload);
  });
});
