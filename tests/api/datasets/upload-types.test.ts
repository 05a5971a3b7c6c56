import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetVersion } from '../../../src/contracts/datasets.ts';
import type { TableRows } from '../../../src/contracts/tables.ts';
import { get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const stream = (url: string, type: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...alice.headers, 'content-type': type },
    payload,
  });

const json = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: alice.headers, payload });

const typesQuery = (types: unknown) =>
  `attribute_types=${encodeURIComponent(typeof types === 'string' ? types : JSON.stringify(types))}`;

const rowsOf = async (id: number, version = 1) =>
  (await get(t, `/datasets/${id}/versions/${version}/rows`)).json<TableRows>().rows;

const CSV = 'zip,ok,n\n02139,yes,1\n10001,no,2\n';

describe('declared types on a streamed upload', () => {
  it('a CSV upload keeps what its declared types say, the other columns inferred', async () => {
    const res = await stream(
      `/datasets?name=zips&${typesQuery({ zip: 'string', ok: 'boolean' })}`,
      'text/csv',
      CSV,
    );
    expect(res.statusCode).toBe(201);
    const dataset = res.json<Dataset>();
    expect(dataset.versions[0]?.attribute_types).toEqual({
      zip: 'string',
      ok: 'boolean',
      n: 'integer',
    });
    expect(await rowsOf(dataset.id)).toEqual([
      ['02139', true, 1],
      ['10001', false, 2],
    ]);

    // A new version by JSON Lines, under the name a version answers its types with.
    const version = await stream(
      `/datasets/${dataset.id}/versions?changelog=v2&attributes_type=${encodeURIComponent('{"code":"string"}')}`,
      'application/x-ndjson',
      '["code"]\n["007"]\n[8]\n',
    );
    expect(version.statusCode).toBe(201);
    expect(version.json<DatasetVersion>().attribute_types).toEqual({ code: 'string' });
    expect(await rowsOf(dataset.id, 2)).toEqual([['007'], ['8']]);
  });

  it('answers a declared type a value does not fit with the JSON body errors', async () => {
    const body = { name: 'n', attributes: ['n'], attribute_types: { n: 'integer' } };
    const streamed = await stream(
      `/datasets?name=n&${typesQuery({ n: 'integer' })}`,
      'text/csv',
      'n\n1\nx\n',
    );
    const posted = await json('/datasets', { ...body, entries: [['1'], ['x']] });
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json()).toEqual(posted.json());
    expect(streamed.json()).toMatchObject({
      code: 'INVALID_TABLE',
      details: { errors: [{ row: 2, column: 'n', code: 'INVALID_INTEGER' }] },
    });
  });

  it('refuses unknown types and columns as a JSON body does', async () => {
    for (const [types, code] of [
      [{ zip: 'text' }, 'ATTRIBUTE_TYPE_INVALID'],
      [{ city: 'string' }, 'ATTRIBUTE_TYPE_UNKNOWN_COLUMN'],
    ] as const) {
      const streamed = await stream(`/datasets?name=z&${typesQuery(types)}`, 'text/csv', CSV);
      const posted = await json('/datasets', {
        name: 'z',
        attributes: ['zip', 'ok', 'n'],
        attribute_types: types,
        entries: [['02139', 'yes', '1']],
      });
      expect(streamed.statusCode).toBe(400);
      expect(streamed.json()).toEqual(posted.json());
      expect(streamed.json().details.errors[0].code).toBe(code);
    }
  });

  it('refuses text that is not a JSON object of types with 400 VALIDATION_ERROR naming it', async () => {
    for (const text of ['zip:string', '["string"]', '{"zip":1}']) {
      const res = await stream(`/datasets?name=z&${typesQuery(text)}`, 'text/csv', CSV);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'attribute_types' }],
      });
    }
  });

  it('takes the types as a form field of a multipart upload', async () => {
    const boundary = '----sheaftypes';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nform\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="attribute_types"\r\n\r\n{"zip":"string"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="z.csv"\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n` +
      `--${boundary}--\r\n`;
    const res = await stream('/datasets', `multipart/form-data; boundary=${boundary}`, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json<Dataset>().versions[0]?.attribute_types).toMatchObject({ zip: 'string' });
  });
});
