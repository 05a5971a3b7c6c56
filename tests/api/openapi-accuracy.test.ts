import { describe, expect, it } from 'vitest';
import { createDataset, suiteApp, suiteUser } from '../support/api.ts';

type Parameter = { name: string; in: string; schema: Record<string, unknown> };
type Answer = { headers?: Record<string, unknown> };
type Operation = {
  security?: object[];
  parameters?: Parameter[];
  responses?: Record<string, Answer>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const t = suiteApp();
const owner = suiteUser(t, 'openapi_owner');

const documentOf = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<Document>();

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, ...op })),
  );

describe('the OpenAPI document says what the server does', () => {
  it('describes every id as the integer it is, with its range, and the server takes exactly that range', async () => {
    const doc = await documentOf();
    const ids = operations(doc).flatMap((op) =>
      (op.parameters ?? [])
        .filter((p) => /^(id|version|from|to|dataset_id|owner_id|user_id)$/.test(p.name))
        .map((p) => ({ where: `${op.method} ${op.path} ${p.name}`, schema: p.schema })),
    );
    expect(ids.length).toBeGreaterThan(30);
    for (const { where, schema } of ids) {
      expect({ where, schema }).toEqual({
        where,
        schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      });
    }
    const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/v1/users/${id}` });
    expect((await get('2147483647')).statusCode).toBe(404);
    for (const bad of ['0', '2147483648', '012', '1e3', '0x1', '-1', 'x']) {
      const res = await get(bad);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
      expect(res.json()).toMatchObject({
        message: 'Invalid id: User id must be a positive integer',
      });
    }
  });

  it('answers a guest 401 on every call that needs a signed-in caller, whatever the body', async () => {
    const doc = await documentOf();
    const guarded = operations(doc).filter(
      (op) => op.security?.length && op.security.every((way) => Object.keys(way).length > 0),
    );
    expect(guarded.length).toBeGreaterThan(20);
    for (const op of guarded) {
      const url = op.path.replace(/\{[a-z_]+\}/g, '1');
      const statuses = [];
      for (const payload of [undefined, '{"name": 5, "sql": [1]}', 'not json']) {
        const res = await t.app.inject({
          method: op.method.toUpperCase() as 'GET',
          url,
          ...(payload === undefined || op.method === 'get'
            ? {}
            : { payload, headers: { 'content-type': 'application/json' } }),
        });
        statuses.push(res.statusCode);
      }
      expect({ op: `${op.method} ${op.path}`, statuses }).toEqual({
        op: `${op.method} ${op.path}`,
        statuses: [401, 401, 401],
      });
    }
  });

  it("declares a download's request and response headers, and the answers carry them", async () => {
    const doc = await documentOf();
    const dataset = await createDataset(t, owner);
    for (const path of [
      '/api/v1/datasets/{id}/versions/{version}/download',
      '/api/v1/datasets/{id}/versions/{version}/data.{format}',
      '/api/v1/datasets/{id}/latest/data.{format}',
    ]) {
      const op = doc.paths[path]!['get']!;
      const asked = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(asked.sort()).toEqual(['if-modified-since', 'if-none-match', 'if-range', 'range']);
      expect(Object.keys(op.responses!['206']!.headers ?? {})).toContain('Content-Range');
    }
    const op = doc.paths['/api/v1/datasets/{id}/versions/{version}/download']!['get']!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${dataset.id}/versions/1/download?format=csv`,
      headers: { range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
    for (const name of Object.keys(op.responses!['206']!.headers!)) {
      expect({ name, sent: res.headers[name.toLowerCase()] !== undefined }).toEqual({
        name,
        sent: true,
      });
    }
  });
});
