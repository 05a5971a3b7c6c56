import { describe, expect, it } from 'vitest';
import { createDataset, setPublic, suiteApp, suiteUser } from '../../support/api.ts';

// Who may keep a download, and for how long (docs/datasets.md, "Downloads over HTTP"): a public
// dataset can be made private at any moment, so shared caches keep its files five minutes and
// then ask again with the ETag.

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const table = {
  attributes: ['city', 'n'],
  entries: [
    ['北京', 1],
    ['上海', 2],
  ],
};
const FORMATS = ['csv', 'json', 'jsonl', 'parquet'];
const url = (id: number, format: string) =>
  `/api/v1/datasets/${id}/versions/1/download?format=${format}`;

describe('caching of downloads', () => {
  it('every public format, whole, HEAD or a range, is shared-cacheable for five minutes', async () => {
    const open = await createDataset(t, alice, table);
    for (const format of FORMATS) {
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: url(open.id, format) }),
        t.app.inject({ method: 'HEAD', url: url(open.id, format) }),
        t.app.inject({ method: 'GET', url: url(open.id, format), headers: { range: 'bytes=1-' } }),
      ]);
      expect(answers.map((a) => [format, a.statusCode, a.headers['cache-control']])).toEqual(
        [200, 200, 206].map((status) => [format, status, 'public, max-age=300, must-revalidate']),
      );
    }
  });

  it("a private dataset's files are never stored", async () => {
    const shut = await createDataset(t, alice, { ...table, is_public: false });
    for (const format of FORMATS) {
      const own = await t.app.inject({
        method: 'GET',
        url: url(shut.id, format),
        headers: alice.auth,
      });
      expect([format, own.statusCode, own.headers['cache-control']]).toEqual([
        format,
        200,
        'private, no-store',
      ]);
    }
  });

  it('a revalidation with the ETag answers 304 while public, and 404 once the dataset is private', async () => {
    const d = await createDataset(t, alice, table);
    for (const format of FORMATS) {
      const first = await t.app.inject({ method: 'GET', url: url(d.id, format) });
      const etag = String(first.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url: url(d.id, format),
        headers: { 'if-none-match': etag },
      });
      expect([format, again.statusCode, again.body, again.headers['cache-control']]).toEqual([
        format,
        304,
        '',
        'public, max-age=300, must-revalidate',
      ]);
    }
    const etag = String(
      (await t.app.inject({ method: 'HEAD', url: url(d.id, 'csv') })).headers.etag,
    );
    await setPublic(t, alice, d.id, false);
    const gone = await t.app.inject({
      method: 'GET',
      url: url(d.id, 'csv'),
      headers: { 'if-none-match': etag },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'DATASET_NOT_FOUND' });
    expect(gone.headers['cache-control']).toBeUndefined();
    expect(gone.headers.etag).toBeUndefined();
  });
});
