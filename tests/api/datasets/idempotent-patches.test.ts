import { describe, expect, it } from 'vitest';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * A patch sent again with its `Idempotency-Key` (docs/living-datasets.md "Patch versions"):
 * answered with the version it made, applied once, whatever the body's form; another patch with
 * the key is refused.
 */
const t = suiteApp();
const alice = suiteUser(t, 'alice');

const COLUMNS = ['id', '城市', 'score'];
const BASE = [
  [1, '北京', 1.5],
  [2, '上海', 2],
  [3, '广州', 3],
];

type Body = { payload: object | string; type?: string };

/** Each mode's change, as JSON and as CSV. */
const CHANGES: Record<'append' | 'upsert' | 'delete', { json: Body; csv: Body }> = {
  append: {
    json: { payload: { attributes: COLUMNS, entries: [[4, '深圳', 4]], changelog: 'more' } },
    csv: { payload: 'id,城市,score\n4,深圳,4\n', type: 'text/csv' },
  },
  upsert: {
    json: { payload: { attributes: COLUMNS, entries: [[2, '上海市', 20]], changelog: 'fix' } },
    csv: { payload: 'score,id,城市\n20,2,上海市\n', type: 'text/csv' },
  },
  delete: {
    json: { payload: { attributes: ['id'], entries: [[3]], changelog: 'gone' } },
    csv: { payload: 'id\n3\n', type: 'text/csv' },
  },
};

const send = (id: number, mode: string, body: Body, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${id}/versions?mode=${mode}`,
    headers: {
      ...alice.headers,
      'idempotency-key': key,
      ...(body.type ? { 'content-type': body.type } : {}),
    },
    payload: body.payload,
  });

const latest = async (id: number) =>
  (await get(t, `/datasets/${id}/version?limit=100`, alice)).json<{
    version: number;
    entries: unknown[][];
  }>();

describe('a patch sent again with its Idempotency-Key', () => {
  for (const mode of ['append', 'upsert', 'delete'] as const) {
    for (const form of ['json', 'csv'] as const) {
      it(`${mode} (${form}): answers the version it made, applied once`, async () => {
        const d = await createDataset(t, alice, {
          attributes: COLUMNS,
          entries: BASE,
          key_columns: ['id'],
        });
        const key = `${mode}-${form}-${d.id}`;
        const first = await send(d.id, mode, CHANGES[mode][form], key);
        expect(first.statusCode).toBe(201);
        expect(first.headers['idempotent-replayed']).toBeUndefined();
        const made = await latest(d.id);
        expect(made.version).toBe(2);

        const again = await send(d.id, mode, CHANGES[mode][form], key);
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json()).toEqual(first.json());
        expect(await latest(d.id)).toEqual(made);

        // Another change, or the same rows in another mode, with that key: refused.
        const other = mode === 'delete' ? 'upsert' : 'delete';
        const otherRows = mode === 'delete' ? 'id\n1\n' : 'id,城市,score\n9,武汉,9\n';
        for (const [otherMode, body] of [
          [mode, { payload: otherRows, type: 'text/csv' }],
          [other, CHANGES[other][form]],
        ] as const) {
          const refused = await send(d.id, otherMode, body, key);
          expect(refused.statusCode).toBe(409);
          expect(refused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
        }
        expect(await latest(d.id)).toEqual(made);
      });
    }
  }

  it('a new key applies the same change again', async () => {
    const d = await createDataset(t, alice, { attributes: COLUMNS, entries: BASE });
    const body = { payload: 'id,城市,score\n4,深圳,4\n', type: 'text/csv' };
    expect((await send(d.id, 'append', body, `first-${d.id}`)).statusCode).toBe(201);
    const next = await send(d.id, 'append', body, `second-${d.id}`);
    expect(next.statusCode).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
    expect((await latest(d.id)).entries).toEqual([...BASE, [4, '深圳', 4], [4, '深圳', 4]]);
  });
});
