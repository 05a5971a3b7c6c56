import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../src/contracts/datasets.ts';
import { suiteApp, suiteUser, type TestUser } from '../support/api.ts';

/**
 * What the server sends matches what its OpenAPI document says it sends: a realistic session
 * through the API, each answer checked against the document's schema for its operation and
 * status (JSON Schema 2020-12, as OpenAPI 3.1 writes it), and each status declared.
 */
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
};

const t = suiteApp();
let doc: Document;
let ajv: Ajv2020;
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');
const checked = new Set<string>();
let validated = 0;
const problems: string[] = [];

beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<Document>();
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
});

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The document's path for a URL path: the literal match, else the one with fewest parameters. */
function templateOf(path: string): string | undefined {
  const candidates = Object.keys(doc.paths).filter((p) =>
    new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  return candidates.sort((a, b) => a.split('{').length - b.split('{').length)[0];
}

const validators = new Map<string, ValidateFunction>();

/** Sends the request and checks the answer against the document; returns the answer. */
async function call(
  method: string,
  url: string,
  options: { user?: TestUser; payload?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...options.user?.headers, ...options.headers },
    ...(options.payload !== undefined && { payload: options.payload as object }),
  });
  const template = templateOf(new URL(url, 'http://x').pathname);
  const operation = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  const where = `${method} ${template ?? url} → ${res.statusCode}`;
  const declared = operation?.responses[String(res.statusCode)] ?? operation?.responses['default'];
  if (!declared) {
    problems.push(`${where}: status not declared`);
    return res;
  }
  checked.add(`${method} ${template}`);
  const type = String(res.headers['content-type'] ?? '').split(';')[0]!;
  const media = (declared.content as Record<string, { schema?: unknown }> | undefined)?.[type];
  if (type === 'application/json' && media?.schema) {
    const ref = `openapi.json#/${pointer('paths', template!, method.toLowerCase(), 'responses', String(res.statusCode), 'content', type, 'schema')}`;
    let validate = validators.get(ref);
    if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
    validated++;
    if (!validate(res.json())) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  } else if (type === 'application/json' && res.statusCode !== 204) {
    problems.push(`${where}: no JSON schema declared`);
  }
  return res;
}

describe('live answers against the OpenAPI document', () => {
  it('every answer of a session through the API is declared and matches its schema', async () => {
    const register = await call('POST', '/api/v1/auth/register', {
      payload: { username: 'carol', email: 'carol@example.com', password: 'Secret-pass-1' },
    });
    expect(register.statusCode).toBe(201);
    await call('POST', '/api/v1/auth/login', {
      payload: { identifier: 'carol', password: 'Secret-pass-1' },
    });
    await call('POST', '/api/v1/auth/login', { payload: { identifier: 'carol', password: 'no' } });
    await call('GET', '/api/v1/health');
    await call('GET', '/api/v1/users/me', { user: alice });
    await call('GET', '/api/v1/users/me');
    await call('PUT', '/api/v1/users/me', { user: alice, payload: { nickname: '爱丽丝' } });
    await call('GET', '/api/v1/users/me/deletion', { user: alice });
    await call('GET', `/api/v1/users/${alice.id}`);
    await call('GET', `/api/v1/users/${alice.id}/profile`);
    await call('GET', '/api/v1/users?query=ali');
    await call('GET', '/api/v1/users/999999');

    const created = await call('POST', '/api/v1/datasets', {
      user: alice,
      payload: {
        name: '城市人口',
        tags: ['人口'],
        license: 'CC-BY-4.0',
        readme: '# 说明',
        attributes: ['城市', '人口'],
        entries: [
          ['北京', 2189],
          ['上海', 2487],
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Dataset>().id;
    await call('POST', '/api/v1/datasets', { user: alice, payload: { name: '' } });
    await call('POST', '/api/v1/datasets/validate', {
      payload: { attributes: ['a'], entries: [[1], ['x']], attribute_types: ['integer'] },
    });
    await call('POST', `/api/v1/datasets/${id}/versions`, {
      user: alice,
      payload: { attributes: ['城市', '人口'], entries: [['广州', 1882]], changelog: 'v2' },
    });
    await call('PUT', `/api/v1/datasets/${id}`, {
      user: alice,
      payload: { description: '两个版本' },
    });
    await call('PUT', `/api/v1/datasets/${id}`, { user: bob, payload: { description: 'x' } });
    await call('GET', '/api/v1/datasets');
    await call('GET', '/api/v1/datasets?license=CC-BY-4.0&sort=heat');
    await call('GET', '/api/v1/datasets?limit=1000');
    await call('GET', '/api/v1/datasets/me', { user: alice });
    await call('GET', '/api/v1/datasets/search?query=城市');
    await call('GET', '/api/v1/datasets/stats');
    await call('GET', `/api/v1/datasets/user/public?user_id=${alice.id}`);
    await call('GET', `/api/v1/datasets/${id}`);
    await call('GET', '/api/v1/datasets/999999');
    await call('GET', `/api/v1/datasets/${id}/versions`);
    await call('GET', `/api/v1/datasets/${id}/version`);
    await call('GET', `/api/v1/datasets/${id}/versions/1/rows?limit=10`);
    await call('GET', `/api/v1/datasets/${id}/versions/1/stats`);
    const filters = (list: unknown[]) => encodeURIComponent(JSON.stringify(list));
    const facets = `/api/v1/datasets/${id}/versions/1/facets?column=`;
    const kept = filters([{ column: '人口', op: 'ge', value: 0 }]);
    const statuses = [
      await call('GET', `${facets}${encodeURIComponent('城市')}&filters=${kept}`),
      await call('GET', `${facets}${encodeURIComponent('人口')}&bins=5`),
      await call('GET', `/api/v1/datasets/${id}/versions/1/rows?filters=${filters([{}])}`),
    ].map((res) => res.statusCode);
    expect(statuses).toEqual([200, 200, 400]);
    await call('GET', `/api/v1/datasets/${id}/compare?from=1&to=2`);
    await call('GET', `/api/v1/datasets/${id}/compare/rows?from=1&to=2`);

    const fav = await call('POST', '/api/v1/favorites', { user: bob, payload: { dataset_id: id } });
    await call('GET', '/api/v1/favorites', { user: bob });
    await call('GET', `/api/v1/favorites/check/${id}`, { user: bob });
    await call('DELETE', `/api/v1/favorites/${fav.json<{ id: number }>().id}`, { user: bob });
    await call('POST', `/api/v1/datasets/${id}/rate`, { user: bob, payload: { score: 4 } });
    const queries = `/api/v1/datasets/${id}/queries`;
    const saved = await call('POST', queries, {
      user: bob,
      payload: { title: 'All', sql: 'FROM t' },
    });
    await call('GET', queries);
    await call('POST', `/api/v1/datasets/${id}/versions/1/read-key`, { user: bob });
    await call('GET', `${queries}/${saved.json<{ id: number }>().id}`);
    await call('DELETE', `${queries}/${saved.json<{ id: number }>().id}`, { user: bob });
    await call('POST', `/api/v1/datasets/${id}/fork`, { user: bob, payload: {} });
    await call('PUT', `/api/v1/datasets/${id}/fork-settings`, {
      user: alice,
      payload: { allow_forks: false },
    });
    await call('POST', `/api/v1/users/${alice.id}/follow`, { user: bob });
    await call('GET', `/api/v1/users/${alice.id}/followers`);
    await call('GET', `/api/v1/users/${bob.id}/following`);
    await call('DELETE', `/api/v1/users/${alice.id}/follow`, { user: bob });
    await call('GET', '/api/v1/leaderboard/datasets');
    await call('GET', '/api/v1/leaderboard/users');
    await call('GET', '/api/v1/auth/oauth2/providers');
    const token = await call('POST', '/api/v1/tokens', {
      user: alice,
      payload: { name: 'script', scope: 'read' },
    });
    await call('GET', '/api/v1/tokens', { user: alice });
    await call('DELETE', `/api/v1/tokens/${token.json<{ id: number }>().id}`, { user: alice });
    await call('POST', '/api/v1/markdown', { user: alice, payload: { markdown: '**b**' } });
    await call('DELETE', `/api/v1/datasets/${id}`, { user: alice });

    expect(problems).toEqual([]);
    expect(checked.size).toBeGreaterThanOrEqual(40);
    expect(validated).toBeGreaterThanOrEqual(45);
  });

  it('declares the answers of the shared plumbing: a bad token, a narrow scope, a body it cannot read', async () => {
    problems.length = 0;
    const bad = { headers: { authorization: 'Bearer not-a-token' } };
    for (const url of ['/datasets/stats', '/health', '/users', '/leaderboard/users']) {
      expect((await call('GET', `/api/v1${url}`, bad)).statusCode).toBe(401);
    }
    const secret = (
      await call('POST', '/api/v1/tokens', { user: alice, payload: { name: 'r', scope: 'read' } })
    ).json<{ token: string }>().token;
    const read = { headers: { authorization: `Bearer ${secret}` } };
    const refused = [
      await call('POST', '/api/v1/favorites', { ...read, payload: { dataset_id: 1 } }),
      await call('PUT', '/api/v1/users/me', { ...read, payload: { bio: 'x' } }),
      await call('POST', `/api/v1/users/${bob.id}/follow`, read),
      await call('POST', '/api/v1/datasets', { ...read, payload: { name: 'x' } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    const xml = { headers: { 'content-type': 'application/xml' }, payload: '<x/>' };
    const r415 = await call('POST', '/api/v1/auth/register', xml);
    expect(r415.statusCode).toBe(415);
    expect((await call('DELETE', '/api/v1/tokens/abc', { user: alice })).statusCode).toBe(400);
    // A query string is checked on every call, even one that takes no parameters.
    for (const query of ['x=%00', 'x=%ff']) {
      for (const url of ['/datasets/stats', '/health', '/users/me', '/tokens']) {
        const res = await call('GET', `/api/v1${url}?${query}`, { user: alice });
        expect([url, res.statusCode]).toEqual([url, 400]);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the check fails an answer that breaks its schema', () => {
    const ref = `openapi.json#/${pointer('paths', '/api/v1/datasets/{id}', 'get', 'responses', '200', 'content', 'application/json', 'schema')}`;
    const validate = ajv.compile({ $ref: ref });
    expect(validate({ id: 'one', name: 3 })).toBe(false);
    expect(ajv.errorsText(validate.errors)).toMatch(/must have required property|must be/);
  });
});
