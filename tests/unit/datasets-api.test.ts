// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wirePublicUser as owner, wireSummary } from '../support/wire.ts';
import { installFakeFetch, json, type SentRequest } from '../support/fake-fetch.ts';

const summary = (id: number) => wireSummary(id);

const version = (datasetId: number, n: number) => ({
  id: datasetId * 100 + n,
  version: n,
  dataset_id: datasetId,
  entries_count: 1,
  changelog: '',
  attributes: ['城市 名'],
  attribute_types: { '城市 名': 'string' },
  byte_size: 10,
  sha256: 'a'.repeat(64),
  created_at: '2025-01-01T00:00:00.000Z',
});

const page = (ids: number[]) => ({
  datasets: ids.map(summary),
  total: ids.length,
  offset: 0,
  limit: 20,
});

/** Answers every dataset call like the API would, counting GETs by path. */
function fakeApi() {
  const gets = new Map<string, number>();
  const handler = (r: SentRequest): Response => {
    const { pathname } = r.url;
    if (r.method === 'GET') gets.set(pathname, (gets.get(pathname) ?? 0) + 1);
    const id = Number(/^\/api\/v1\/datasets\/(\d+)/.exec(pathname)?.[1]);
    if (r.method === 'GET' && pathname === '/api/v1/users/7') return json(200, { user: owner });
    if (r.method === 'GET' && pathname === '/api/v1/datasets/stats') {
      return json(200, { total_datasets: 3, total_downloads: 9 });
    }
    if (r.method === 'GET' && pathname === '/api/v1/datasets/search') {
      return json(200, {
        ...page([1, 2]),
        limit: 12,
        current_page: 1,
        total_pages: 1,
        page_size: 12,
        has_next: false,
        has_prev: false,
      });
    }
    if (
      r.method === 'GET' &&
      (pathname === '/api/v1/datasets' || pathname === '/api/v1/datasets/me')
    ) {
      return json(200, page([1, 2]));
    }
    if (r.method === 'GET' && pathname.endsWith('/versions')) {
      return json(200, { versions: [version(id, 1)] });
    }
    if (r.method === 'GET' && pathname.endsWith('/version')) {
      return json(200, {
        version: 1,
        attributes: ['城市 名'],
        attribute_types: { '城市 名': 'string' },
        entries: [['北京']],
        entries_count: 1,
        offset: 0,
        limit: 100,
      });
    }
    if (r.method === 'GET' && id) return json(200, { ...summary(id), versions: [version(id, 1)] });
    if (r.method === 'POST' && pathname === '/api/v1/datasets') {
      return json(201, { ...summary(3), versions: [version(3, 1)] });
    }
    if (r.method === 'POST' && pathname.endsWith('/versions')) return json(201, version(id, 2));
    if (r.method === 'PUT' && id) return json(200, { ...summary(id), versions: [] });
    if (r.method === 'DELETE' && id) return new Response(null, { status: 204 });
    return json(404, { message: 'Not found', code: 'NOT_FOUND', details: null });
  };
  const fake = installFakeFetch(handler);
  return { ...fake, count: (path: string) => gets.get(path) ?? 0 };
}

/** Fresh modules per test (the caches and the auth store keep module state), signed in. */
async function load() {
  vi.resetModules();
  const auth = await import('../../src/stores/auth.ts');
  const datasets = await import('../../src/lib/api/datasets.ts');
  const users = await import('../../src/lib/api/users.ts');
  auth.setSession({
    user: {
      ...owner,
      email: 'ada@example.com',
      isActive: true,
      isVerified: false,
      role: 'user',
      createdAt: owner.created_at,
      updatedAt: owner.created_at,
      lastLoginAt: null,
    },
    accessToken: 'token',
    expiresIn: 900,
  });
  return { datasets, users };
}

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

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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
    expect(m.datasets.downloadUrl(4, 2, 'jsonl')).toBe(
      '/api/v1/datasets/4/versions/2/download?format=jsonl',
    );
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

/** A stand-in for XMLHttpRequest: reports upload progress in two steps, then answers. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onprogress?: () => void;
  onload?: () => void;
  onerror?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const total = body instanceof Blob ? body.size : String(body).length;
    queueMicrotask(() => {
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
      progress(Math.floor(total / 2));
      progress(total);
      this.upload.onload?.();
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    });
  }
}

describe('streamed uploads with progress', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('send the file as the body, the metadata in the query, report progress, clear all caches', async () => {
    const m = await load();
    const api = fakeApi();
    await m.datasets.getDataset(1);
    FakeXhr.answer = { status: 201, body: { ...summary(3), versions: [] } };
    const file = new Blob(['城市,人口\n北京,1\n'], { type: 'text/csv' });
    const seen: number[] = [];
    const dataset = await m.datasets.uploadDataset(
      { name: '人口', isPublic: false, tags: ['a', 'b'] },
      { body: file, format: 'csv' },
      { onProgress: (p) => seen.push(p.loaded / (p.total ?? 1)) },
    );
    expect(dataset.latestVersion).toBe(1);
    expect(seen).toEqual([Math.floor(file.size / 2) / file.size, 1]);
    const xhr = FakeXhr.sent[0]!;
    const url = new URL(xhr.url);
    expect(xhr.method).toBe('POST');
    expect(url.pathname).toBe('/api/v1/datasets');
    expect(url.searchParams.get('name')).toBe('人口');
    expect(url.searchParams.get('is_public')).toBe('false');
    expect(url.searchParams.get('tags')).toBe('a,b');
    expect(xhr.body).toBe(file);
    expect(xhr.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(xhr.headers['authorization']).toBe('Bearer token');
    expect(xhr.withCredentials).toBe(true);
    await m.datasets.getDataset(1);
    expect(api.count('/api/v1/datasets/1')).toBe(2);
  });

  it('declare the types a file is sent with in the query, as JSON text', async () => {
    const m = await load();
    fakeApi();
    FakeXhr.answer = { status: 201, body: version(1, 2) };
    await m.datasets.uploadVersion(1, 'v2', {
      body: new Blob(['zip,n\n02139,1\n']),
      format: 'csv',
      attributeTypes: { zip: 'string', 'Zip Code': 'string' },
    });
    await m.datasets.uploadVersion(1, 'v3', {
      body: new Blob(['zip\n1\n']),
      format: 'csv',
      attributeTypes: {},
    });
    const [declared, none] = FakeXhr.sent.map((xhr) => new URL(xhr.url).searchParams);
    expect(JSON.parse(declared!.get('attribute_types') ?? '')).toEqual({
      zip: 'string',
      'Zip Code': 'string',
    });
    expect(none!.has('attribute_types')).toBe(false);
  });

  it('report a rejected table with the server message, code and problems', async () => {
    const m = await load();
    fakeApi();
    FakeXhr.answer = {
      status: 400,
      body: {
        message: 'Invalid table: Row 2 has 1 value',
        code: 'INVALID_TABLE',
        details: {
          errors: [{ row: 2, column: null, code: 'ROW_LENGTH', message: 'Row 2 has 1 value' }],
        },
      },
    };
    const failure = m.datasets.uploadVersion(1, 'v2', {
      body: new Blob(['a\n1\n']),
      format: 'csv',
    });
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_TABLE',
      message: 'Invalid table: Row 2 has 1 value',
      details: { errors: [{ row: 2, code: 'ROW_LENGTH' }] },
    });
    expect(new URL(FakeXhr.sent[0]!.url).searchParams.get('changelog')).toBe('v2');
  });

  it('JSON bodies go through it when progress is wanted', async () => {
    const m = await load();
    fakeApi();
    FakeXhr.answer = { status: 201, body: version(1, 2) };
    const seen: number[] = [];
    const created = await m.datasets.createVersion(
      1,
      { attributes: ['a'], entries: [[1]] },
      { onProgress: (p) => seen.push(p.loaded) },
    );
    expect(created.version).toBe(2);
    expect(seen.length).toBe(2);
    expect(JSON.parse(String(FakeXhr.sent[0]!.body))).toEqual({
      attributes: ['a'],
      entries: [[1]],
    });
    expect(FakeXhr.sent[0]!.headers['content-type']).toBe('application/json');
  });
});
