import { describe, expect, it } from 'vitest';
import type { CompareRows } from '../../../src/contracts/tables.ts';
import { compareAnswersComputed } from '../../../src/server/services/datasets/compare-cache.ts';
import { caller, createDataset, setPublic, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const call = caller(t);

const table = (shanghai: number) => ({
  attributes: ['城市', 'population'],
  entries: [
    ['北京', 21893095],
    ['上海', shanghai],
  ],
});

/** A dataset of `versions` versions, 上海's population one more in each. */
async function dataset(versions: number, isPublic = true) {
  const d = await createDataset(t, alice, { ...table(100), is_public: isPublic });
  for (let v = 2; v <= versions; v++) {
    const res = await call('POST', `/datasets/${d.id}/versions`, alice, table(99 + v));
    expect(res.statusCode).toBe(201);
  }
  return d.id;
}

const changedRows = (id: number, from: number, to: number) =>
  `/datasets/${id}/compare/rows?from=${from}&to=${to}&key=${encodeURIComponent('城市')}&kind=changed`;

/** The changed rows' `to` sides, and how many compare answers were computed to give them. */
async function changedAs(url: string, who?: typeof alice) {
  const before = compareAnswersComputed();
  const res = await call('GET', url, who);
  return {
    status: res.statusCode,
    to: res.statusCode === 200 ? res.json<CompareRows>().rows.map((r) => r.to) : null,
    computed: compareAnswersComputed() - before,
  };
}

describe('the changed rows of a compare are cached like its summary', () => {
  it('answers a second call from the cache, the same page', async () => {
    const id = await dataset(2);
    const first = await changedAs(changedRows(id, 1, 2));
    expect(first).toMatchObject({ status: 200, to: [['上海', 101]] });
    expect(first.computed).toBeGreaterThan(0);
    expect(await changedAs(changedRows(id, 1, 2))).toEqual({ ...first, computed: 0 });
    // The summary shares the key's statistics with the page, and is kept too.
    const summary = `/datasets/${id}/compare?from=1&to=2&key=${encodeURIComponent('城市')}`;
    expect((await call('GET', summary)).statusCode).toBe(200);
    const before = compareAnswersComputed();
    expect((await call('GET', summary)).statusCode).toBe(200);
    expect(compareAnswersComputed()).toBe(before);
  });

  it('computes a new version afresh, and keeps what the older versions gave', async () => {
    const id = await dataset(2);
    expect((await changedAs(changedRows(id, 1, 2))).to).toEqual([['上海', 101]]);
    const res = await call('POST', `/datasets/${id}/versions`, alice, table(500));
    expect(res.statusCode).toBe(201);
    const fresh = await changedAs(changedRows(id, 2, 3));
    expect(fresh).toMatchObject({ status: 200, to: [['上海', 500]] });
    expect(fresh.computed).toBeGreaterThan(0);
    expect(await changedAs(changedRows(id, 1, 3))).toMatchObject({ to: [['上海', 500]] });
    expect(await changedAs(changedRows(id, 1, 2))).toMatchObject({
      to: [['上海', 101]],
      computed: 0,
    });
  });

  it('never answers a guest from a private dataset’s entry', async () => {
    const hidden = await dataset(2, false);
    expect(await changedAs(changedRows(hidden, 1, 2), alice)).toMatchObject({ status: 200 });
    expect(await changedAs(changedRows(hidden, 1, 2))).toMatchObject({ status: 404, to: null });
    // A public dataset of the same tables computes its own answer.
    const open = await dataset(2);
    const guest = await changedAs(changedRows(open, 1, 2));
    expect(guest).toMatchObject({ status: 200, to: [['上海', 101]] });
    expect(guest.computed).toBeGreaterThan(0);
    // Made public, the private dataset's kept answer is the guest's too.
    await setPublic(t, alice, hidden, true);
    expect(await changedAs(changedRows(hidden, 1, 2))).toMatchObject({ status: 200, computed: 0 });
  });
});
