/**
 * The dataset API as browser-client unit tests fake it (tests/unit/datasets-api*.test.ts):
 * answers like the API's, counting GETs by path, and the client modules loaded fresh.
 */
import { vi } from 'vitest';
import { wirePublicUser as owner, wireSummary } from './wire.ts';
import { installFakeFetch, json, type SentRequest } from './fake-fetch.ts';

export const summary = (id: number) => wireSummary(id);

export const version = (datasetId: number, n: number) => ({
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
export function fakeApi() {
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
export async function load() {
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
