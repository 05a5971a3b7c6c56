import { describe, expect, it } from 'vitest';
import { caller, newDataset, suiteApp, suiteUser } from '../support/api.ts';

/** What the document states of one value: enough of JSON Schema for the rules it writes. */
type Schema = {
  type?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
};
type Operation = {
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
};
type Document = { paths: Record<string, Record<string, Operation>> };

const t = suiteApp();
const owner = suiteUser(t, 'openapi_fields');
const call = caller(t);

const documentOf = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<Document>();

/** Whether `value` fits `schema` (lengths in code points, as JSON Schema counts them). */
function fits(schema: Schema, value: unknown): boolean {
  if (schema.anyOf && !schema.anyOf.some((s) => fits(s, value))) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (Array.isArray(value)) {
    return (
      value.length >= (schema.minItems ?? 0) &&
      value.length <= (schema.maxItems ?? Infinity) &&
      value.every((v) => fits(schema.items ?? {}, v))
    );
  }
  if (typeof value !== 'string') return true;
  const length = [...value].length;
  return (
    length >= (schema.minLength ?? 0) &&
    length <= (schema.maxLength ?? Infinity) &&
    (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value))
  );
}

/** The schema of body field `field` of `method path`. */
function bodyField(doc: Document, method: string, path: string, field: string): Schema {
  const body = doc.paths[path]![method]!.requestBody!.content['application/json'].schema;
  const object = body.anyOf?.find((s) => s.properties) ?? body;
  return object.properties![field]!;
}

const x = (n: number) => 'x'.repeat(n);

type Case = {
  where: [method: string, path: string, field: string];
  accepted: unknown[];
  refused: unknown[];
  send: (value: unknown) => Promise<{ statusCode: number; body: string }>;
};

/** The write calls' fields, with values picked at the edges of each rule. */
function cases(datasetId: () => number): Case[] {
  let n = 0;
  const register = (fields: Record<string, unknown>) => {
    n += 1;
    const account = { username: `reg_${n}`, email: `reg${n}@example.org`, password: 'secret-pw1' };
    return call('POST', '/auth/register', undefined, { ...account, ...fields });
  };
  const putDataset = (field: string) => (value: unknown) =>
    call('PUT', `/datasets/${datasetId()}`, owner, { [field]: value });
  const putMe = (field: string) => (value: unknown) =>
    call('PUT', '/users/me', owner, { [field]: value });
  return [
    {
      where: ['post', '/api/v1/auth/register', 'username'],
      accepted: ['ab9', x(32), 'A_b-9'],
      refused: ['ab', x(33), '_abc', '王芳三', 'a b c'],
      send: (username) => register({ username }),
    },
    {
      where: ['post', '/api/v1/auth/register', 'email'],
      accepted: ['li.na+sheaf@example.org', 'x@mail.example.cn'],
      refused: ['a@b', 'a..b@example.org', 'a b@example.org'],
      send: (email) => register({ email }),
    },
    {
      where: ['put', '/api/v1/users/me', 'nickname'],
      accepted: ['王', '王芳 李', x(50), 'Ann Lee'],
      refused: ['   ', '\u200B\u3000', 'a\tb', 'a\u0085b', 'a\u202Eb', x(51), 'a\u0001b'],
      send: putMe('nickname'),
    },
    {
      where: ['put', '/api/v1/users/me', 'avatar'],
      accepted: ['', 'https://cdn.example.org/a.png?s=64', 'HTTP://example.com:8080/'],
      refused: ['ftp://example.org/a.png', 'https://', 'not a url'],
      send: putMe('avatar'),
    },
    {
      where: ['put', '/api/v1/users/me', 'bio'],
      accepted: ['', '第一行\n第二行', x(500)],
      refused: [x(501), 'bell\u0007'],
      send: putMe('bio'),
    },
    {
      where: ['put', '/api/v1/datasets/{id}', 'name'],
      accepted: ['数据', '城市 人口', x(100), 'Ω'],
      refused: [' ', '\u3000\u200B', 'a\tb', 'a\nb', x(101), 'a\u2066b'],
      send: putDataset('name'),
    },
    {
      where: ['put', '/api/v1/datasets/{id}', 'description'],
      accepted: ['', 'line one\n\tline two', `${'雨量 '.repeat(1666)}雨量`],
      refused: [x(5001), 'nul\u0000'],
      send: putDataset('description'),
    },
    {
      where: ['put', '/api/v1/datasets/{id}', 'tags'],
      accepted: [
        [],
        ['ai'],
        ['数据', '城市 人口'],
        [x(30)],
        Array.from({ length: 10 }, (_, i) => `t${i}`),
      ],
      refused: [
        ['a,b'],
        ['a，b'],
        [x(31)],
        [' '],
        ['\u200B'],
        Array.from({ length: 11 }, (_, i) => `t${i}`),
      ],
      send: putDataset('tags'),
    },
    {
      where: ['put', '/api/v1/datasets/{id}', 'language'],
      accepted: ['zh-CN', 'EN', 'es-419', 'zh-Hans-CN'],
      refused: ['english', 'zh_CN', 'e', 'es-4199'],
      send: putDataset('language'),
    },
    {
      where: ['post', '/api/v1/datasets', 'attributes'],
      accepted: [['城市'], [x(128)], ['降水 量', 'year']],
      refused: [[], [' '], ['\u200B'], ['a\tb'], [x(129)]],
      send: (attributes) => {
        const names = attributes as string[];
        const row = names.map(() => 'v');
        return call('POST', '/datasets', owner, { name: 'Columns', attributes, entries: [row] });
      },
    },
    {
      where: ['post', '/api/v1/tokens', 'name'],
      accepted: ['CI', '部署 脚本', x(64)],
      refused: [' ', '\u200B', 'a\u202Ab', x(65), 'a\u007Fb'],
      send: (name) => call('POST', '/tokens', owner, { name, scope: 'read' }),
    },
    {
      where: ['post', '/api/v1/datasets/{id}/queries', 'title'],
      accepted: ['月度 汇总', x(100)],
      refused: ['\u200B\u200B', x(101), 'a\rb'],
      send: (title) =>
        call('POST', `/datasets/${datasetId()}/queries`, owner, { title, sql: 'select 1' }),
    },
    {
      where: ['post', '/api/v1/webhooks', 'url'],
      accepted: ['https://93.184.215.14/sheaf?team=1', 'HTTP://8.8.8.8:8080/'],
      refused: ['ftp://8.8.8.8/', 'https://user:pw@8.8.8.8/', '8.8.8.8', 'http://8.8.8.888/'],
      send: (url) => call('POST', '/webhooks', owner, { url }),
    },
  ];
}

describe('the OpenAPI document states the rules the server checks on what is written', () => {
  it('a value that fits a field’s schema is accepted, one that breaks it is refused with 400', async () => {
    const doc = await documentOf();
    const dataset = await newDataset(t, owner);
    const seen: string[] = [];
    for (const { where, accepted, refused, send } of cases(() => dataset.id)) {
      const schema = bodyField(doc, ...where);
      for (const [value, fitsSchema, ok] of [
        ...accepted.map((v) => [v, true, true] as const),
        ...refused.map((v) => [v, false, false] as const),
      ]) {
        const res = await send(value);
        const answer = ok ? res.statusCode < 300 : res.statusCode === 400;
        const label = `${where.join(' ')} ${JSON.stringify(value).slice(0, 30)} (${String(value).length})`;
        seen.push(label);
        const body = res.body.slice(0, 300);
        expect({ label, fits: fits(schema, value), answer, body }).toMatchObject({
          label,
          fits: fitsSchema,
          answer: true,
        });
      }
    }
    expect(seen.length).toBeGreaterThan(60);
  });

  it('states the cursor’s and the search words’ rules, and the server refuses what breaks them', async () => {
    const doc = await documentOf();
    const parameter = (name: string) =>
      doc.paths['/api/v1/datasets']!['get']!.parameters!.find((p) => p.name === name)!.schema;
    for (let i = 0; i < 3; i += 1) await newDataset(t, owner);
    const first = await call('GET', '/datasets?limit=2');
    const cursor = first.json<{ next_cursor: string }>().next_cursor;
    expect(fits(parameter('cursor'), cursor)).toBe(true);
    expect((await call('GET', `/datasets?limit=2&cursor=${cursor}`)).statusCode).toBe(200);
    for (const bad of ['not a cursor!', 'a+b/c=']) {
      expect(fits(parameter('cursor'), bad)).toBe(false);
      const res = await call('GET', `/datasets?cursor=${encodeURIComponent(bad)}`);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
    expect(fits(parameter('query'), '城市 人口')).toBe(true);
    expect(
      (await call('GET', `/datasets?query=${encodeURIComponent('城市 人口')}`)).statusCode,
    ).toBe(200);
    expect(fits(parameter('query'), 'a\u0007')).toBe(false);
    const bell = await call('GET', '/datasets?query=a%07');
    expect(bell.statusCode).toBe(400);
    expect(bell.json()).toMatchObject({ code: 'INVALID_CHARACTERS' });
    expect(fits(parameter('language'), 'ZH-cn')).toBe(true);
    expect((await call('GET', '/datasets?language=ZH-cn')).statusCode).toBe(200);
  });
});
