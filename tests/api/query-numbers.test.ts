import { beforeAll, describe, expect, it } from 'vitest';
import { caller, createDataset, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
let datasetId: number;

beforeAll(async () => {
  datasetId = (await createDataset(t, alice)).id;
});

/** Spellings a number parser reads as a number, but not decimal digits (`%20` is a space). */
const NOT_DECIMAL = ['1e1', '0x10', '%2012', '12%20', '%2B5', '12.0', '1_0', 'Infinity', ''];

/** Every call that takes `offset` and `limit` in its query ({d}: a dataset that exists). */
const PAGED = [
  '/datasets',
  '/datasets/me',
  '/datasets/search',
  '/datasets/user/public?user_id={u}',
  '/datasets/{d}/version',
  '/datasets/{d}/versions/1/rows',
  '/datasets/{d}/compare/rows?from=1&to=1&kind=added',
  '/users',
  '/users/{u}/followers',
  '/users/{u}/following',
  '/favorites',
];

const url = (path: string, param: string, value: string) =>
  `${path.replace('{d}', String(datasetId)).replace('{u}', String(alice.id))}${path.includes('?') ? '&' : '?'}${param}=${value}`;

describe('integers in a query string', () => {
  it.each(PAGED)('%s takes offset and limit in decimal digits only', async (path) => {
    const call = caller(t);
    for (const param of ['offset', 'limit']) {
      for (const value of NOT_DECIMAL) {
        const res = await call('GET', url(path, param, value), alice);
        const message = `${param} must be an integer`;
        expect(res.statusCode, url(path, param, value)).toBe(400);
        expect(res.json(), url(path, param, value)).toEqual({
          code: 'VALIDATION_ERROR',
          message: `Invalid ${param}: ${message}`,
          details: [{ field: param, message }],
        });
      }
      expect((await call('GET', url(path, param, '1'), alice)).statusCode, path).toBe(200);
    }
  });

  it('says so when a parameter that takes one value is given twice; tags may repeat', async () => {
    const call = caller(t);
    for (const [path, param] of [
      ['/datasets?limit=1&limit=1', 'limit'],
      ['/datasets?sort=heat&sort=name', 'sort'],
      ['/datasets/search?query=a&query=b', 'query'],
    ] as const) {
      const message = `${param} is given more than once`;
      expect((await call('GET', path)).json(), path).toEqual({
        code: 'VALIDATION_ERROR',
        message: `Invalid ${param}: ${message}`,
        details: [{ field: param, message }],
      });
    }
    expect((await call('GET', '/datasets?tags=a&tags=b')).statusCode).toBe(200);
    // A list of too many tags is refused for what it is.
    const many = Array.from({ length: 30 }, (_, i) => `tags=t${i}`).join('&');
    const refused = (await call('GET', `/datasets?${many}`)).json<{ message: string }>();
    expect(refused.message).toMatch(/^Invalid tags: /);
    expect(refused.message).not.toMatch(/more than once/);
  });

  it('takes leaderboard limits in decimal digits only', async () => {
    const call = caller(t);
    for (const board of ['datasets', 'users']) {
      expect((await call('GET', `/leaderboard/${board}?limit=1e1`)).json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Invalid limit: limit must be an integer',
      });
      expect((await call('GET', `/leaderboard/${board}?limit=10`)).statusCode).toBe(200);
    }
  });

  it('keeps the range messages for decimal values out of range', async () => {
    const call = caller(t);
    expect((await call('GET', '/datasets?offset=-1')).json().message).toBe(
      'Invalid offset: offset must be at least 0',
    );
    expect((await call('GET', '/datasets?limit=0')).json().message).toBe(
      'Invalid limit: limit must be between 1 and 100',
    );
    expect((await call('GET', '/datasets?offset=99999999999999999999')).json().message).toBe(
      'Invalid offset: offset must be an integer',
    );
    const page = await call('GET', '/datasets?offset=0&limit=007');
    expect(page.json()).toMatchObject({ offset: 0, limit: 7 });
  });

  it('still takes numbers from the site’s own pages', async () => {
    const list = await t.site.datasets.list({ offset: 0, limit: 5 });
    expect(list).toMatchObject({ offset: 0, limit: 5, total: 1 });
    const byUser = await t.site.datasets.byUser({
      user_id: String(alice.id),
      offset: 0,
      limit: 500,
    });
    expect(byUser).toMatchObject({ limit: 100, total: 1 });
  });
});
