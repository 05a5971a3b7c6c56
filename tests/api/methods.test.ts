import { beforeAll, describe, expect, it } from 'vitest';
import { createDataset, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
let datasetId: number;

beforeAll(async () => {
  datasetId = (await createDataset(t, alice)).id;
});

describe('a method a path does not take', () => {
  it('is 405 METHOD_NOT_ALLOWED with Allow naming the methods it takes', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/datasets?offset=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.json()).toEqual({
      message: 'Method DELETE is not allowed on /api/v1/datasets',
      code: 'METHOD_NOT_ALLOWED',
      details: { allowed_methods: ['GET', 'HEAD', 'POST', 'OPTIONS'] },
    });
  });

  it('names the methods of a path with an id, and of one with a trailing slash', async () => {
    const one = await t.app.inject({ method: 'PATCH', url: `/api/v1/datasets/${datasetId}` });
    expect(one.statusCode).toBe(405);
    expect(one.headers['allow']).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
    const download = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${datasetId}/versions/1/download/`,
    });
    expect(download.statusCode).toBe(405);
    expect(download.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });

  it('leaves a path that does not exist at 404 ROUTE_NOT_FOUND', async () => {
    for (const method of ['GET', 'DELETE', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no-such-thing' });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({
        message: `Route ${method} /api/v1/no-such-thing not found`,
        code: 'ROUTE_NOT_FOUND',
        details: null,
      });
    }
  });
});

describe('a plain OPTIONS request (not a CORS preflight)', () => {
  it('is 204 with Allow naming the methods of the path', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/datasets' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['allow']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.body).toBe('');
    const withOrigin = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/datasets/${datasetId}`,
      headers: { origin: 'https://notebook.example' },
    });
    expect(withOrigin.statusCode).toBe(204);
    expect(withOrigin.headers['allow']).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
    expect(withOrigin.headers['access-control-allow-origin']).toBe('*');
  });
});
