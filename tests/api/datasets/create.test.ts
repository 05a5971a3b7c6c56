import { describe, expect, it } from 'vitest';
import { creationSuite, get, sampleTable } from '../../support/api.ts';

const { t, alice, post } = creationSuite();

const valid = { name: 'Cities', ...sampleTable };

describe('POST /datasets', () => {
  it('creates the dataset with version 1 and answers 201 with it', async () => {
    const res = await post({
      name: '  城市人口  ',
      description: '中国主要城市的人口',
      is_public: true,
      tags: [' Cities ', 'cities', '人口'],
      changelog: 'first',
      ...sampleTable,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: '城市人口',
      description: '中国主要城市的人口',
      language: 'zh-CN',
      tags: ['cities', '人口'],
      owner_id: alice.id,
      latest_version: 1,
      download_count: 0,
    });
    expect(body.heat).toBeGreaterThan(0);
    expect(body.versions).toEqual([
      expect.objectContaining({ version: 1, entries_count: 3, changelog: 'first' }),
    ]);
    const again = await get(t, `/datasets/${body.id}`);
    expect(again.json()).toEqual(body);
  });

  it('takes declared attribute types', async () => {
    const res = await post({
      ...valid,
      attribute_types: { year: 'string' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().versions[0].attribute_types).toMatchObject({ year: 'string' });
  });

  it('takes the types a version answers as attributes_type back under that name', async () => {
    const first = await post({
      ...valid,
      name: 'Codes',
      attributes: ['code', 'price'],
      attribute_types: { code: 'string', price: 'string' },
      entries: [['12345', '1.50']],
    });
    const { attributes, attributes_type } = first.json().versions[0];
    expect(attributes_type).toEqual({ code: 'string', price: 'string' });
    // A script sending a version's own fields back: the types hold, so no value changes.
    const again = await post({
      name: 'Codes again',
      attributes,
      attributes_type,
      entries: [['12345', '1.50']],
    });
    expect(again.statusCode).toBe(201);
    const id = again.json().id;
    expect(again.json().versions[0].attribute_types).toEqual({ code: 'string', price: 'string' });
    expect((await get(t, `/datasets/${id}/version`)).json().entries).toEqual([['12345', '1.50']]);
    const version = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${id}/versions`,
      headers: alice.headers,
      payload: { attributes, attributes_type, entries: [['x', 'y']] },
    });
    expect(version.json().attribute_types).toEqual({ code: 'string', price: 'string' });
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets/validate',
      payload: { attributes: ['n'], attributes_type: { n: 'integer' }, entries: [['x']] },
    });
    expect(checked.json()).toMatchObject({
      is_valid: false,
      errors: [{ code: 'INVALID_INTEGER' }],
    });
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/datasets', payload: valid });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an empty name', { name: '' }, 'name', 'Name must not be empty'],
    ['a long name', { name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [
      'a long description',
      { description: 'x'.repeat(5001) },
      'description',
      'Description must be at most 5000',
    ],
    ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'At most 10 tags'],
    ['a long tag', { tags: ['x'.repeat(31)] }, 'tags.0', 'Each tag must be 1–30 characters'],
    ['a blank tag', { tags: ['  '] }, 'tags.0', 'Each tag must be 1–30 characters'],
    ['a comma in a tag', { tags: ['a,b'] }, 'tags.0', 'Tags must not contain commas'],
    [
      'a full-width comma in a tag',
      { tags: ['人口，普查'] },
      'tags.0',
      'Tags must not contain commas',
    ],
    ['a bad language', { language: 'chinese' }, 'language', 'BCP 47'],
    ['attributes as text', { attributes: 'a,b' }, 'attributes', ''],
  ])('rejects %s naming the field', async (_label, change, field, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details[0].field).toBe(field);
    expect(body.message).toContain(message);
  });

  it('accepts 10 tags after deduplication and a 100-character Chinese name', async () => {
    const tags = [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T0', ' t1 '];
    const res = await post({ ...valid, name: '数'.repeat(100), tags, language: 'zh-hans-cn' });
    expect(res.statusCode).toBe(201);
    expect(res.json().tags).toHaveLength(10);
    expect(res.json().language).toBe('zh-Hans-CN');
  });

  it('rejects invalid content with 400 INVALID_TABLE naming row and column', async () => {
    const res = await post({
      ...valid,
      attribute_types: { year: 'integer' },
      entries: [
        ['北京', 1, 2020],
        ['上海', 2, 'soon'],
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('INVALID_TABLE');
    expect(body.message).toMatch(/^Invalid table: Row 2, column "year"/);
    expect(body.details.errors[0]).toMatchObject({
      row: 2,
      column: 'year',
      code: 'INVALID_INTEGER',
    });
  });

  it('answers 413 naming the limit when the table has too many rows or columns', async () => {
    const rows = await post({
      ...valid,
      attributes: ['n'],
      entries: Array.from({ length: 51 }, (_, i) => [i]),
    });
    expect(rows.statusCode).toBe(413);
    expect(rows.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The table has 51 rows; at most 50 are allowed',
      details: { limit: 'TOO_MANY_ROWS' },
    });
    const columns = await post({ ...valid, attributes: ['a', 'b', 'c', 'd', 'e'], entries: [] });
    expect(columns.statusCode).toBe(413);
    expect(columns.json().details.limit).toBe('TOO_MANY_COLUMNS');
    expect(columns.json().message).toContain('4');
  });

  it('answers 413 naming the byte limit for a JSON body past MAX_UPLOAD_MB', async () => {
    const res = await post({ ...valid, description: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { limit_bytes: 1024 * 1024 },
    });
  });
});
