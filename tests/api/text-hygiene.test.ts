import { beforeAll, describe, expect, it } from 'vitest';
import { createDataset, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
let datasetId: number;

beforeAll(async () => {
  datasetId = (await createDataset(t, alice, { name: 'Clean' })).id;
});

const BAD = { nul: 'a\u0000b', surrogate: 'a\uD800b', control: 'a\u001Bb', del: 'a\u007Fb' };

const expectRefused = (res: { statusCode: number; json: () => unknown }, field: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'INVALID_CHARACTERS', details: { field } });
};

describe('control characters and lone surrogates', () => {
  for (const [kind, text] of Object.entries(BAD)) {
    it(`are refused with 400 INVALID_CHARACTERS in query parameters (${kind})`, async () => {
      for (const path of ['/users', '/datasets', '/datasets/search', '/datasets/me']) {
        if (kind === 'surrogate') {
          // A lone surrogate cannot be UTF-8: its CESU-8 bytes are no UTF-8, refused as in a path.
          const res = await t.app.inject({
            url: `/api/v1${path}?query=a%ED%A0%80b`,
            headers: alice.headers,
          });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
          continue;
        }
        const res = await t.app.inject({
          url: `/api/v1${path}?query=${encodeURIComponent(text)}`,
          headers: alice.headers,
        });
        expectRefused(res, 'query');
      }
    });

    it(`are refused in JSON fields and table cells, by validate and publish alike (${kind})`, async () => {
      const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
        t.app.inject({ method, url: `/api/v1${url}`, headers: alice.headers, payload });
      const table = { attributes: ['城市'], entries: [[text]] };
      expectRefused(await post('/datasets/validate', table), 'entries.0.0');
      expectRefused(await post('/datasets', { name: 'Cells', ...table }), 'entries.0.0');
      expectRefused(
        await post('/datasets', { name: text, attributes: ['n'], entries: [[1]] }),
        'name',
      );
      expectRefused(
        await post(`/datasets/${datasetId}`, { description: text }, 'PUT'),
        'description',
      );
      expectRefused(await post(`/datasets/${datasetId}`, { tags: ['ok', text] }, 'PUT'), 'tags.1');
      expectRefused(await post('/users/me', { nickname: text }, 'PUT'), 'nickname');
    });
  }

  it('are refused in a streamed CSV upload, and nothing is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets?name=Streamed',
      headers: { ...alice.headers, 'content-type': 'text/csv' },
      payload: 'city\nBei\u0000jing\n',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('INVALID_CHARACTERS');
    const mine = await t.app.inject({ url: '/api/v1/datasets/me', headers: alice.headers });
    const names = mine.json<{ datasets: { name: string }[] }>().datasets.map((d) => d.name);
    expect(names).not.toContain('Streamed');
  });

  it('are refused when a JSON Lines upload spells them as escapes, naming the row; nothing is stored', async () => {
    const upload = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/datasets?name=Escaped',
        headers: { ...alice.headers, 'content-type': 'application/x-ndjson' },
        payload,
      });
    const cases: [string, number | null, string][] = [
      ['["city"]\n["Beijing"]\n["Bei\\u0000jing"]\n', 2, 'U+0000'],
      ['{"city":"\\ud800"}\n', 1, 'U+D800'],
      ['["city"]\n["a\\u007fb"]\n', 1, 'U+007F'],
      ['["ci\\u001bty"]\n["x"]\n', null, 'U+001B'],
    ];
    for (const [payload, row, character] of cases) {
      const res = await upload(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_TABLE',
        details: {
          errors: [
            {
              row,
              code: 'INVALID_CHARACTERS',
              message: `The upload contains a character that is not allowed in a table (${character})`,
            },
          ],
        },
      });
    }
    const mine = await t.app.inject({ url: '/api/v1/datasets/me', headers: alice.headers });
    const names = mine.json<{ datasets: { name: string }[] }>().datasets.map((d) => d.name);
    expect(names).not.toContain('Escaped');
  });

  it('tabs, line breaks and characters outside the BMP are fine', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${datasetId}`,
      headers: alice.headers,
      payload: { description: 'line one\r\n\tline two 😀 𠀀' },
    });
    expect(res.statusCode).toBe(200);
  });
});
