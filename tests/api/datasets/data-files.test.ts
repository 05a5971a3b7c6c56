import { describe, expect, it } from 'vitest';
import { createDataset, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers, remoteAddress: '10.1.2.3' });

describe('download addresses that name their format', () => {
  it('answer every format exactly as download?format= does, ranges and ETags included', async () => {
    const d = await createDataset(t, alice, { name: '城市' });
    for (const format of ['csv', 'tsv', 'json', 'jsonl', 'parquet']) {
      const named = await fetchFile(`/datasets/${d.id}/versions/1/data.${format}`);
      const queried = await fetchFile(`/datasets/${d.id}/versions/1/download?format=${format}`);
      expect(named.statusCode).toBe(200);
      expect(named.rawPayload).toEqual(queried.rawPayload);
      for (const header of ['content-type', 'content-disposition', 'etag', 'content-length']) {
        expect(named.headers[header]).toBe(queried.headers[header]);
      }
      const part = await fetchFile(`/datasets/${d.id}/versions/1/data.${format}`, {
        range: 'bytes=2-9',
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toEqual(queried.rawPayload.subarray(2, 10));
      const again = await fetchFile(`/datasets/${d.id}/versions/1/data.${format}`, {
        'if-none-match': String(queried.headers['etag']),
      });
      expect(again.statusCode).toBe(304);
    }
    expect((await fetchFile(`/datasets/${d.id}/versions/1/data.xlsx`)).statusCode).toBe(400);
    expect((await fetchFile(`/datasets/${d.id}/versions/7/data.csv`)).statusCode).toBe(404);
  });

  it('data.tsv is the table with tabs between fields, a tab inside a value quoted', async () => {
    const d = await createDataset(t, alice, {
      name: 'tabs',
      attributes: ['城市', 'note'],
      entries: [
        ['北京', 'a\tb'],
        ['上海', 'plain, with a comma'],
      ],
    });
    const res = await fetchFile(`/datasets/${d.id}/versions/1/data.tsv`);
    expect(res.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('.tsv');
    expect(res.body).toBe('\uFEFF城市\tnote\r\n北京\t"a\tb"\r\n上海\tplain, with a comma\r\n');
  });

  it('latest/data.<format> follows the newest version', async () => {
    const d = await createDataset(t, alice, { name: 'Grows' });
    const first = await fetchFile(`/datasets/${d.id}/latest/data.parquet`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toContain('-v1.parquet');
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions`,
      headers: alice.headers,
      payload: { attributes: ['a'], entries: [[1], [2]] },
    });
    expect(added.statusCode).toBe(201);
    const latest = await fetchFile(`/datasets/${d.id}/latest/data.csv`);
    const second = await fetchFile(`/datasets/${d.id}/versions/2/data.csv`);
    expect(latest.body).toBe(second.body);
    expect(latest.headers['etag']).toBe(second.headers['etag']);
    expect(latest.headers['content-disposition']).toContain('-v2.csv');
  });
});
