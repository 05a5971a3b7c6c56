import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contracts/error-codes.ts';
import { operationIdOf } from '../../src/server/plugins/openapi.ts';
import { suiteApp, suiteUser } from '../support/api.ts';

type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown;
  requestBody?: { required?: boolean };
  responses: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const t = suiteApp();
const reader = suiteUser(t, 'openapi_reader');
let doc: Document;

beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<Document>();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, ...op })),
  );

describe('the OpenAPI document', () => {
  it('passes swagger-parser validation', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('passes Redocly lint (its recommended rules) without an error', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: '/openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(errors).toEqual([]);
    // Sign-in calls need a token; the rest take one when sent.
    expect(doc.paths['/api/v1/tokens']?.['post']?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/datasets']?.['get']?.security).toEqual([{}, { bearer: [] }]);
  });

  it('gives every operation a unique operationId, tags, a summary and its security', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    const missing = ops.filter(
      (o) => !o.operationId || !o.tags?.length || !o.summary || !Array.isArray(o.security),
    );
    expect(missing.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getDatasetsIdVersionsVersionRows');
    expect(ids).toContain('postTokens');
  });

  it('names the shared schemas once and refers to them', () => {
    const named = doc as Document & { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(named.components.schemas)).toEqual(
      expect.arrayContaining([
        'Dataset',
        'DatasetVersion',
        'PublicUser',
        'User',
        'Error',
        'TableRows',
      ]),
    );
    const detail = JSON.stringify(doc.paths['/api/v1/datasets/{id}']);
    expect(detail).toContain('"$ref":"#/components/schemas/Dataset"');
    expect(detail).toContain('"$ref":"#/components/schemas/Error"');
  });

  it("lists every error code in the error answer's schema", () => {
    const named = doc as Document & {
      components: { schemas: { Error: { properties: { code: { enum?: string[] } } } } };
    };
    expect(named.components.schemas.Error.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  it('declares the streamed and multipart uploads and the downloaded files', () => {
    type Media = Record<string, { schema?: Record<string, unknown> }>;
    const ops = doc.paths as unknown as Record<
      string,
      Record<
        string,
        { requestBody?: { content: Media }; responses: Record<string, { content?: Media }> }
      >
    >;
    for (const path of ['/api/v1/datasets', '/api/v1/datasets/{id}/versions']) {
      const body = ops[path]!['post']!.requestBody!.content;
      expect(Object.keys(body).sort()).toEqual([
        'application/json',
        'application/jsonl',
        'application/x-ndjson',
        'multipart/form-data',
        'text/csv',
        'text/tab-separated-values',
      ]);
      expect(body['text/csv']!.schema).toEqual({ type: 'string', contentMediaType: 'text/csv' });
    }
    const download = ops['/api/v1/datasets/{id}/versions/{version}/download']!['get']!.responses;
    expect(download['200']!.content!['application/vnd.apache.parquet']!.schema).toMatchObject({
      type: 'string',
      contentMediaType: 'application/vnd.apache.parquet',
    });
    expect(download['200']!.content!['application/json']!.schema).toMatchObject({ type: 'array' });
  });

  it('declares what a body can answer on every call that may be sent one', async () => {
    // A DELETE takes no body, yet one sent along is read: another content type is 415.
    const stray = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/favorites/1',
      headers: { ...reader.auth, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(stray.statusCode).toBe(415);
    const undeclared = operations()
      .filter((op) => op.method !== 'get' && !op.path.endsWith('/auth/logout'))
      .filter((op) => !('413' in op.responses && '415' in op.responses))
      .map((op) => `${op.method} ${op.path}`);
    expect(undeclared).toEqual([]);
  });

  it('declares 431 on every call: a URL over 16 KB is refused before routing', () => {
    const undeclared = operations()
      .filter((op) => !('431' in op.responses))
      .map((op) => `${op.method} ${op.path}`);
    expect(undeclared).toEqual([]);
  });

  it('marks a body as optional where the call works without one', () => {
    const required = (path: string, method = 'post') =>
      doc.paths[path]![method]!.requestBody?.required;
    expect(required('/api/v1/auth/refresh')).toBe(false);
    expect(required('/api/v1/auth/logout')).toBe(false);
    expect(required('/api/v1/datasets/{id}/fork')).toBe(false);
    expect(required('/api/v1/favorites')).toBe(true);
    expect(required('/api/v1/datasets/{id}', 'put')).toBe(true);
  });

  it('declares the optional Idempotency-Key header of each publish', () => {
    type Parameter = { in: string; name: string; required?: boolean; schema?: object };
    for (const path of ['/api/v1/datasets', '/api/v1/datasets/{id}/versions']) {
      const op = doc.paths[path]!['post'] as Operation & { parameters?: Parameter[] };
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header');
      expect(headers, path).toEqual([
        expect.objectContaining({
          name: 'idempotency-key',
          required: false,
          schema: expect.objectContaining({ type: 'string' }),
        }),
      ]);
    }
  });

  it('lists only API paths', () => {
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/v1/'))).toEqual([]);
  });

  it('names operations after their method and path', () => {
    expect(operationIdOf('DELETE', '/api/v1/tokens/:id')).toBe('deleteTokensId');
    expect(operationIdOf('GET', '/api/v1/datasets/{id}/compare/rows')).toBe(
      'getDatasetsIdCompareRows',
    );
  });
});
