import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/server/plugins/errors.ts';

/** The API's not-found answers on an app shaped like the server with the site mounted. */
const app = Fastify();

beforeAll(async () => {
  registerErrorHandler(app, '/api/v1');
  app.get('/api/v1/things', async () => ({ things: [] }));
  app.delete('/api/v1/things/:id', async (_request, reply) => reply.status(204).send());
  // As site/mount.ts does: no page under /api, every other path a page.
  app.all('/api/*', async (_request, reply) => reply.callNotFound());
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: async () => 'page' });
  await app.ready();
});
afterAll(() => app.close());

describe('methods a path does not take, with the site mounted', () => {
  it('a page path takes GET and HEAD: another method is 405 with Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/en-US/datasets' });
    expect(res.statusCode).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect(res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const options = await app.inject({ method: 'OPTIONS', url: '/datasets' });
    expect([options.statusCode, options.headers['allow']]).toEqual([204, 'GET, HEAD, OPTIONS']);
  });

  it('an API path answers by its own routes, and no page stands in for a missing one', async () => {
    const post = await app.inject({ method: 'POST', url: '/api/v1/things/7' });
    expect([post.statusCode, post.headers['allow']]).toEqual([405, 'DELETE, OPTIONS']);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/v1/nothing' });
      expect([method, res.statusCode, res.json().code]).toEqual([method, 404, 'ROUTE_NOT_FOUND']);
    }
    expect((await app.inject({ method: 'PUT', url: '/api/other' })).statusCode).toBe(404);
  });
});
