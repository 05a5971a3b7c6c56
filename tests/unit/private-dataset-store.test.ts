import { describe, expect, it } from 'vitest';
import type { ChangeSummary } from '../../src/contracts/changes.ts';
import { CHANGES_PAGE } from '../../src/contracts/limits.ts';
import type { Dataset, VersionContent } from '../../src/contracts/datasets.ts';
import type { DiscussionList } from '../../src/contracts/discussions.ts';
import type { TableRows } from '../../src/contracts/tables.ts';
import { createPrivateDataset, type PrivateDatasetApi } from '../../src/stores/private-dataset.ts';

const LATEST = 3;

const dataset = (fields: Partial<Dataset> = {}) =>
  ({
    id: 7,
    name: 'Rain',
    readme: '# Card',
    latest_version: LATEST,
    versions: [],
    ...fields,
  }) as unknown as Dataset;

const preview: VersionContent = {
  version: LATEST,
  attributes: ['city', 'rain_mm'],
  attribute_types: { city: 'string', rain_mm: 'integer' },
  entries: [['Lhasa', 450]],
  entries_count: 1,
  offset: 0,
  limit: 50,
};

const summary = (version: number): ChangeSummary => ({
  version,
  key: null,
  rows_added: version,
  rows_removed: 0,
  rows_changed: null,
  columns_added: [],
  columns_removed: [],
  columns_retyped: [],
  // Keyed by column name: kept as the wire has it.
  columns: { rain_mm: {} as ChangeSummary['columns'][string] },
  examples: [],
});

const threads = { discussions: [], total: 0, open_count: 0, offset: 0, limit: 100 };

/** A store at `search` whose calls the test sees; `versions` summaries are served page by page. */
function privatePage(search: string, options: { versions?: number; owner?: boolean } = {}) {
  const asked: string[] = [];
  const versions = options.versions ?? LATEST;
  const api: PrivateDatasetApi = {
    dataset: (id) => {
      asked.push(`dataset ${id}`);
      return options.owner === false
        ? Promise.reject(new Error('404'))
        : Promise.resolve(dataset({ latest_version: versions }));
    },
    preview: () => Promise.resolve({ ...preview, version: versions }),
    rows: (_, version, query) => {
      asked.push(`rows v${version} offset ${String(query.offset)}`);
      return Promise.resolve({
        columns: [{ name: 'city', type: 'string' }],
        rows: [['Nyingchi']],
        row_numbers: [51],
        total: 60,
        offset: 50,
        limit: 50,
      } satisfies TableRows);
    },
    versionStats: () => Promise.resolve(null),
    changes: (_, since) => {
      asked.push(`changes since ${since}`);
      const last = Math.min(versions, since + CHANGES_PAGE);
      return Promise.resolve(
        Array.from({ length: last - since }, (__, i) => summary(since + i + 1)),
      );
    },
    discussions: () => {
      asked.push('discussions');
      return Promise.resolve(threads satisfies DiscussionList);
    },
    cardHtml: (markdown) => {
      asked.push('card');
      return Promise.resolve(`<h1>${markdown.slice(2)}</h1>`);
    },
  };
  return { store: createPrivateDataset(api, { datasetId: 7, search }), asked };
}

describe("the owner's page of a private dataset", () => {
  it('shows nothing signed out, and the data tab with the card when its owner signs in', async () => {
    const { store, asked } = privatePage('');
    await store.load(null);
    expect(store.$private.get().page).toBeNull();
    expect(asked).toEqual([]);
    await store.load(1);
    const page = store.$private.get().page;
    expect(page?.view.tab).toBe('data');
    // The latest version's first page is the preview: no rows call.
    expect(page?.dataView?.rows.rows).toEqual([['Lhasa', 450]]);
    expect(page?.readmeHtml).toBe('<h1>Card</h1>');
    expect(page?.changes).toBeNull();
    expect(asked).toEqual(['dataset 7', 'card']);
  });

  it("reads the data tab's view the address names, as the public page does", async () => {
    const { store, asked } = privatePage('?v=2&page=2');
    await store.load(1);
    const page = store.$private.get().page;
    expect(asked).toContain('rows v2 offset 50');
    expect(page?.view).toMatchObject({ tab: 'data', version: 2, page: 2 });
    expect(page?.dataView?.rows.rowNumbers).toEqual([51]);
  });

  it('reads every version’s change summary on the versions tab, page by page', async () => {
    const versions = CHANGES_PAGE + 5;
    const { store, asked } = privatePage('?tab=versions&v=2', { versions });
    await store.load(1);
    const page = store.$private.get().page;
    expect(page?.view).toMatchObject({ tab: 'versions', version: 2 });
    expect(asked.filter((a) => a.startsWith('changes'))).toEqual([
      'changes since 0',
      `changes since ${CHANGES_PAGE}`,
    ]);
    expect(page?.changes?.size).toBe(versions);
    expect(page?.changes?.get(2)?.columns).toHaveProperty('rain_mm');
    expect(asked).not.toContain('card');
  });

  it('reads the threads on the discussions tab only', async () => {
    const { store, asked } = privatePage('?tab=discussions');
    await store.load(1);
    expect(store.$private.get().page?.discussions).toEqual(threads);
    expect(asked).toEqual(['dataset 7', 'discussions']);
    const other = privatePage('?tab=compare');
    await other.store.load(1);
    expect(other.store.$private.get().page?.discussions).toBeNull();
    expect(other.asked).not.toContain('discussions');
  });

  it('stays empty for someone who may not see it, and forgets the page when its owner leaves', async () => {
    const refused = privatePage('', { owner: false });
    await refused.store.load(2);
    expect(refused.store.$private.get()).toEqual({ userId: 2, page: null });
    const { store } = privatePage('');
    await store.load(1);
    expect(store.$private.get().page).not.toBeNull();
    await store.load(null);
    expect(store.$private.get().page).toBeNull();
  });
});
