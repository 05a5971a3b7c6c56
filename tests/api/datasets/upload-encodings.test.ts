import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TableRows } from '../../../src/contracts/tables.ts';
import { get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const post = (url: string, type: string, payload: string | Buffer, encoding?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: {
      ...alice.headers,
      'content-type': type,
      ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
    },
    payload,
  });

async function rowsOf(id: number): Promise<TableRows> {
  return (await get(t, `/datasets/${id}/versions/1/rows`)).json<TableRows>();
}

const myCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/datasets/me', headers: alice.headers })).json<{
    total: number;
  }>().total;

describe('uploads people already have', () => {
  it('a gzip CSV body is unpacked as it streams', async () => {
    const csv = '城市,人口\n北京,21893095\n上海,24870895\n';
    const res = await post('/datasets?name=gz', 'text/csv', gzipSync(csv), 'gzip');
    expect(res.statusCode).toBe(201);
    const rows = await rowsOf(res.json<{ id: number }>().id);
    expect(rows.rows).toEqual([
      ['北京', 21893095],
      ['上海', 24870895],
    ]);
  });

  it("reads the encoding's name in any case, as HTTP has it (GZIP, Gzip)", async () => {
    const csv = '城市,人口\n北京,21893095\n';
    const upper = await post('/datasets?name=gz2', 'text/csv', gzipSync(csv), 'GZIP');
    expect(upper.statusCode).toBe(201);
    expect((await rowsOf(upper.json<{ id: number }>().id)).rows).toEqual([['北京', 21893095]]);
    const body = JSON.stringify({ name: 'gz3', attributes: ['a'], entries: [[1]] });
    const json = await post('/datasets', 'application/json', gzipSync(body), 'Gzip');
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ name: 'gz3' });
  });

  it('TSV, with quoted fields holding tabs and commas', async () => {
    const tsv = 'name\tnote\tn\n"a\tb"\tx, y\t1\nc\t"say ""hi"""\t2\n';
    const res = await post('/datasets?name=tsv', 'text/tab-separated-values', tsv);
    expect(res.statusCode).toBe(201);
    const rows = await rowsOf(res.json<{ id: number }>().id);
    expect(rows.columns.map((c) => c.name)).toEqual(['name', 'note', 'n']);
    expect(rows.rows).toEqual([
      ['a\tb', 'x, y', 1],
      ['c', 'say "hi"', 2],
    ]);
  });

  it('a gzip JSON body', async () => {
    const body = JSON.stringify({ name: 'gz json', attributes: ['a'], entries: [[1], [2]] });
    const res = await post('/datasets', 'application/json', gzipSync(body), 'gzip');
    expect(res.statusCode).toBe(201);
    expect((await rowsOf(res.json<{ id: number }>().id)).total).toBe(2);
  });

  it('a body that says gzip but is not: 400 INVALID_CONTENT_ENCODING, nothing written', async () => {
    const before = await myCount();
    for (const [type, payload] of [
      ['text/csv', 'a,b\n1,2\n'],
      ['application/json', '{"name":"x","attributes":["a"],"entries":[[1]]}'],
    ] as const) {
      const res = await post('/datasets?name=bad', type, payload, 'gzip');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CONTENT_ENCODING' });
    }
    expect(await myCount()).toBe(before);
  });

  it('an encoding Sheaf does not know is 415', async () => {
    const res = await post('/datasets?name=zz', 'text/csv', 'a\n1\n', 'compress');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
