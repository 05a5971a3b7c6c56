import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { addUser, suiteApp } from '../support/api.ts';
import { holdThreadPool, threadPoolSize } from '../support/thread-pool.ts';

const t = suiteApp();

describe('GET /api/v1/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(['pglite', 'postgres']).toContain(body.database.kind);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API route with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Route GET /api/v1/no-such-thing not found',
      code: 'ROUTE_NOT_FOUND',
      details: null,
    });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/health');
  });

  it('reports a blob store it cannot write to, and recovers', async () => {
    const tmp = path.dirname(t.ctx.blobs.tempPath());
    await rm(tmp, { recursive: true, force: true });
    const broken = await t.app.inject({ url: '/api/v1/health' });
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toMatchObject({ status: 'degraded', blobs: { writable: false } });
    expect(broken.headers['retry-after']).toBe('2');
    await mkdir(tmp, { recursive: true });
    const fixed = await t.app.inject({ url: '/api/v1/health' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'ok', blobs: { writable: true } });
    expect(fixed.headers['retry-after']).toBeUndefined();
  });

  it("answers while table queries and file reads hold every thread of libuv's pool", async () => {
    // The database connection is open before the pool is taken (opening one may look up a name).
    expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    const pool = holdThreadPool(threadPoolSize());
    onTestFinished(() => pool.release());
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true },
      blobs: { writable: true },
    });
  });

  it('answers 507 INSUFFICIENT_STORAGE when the disk is full', async () => {
    const alice = await addUser(t, 'alice');
    const putFile = t.ctx.blobs.putFile;
    t.ctx.blobs.putFile = () =>
      Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/datasets',
        headers: alice.headers,
        payload: { name: 'Full disk', attributes: ['n'], entries: [[1]] },
      });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    } finally {
      t.ctx.blobs.putFile = putFile;
    }
  });
});
