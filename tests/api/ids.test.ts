import { beforeAll, describe, expect, it } from 'vitest';
import { caller, createDataset, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
let datasetId: number;

beforeAll(async () => {
  datasetId = (await createDataset(t, alice)).id;
});

/** Spellings that a number parser would read as an id, and ids out of range. */
const BAD_IDS = ['0x1', '1e3', '1E0', '01', '+1', '1.0', '0b1', '0', '-1', 'abc'];
const OUT_OF_RANGE = [
  '2147483648',
  '99999999999',
  '9007199254740993',
  '9'.repeat(101),
  '1'.repeat(5000),
];

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `{id}` stands for the id under test, `{dataset}` for a dataset that exists. */
  path: string;
  field: string;
  what: string;
  body?: Record<string, unknown>;
};

const datasetRoutes: Route[] = (
  [
    { method: 'GET', path: '/datasets/{id}' },
    { method: 'PUT', path: '/datasets/{id}', body: { name: 'x' } },
    { method: 'DELETE', path: '/datasets/{id}' },
    { method: 'GET', path: '/datasets/{id}/versions' },
    { method: 'GET', path: '/datasets/{id}/version' },
    { method: 'GET', path: '/datasets/{id}/versions/1/download' },
    { method: 'GET', path: '/datasets/{id}/versions/1/rows' },
    { method: 'GET', path: '/datasets/{id}/compare?from=1&to=1' },
    { method: 'GET', path: '/datasets/{id}/croissant' },
    { method: 'POST', path: '/datasets/{id}/rate', body: { score: 3 } },
    { method: 'GET', path: '/datasets/{id}/rating' },
    { method: 'PUT', path: '/datasets/{id}/fork-settings', body: { allow_forks: true } },
  ] satisfies Omit<Route, 'field' | 'what'>[]
).map((r) => ({
  ...r,
  field: 'id',
  what: 'Dataset id',
}));

const routes: Route[] = [
  ...datasetRoutes,
  {
    method: 'GET',
    path: '/datasets/{dataset}/versions/{id}/stats',
    field: 'version',
    what: 'Version',
  },
  {
    method: 'GET',
    path: '/datasets/{dataset}/compare?from={id}&to=1',
    field: 'from',
    what: 'from',
  },
  {
    method: 'GET',
    path: '/favorites/check/{id}',
    field: 'dataset_id',
    what: 'Dataset id',
  },
  { method: 'DELETE', path: '/favorites/{id}', field: 'id', what: 'Favorite id' },
  { method: 'DELETE', path: '/tokens/{id}', field: 'id', what: 'Token id' },
  { method: 'GET', path: '/users/{id}', field: 'id', what: 'User id' },
  { method: 'GET', path: '/users/{id}/followers', field: 'id', what: 'User id' },
  { method: 'POST', path: '/users/{id}/follow', field: 'id', what: 'User id' },
  { method: 'GET', path: '/datasets?owner_id={id}', field: 'owner_id', what: 'owner_id' },
  {
    method: 'GET',
    path: '/datasets/user/public?user_id={id}',
    field: 'user_id',
    what: 'user_id',
  },
];

describe('ids in paths and queries', () => {
  const named = routes.map((r) => [`${r.method} ${r.path}`, r] as const);
  it.each(named)('%s takes decimal digits only', async (_, route) => {
    const call = caller(t);
    for (const id of [...BAD_IDS, ...OUT_OF_RANGE]) {
      const url = route.path.replace('{id}', id).replace('{dataset}', String(datasetId));
      const res = await call(route.method, url.replace('+', '%2B'), alice, route.body);
      const message = `${route.what} must be a positive integer`;
      expect(res.statusCode, `${route.method} ${url}`).toBe(400);
      // One detail per problem: never the same one twice.
      expect(res.json(), `${route.method} ${url}`).toEqual({
        code: 'VALIDATION_ERROR',
        message: `Invalid ${route.field}: ${message}`,
        details: [{ field: route.field, message }],
      });
    }
  });

  it('still reads a plain decimal id', async () => {
    const call = caller(t);
    expect((await call('GET', `/datasets/${datasetId}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/datasets/${datasetId}/versions/1/stats`, alice)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/users/${alice.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/favorites/check/${datasetId}`, alice)).json()).toEqual({
      is_favorited: false,
      favorite_id: null,
    });
    const missing = await call('DELETE', '/tokens/2147483647', alice);
    expect(missing.statusCode).toBe(404);
  });
});
