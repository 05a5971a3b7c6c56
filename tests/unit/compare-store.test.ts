import { describe, expect, it } from 'vitest';
import type { CompareRows } from '../../src/contracts/tables.ts';
import {
  createCompareStore,
  datasetKeyUsed,
  type CompareApi,
  type CompareSummary,
} from '../../src/stores/compare.ts';

/**
 * The server's answer: by the dataset's key (`declared`: city, year) unless the query names
 * another key or none.
 */
const answer = (key: string | undefined, declared: string[] | null): CompareSummary => {
  const columns = key === undefined ? declared : key === '' ? null : key.split(',');
  return {
    from: 1,
    to: 2,
    key: columns?.join(',') ?? null,
    keyColumns: columns,
    columns: { added: [], removed: [], changed: [] },
    rows: { added: 0, removed: 2, changed: columns ? 1 : null },
    changedColumns: columns ? [{ name: 'pop', rows: 1 }] : null,
    keyRepeats: columns ? { from: 0, to: 0 } : null,
  };
};

/** A compare store over versions 3, 2, 1 whose calls the test sees (and answers at once). */
function compare(declared: string[] | null = ['city', 'year']) {
  const asked: { summary: unknown[]; rows: unknown[] } = { summary: [], rows: [] };
  const api: CompareApi = {
    summary: (query) => {
      asked.summary.push(query);
      return Promise.resolve(answer(query.key, declared));
    },
    rows: (query) => {
      asked.rows.push(query);
      return Promise.resolve({
        kind: query.kind,
        columns: [],
        rows: [],
        total: 2,
        offset: query.offset,
        limit: query.limit,
      } satisfies CompareRows);
    },
  };
  return { store: createCompareStore(api, { versions: [3, 2, 1], pageRows: 50 }), asked };
}

describe('the compare store', () => {
  it("compares the newest two versions by the dataset's whole key, and says its columns", async () => {
    const { store, asked } = compare();
    expect(store.$compare.get().choice).toEqual({ from: 2, to: 3, key: null });
    expect(datasetKeyUsed(store.$compare.get())).toBeNull();
    await store.run();
    // No key sent: the server pairs by the dataset's key, every column of it.
    expect(asked.summary).toEqual([{ from: 2, to: 3, key: undefined }]);
    expect(asked.rows).toEqual([
      { from: 2, to: 3, key: undefined, kind: 'removed', offset: 0, limit: 50 },
    ]);
    const state = store.$compare.get();
    expect(state.result?.summary.keyColumns).toEqual(['city', 'year']);
    expect(state.choice.key).toBeNull();
    expect(datasetKeyUsed(state)).toEqual(['city', 'year']);
  });

  it('pages the compare that ran by its own key, whatever is chosen since', async () => {
    const { store, asked } = compare();
    store.choose({ key: 'city' });
    await store.run();
    store.choose({ key: '', from: 1 });
    await store.showRows('changed', 50);
    expect(asked.summary).toEqual([{ from: 2, to: 3, key: 'city' }]);
    expect(asked.rows.at(-1)).toEqual({
      from: 2,
      to: 3,
      key: 'city',
      kind: 'changed',
      offset: 50,
      limit: 50,
    });
    expect(store.$compare.get().result?.kind).toBe('changed');
    // A column chosen: the dataset's key option has no columns to name.
    expect(datasetKeyUsed(store.$compare.get())).toBeNull();
  });

  it('whole rows send an empty key', async () => {
    const { store, asked } = compare();
    store.choose({ key: '' });
    await store.run();
    expect(asked.summary).toEqual([{ from: 2, to: 3, key: '' }]);
    expect(store.$compare.get().result?.summary.rows.changed).toBeNull();
  });

  it("says when the dataset's key stood for none: rows compared whole", async () => {
    const { store } = compare(null);
    await store.run();
    expect(store.$compare.get().result?.summary.key).toBeNull();
    expect(datasetKeyUsed(store.$compare.get())).toEqual([]);
  });

  it('keeps the failure and the last result when a call fails', async () => {
    const failure = new Error('offline');
    const store = createCompareStore(
      { summary: () => Promise.reject(failure), rows: () => Promise.reject(failure) },
      { versions: [1], pageRows: 50 },
    );
    expect(store.$compare.get().choice).toEqual({ from: 1, to: 1, key: null });
    await store.run();
    expect(store.$compare.get()).toMatchObject({ busy: false, error: failure, result: null });
  });
});
