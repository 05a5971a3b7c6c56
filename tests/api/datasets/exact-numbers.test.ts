import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetVersion } from '../../../src/contracts/datasets.ts';
import { get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

/** A JSON body sent as these exact bytes (a client's own serialiser, not JSON.stringify). */
const send = (url: string, body: string, type = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...alice.headers, 'content-type': type },
    payload: body,
  });

const csvOf = async (id: number, version = 1) =>
  (await get(t, `/datasets/${id}/versions/${version}/download?format=csv`)).body;

const ROWS = '[[123456789012345678.5, 9007199254740993, 1.5], [2.25, 2, 2.0]]';
const TABLE = `"attributes":["reading","id","ratio"],"entries":${ROWS}`;
const CSV = '\uFEFFreading,id,ratio\r\n123456789012345678.5,9007199254740993,1.5\r\n2.25,2,2.0\r\n';

describe('numbers in a JSON body keep every digit', () => {
  it('creating a dataset infers and stores them as the same text in a CSV upload would', async () => {
    const res = await send('/datasets', `{"name":"exact",${TABLE}}`);
    expect(res.statusCode).toBe(201);
    const dataset = res.json<Dataset>();
    const fromCsv = await send('/datasets?name=csv', CSV, 'text/csv');
    expect(dataset.versions[0]?.attribute_types).toEqual({
      reading: 'string',
      id: 'integer',
      ratio: 'number',
    });
    expect(fromCsv.json<Dataset>().versions[0]?.attribute_types).toEqual(
      dataset.versions[0]?.attribute_types,
    );
    expect(await csvOf(dataset.id)).toBe(CSV);

    const version = await send(`/datasets/${dataset.id}/versions`, `{"changelog":"v2",${TABLE}}`);
    expect(version.statusCode).toBe(201);
    expect(version.json<DatasetVersion>().sha256).toBe(dataset.versions[0]?.sha256);
  });

  it('a declared string column keeps them as written (other numbers as JavaScript writes them)', async () => {
    const body = `{"name":"text","attributes":["v"],"attribute_types":{"v":"string"},"entries":[[123456789012345678.5],[1e3],[2.0],[2.50]]}`;
    const res = await send('/datasets', body);
    expect(res.statusCode).toBe(201);
    expect(await csvOf(res.json<Dataset>().id)).toBe(
      '\uFEFFv\r\n123456789012345678.5\r\n1e3\r\n2.0\r\n2.5\r\n',
    );
  });

  it('validating reads them the same way', async () => {
    const res = await send(
      '/datasets/validate',
      '{"attributes":["n"],"attribute_types":{"n":"integer"},"entries":[[123456789012345678.5],[2.0]]}',
    );
    expect(res.json()).toMatchObject({
      is_valid: false,
      errors: [
        {
          row: 1,
          column: 'n',
          code: 'INVALID_INTEGER',
          message: 'Row 1, column "n": 123456789012345678.5 is not an integer',
        },
      ],
    });
  });

  it('a JSON Lines upload too', async () => {
    const res = await send(
      '/datasets?name=lines',
      '["reading","id","ratio"]\n[123456789012345678.5,9007199254740993,1.5]\n[2.25,2,2]\n',
      'application/x-ndjson',
    );
    expect(res.statusCode).toBe(201);
    expect(await csvOf(res.json<Dataset>().id)).toBe(CSV);
  });

  it('malformed JSON is answered as before', async () => {
    const res = await send('/datasets/validate', '{"attributes":["n"],"entries":[[1.0]');
    expect(res.statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/datasets/1',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    const answer = res.json<{ code: string; message: string }>();
    const elsewhere = other.json<{ code: string; message: string }>();
    expect(answer.code).toBe(elsewhere.code);
    expect(answer).toEqual(elsewhere);
    expect(answer.code).toBe('INVALID_JSON');
  });
});
