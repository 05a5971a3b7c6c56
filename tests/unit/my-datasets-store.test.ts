import { describe, expect, it } from 'vitest';
import type { DatasetPage, MyDatasetsFilters } from '../../src/lib/api/types.ts';
import { keysToCamel } from '../../src/lib/case.ts';
import { createMyDatasets, readMyView } from '../../src/stores/my-datasets.ts';
import { wireSummary } from '../support/wire.ts';

/** The signed-in user's datasets as the API pages them: `total` of them, named Dataset 1…. */
function fakeApi(total: number) {
  const asked: MyDatasetsFilters[] = [];
  const addresses: string[] = [];
  const deps = {
    list: (filters: MyDatasetsFilters): Promise<DatasetPage> => {
      asked.push(filters);
      const offset = filters.offset ?? 0;
      const limit = filters.limit ?? 20;
      const ids = Array.from(
        { length: Math.max(0, Math.min(limit, total - offset)) },
        (_, i) => offset + i + 1,
      );
      const datasets = ids.map((id) =>
        keysToCamel<DatasetPage['datasets'][number]>(wireSummary(id)),
      );
      return Promise.resolve({ datasets, total, offset, limit, nextCursor: null });
    },
    navigate: (search: string) => addresses.push(search),
  };
  return { asked, addresses, deps };
}

const names = (page: DatasetPage | null) => page?.datasets.map((d) => d.name) ?? [];

describe('My Datasets store', () => {
  it('shows the view the address asks for, and reads a wrong one as the default', () => {
    expect(readMyView('?query=%20birds%20&sort_by=name&page=3')).toEqual({
      query: 'birds',
      sortBy: 'name',
      page: 3,
    });
    expect(readMyView('?sort_by=drop&page=-2')).toEqual({ query: '', sortBy: 'recent', page: 1 });
  });

  it('loads the page the address names and pages on, writing each page to the address', async () => {
    const { asked, addresses, deps } = fakeApi(45);
    const store = createMyDatasets('?page=2', deps);
    expect(store.$page.get()).toBeNull();
    await store.start();
    expect(asked[0]).toEqual({ sortBy: 'recent', offset: 20, limit: 20 });
    expect(names(store.$page.get())[0]).toBe('Dataset 21');
    expect(store.$pages.get()).toMatchObject({ currentPage: 2, totalPages: 3, hasNext: true });

    await store.goToPage(3);
    expect(names(store.$page.get())).toEqual([
      'Dataset 41',
      'Dataset 42',
      'Dataset 43',
      'Dataset 44',
      'Dataset 45',
    ]);
    expect(addresses).toEqual(['page=2', 'page=3']);
  });

  it('starts again at page 1 on a new search or sort', async () => {
    const { asked, addresses, deps } = fakeApi(45);
    const store = createMyDatasets('?page=3', deps);
    await store.start();
    store.setDraft('  birds ');
    await store.search();
    expect(asked.at(-1)).toEqual({ query: 'birds', sortBy: 'recent', offset: 0, limit: 20 });
    await store.sortBy('downloads');
    expect(store.$view.get()).toEqual({ query: 'birds', sortBy: 'downloads', page: 1 });
    expect(addresses.at(-1)).toBe('query=birds&sort_by=downloads');
  });

  it('shows the last page for a page past it', async () => {
    const { addresses, deps } = fakeApi(25);
    const store = createMyDatasets('?page=9', deps);
    await store.start();
    expect(store.$view.get().page).toBe(2);
    expect(names(store.$page.get())).toEqual([
      'Dataset 21',
      'Dataset 22',
      'Dataset 23',
      'Dataset 24',
      'Dataset 25',
    ]);
    expect(addresses).toEqual(['page=9', 'page=2']);
  });

  it('keeps the failure until a retry answers', async () => {
    const { deps } = fakeApi(3);
    let down = true;
    const store = createMyDatasets('', {
      ...deps,
      list: (filters) => (down ? Promise.reject(new Error('offline')) : deps.list(filters)),
    });
    await store.start();
    expect(store.$list.get()).toMatchObject({ status: 'failed' });
    expect(store.$page.get()).toBeNull();
    down = false;
    await store.retry();
    expect(names(store.$page.get())).toEqual(['Dataset 1', 'Dataset 2', 'Dataset 3']);
  });
});
