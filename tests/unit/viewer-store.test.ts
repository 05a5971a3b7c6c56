import { describe, expect, it } from 'vitest';
import type { VersionStats } from '../../src/contracts/tables.ts';
import {
  DEFAULT_VIEW,
  readView,
  shownColumns,
  viewSearch,
} from '../../src/lib/tables/view-address.ts';
import { createViewerStore, type RowsPage, type RowsRequest } from '../../src/stores/viewer.ts';

const page = (offset: number, total = 120): RowsPage => ({
  columns: [
    { name: 'city', type: 'string' },
    { name: 'year', type: 'integer' },
  ],
  rows: [[`row ${offset + 1}`, 2000]],
  rowNumbers: [offset + 1],
  total,
  offset,
  limit: 50,
});

/** A store on version 3 of 3 whose calls the test sees (and answers at once). */
function viewer(search = '') {
  const requests: RowsRequest[] = [];
  const addresses: [string, string][] = [];
  const statsAsked: number[] = [];
  const store = createViewerStore({
    latest: 3,
    view: readView(new URLSearchParams(search)),
    rows: page(0),
    stats: null,
    pageRows: 50,
    deps: {
      fetchRows: (request) => {
        requests.push(request);
        return Promise.resolve(page(request.query.offset, request.query.filters ? 7 : 120));
      },
      fetchStats: (version) => {
        statsAsked.push(version);
        return Promise.resolve({ version, rows: 120, columns: [] } satisfies VersionStats);
      },
      navigate: (to, mode) => addresses.push([to, mode]),
    },
  });
  return { store, requests, addresses, statsAsked };
}

describe('the address of a view', () => {
  it('writes only what differs from the default and reads it back', () => {
    expect(viewSearch(DEFAULT_VIEW)).toBe('');
    const view = {
      ...DEFAULT_VIEW,
      version: 2,
      page: 3,
      sort: 'year',
      order: 'desc' as const,
      q: 'ber',
      filters: [{ column: 'year', op: 'between' as const, value: [2000, 2010] }],
      hidden: ['a,b'],
      columns: ['year', 'city'],
      pinned: ['city'],
      tab: 'sql' as const,
      sql: 'select 1',
    };
    const search = viewSearch(view);
    expect(search).toContain('filters=%5B%7B%22column%22%3A%22year%22');
    expect(readView(new URLSearchParams(search))).toEqual(view);
  });

  it('drops what it cannot use instead of failing', () => {
    const view = readView(
      new URLSearchParams('v=0&page=-2&tab=nope&filters=%7Bbad&order=up&hide=&sort=%20'),
    );
    expect(view).toEqual(DEFAULT_VIEW);
    const filters = readView(
      new URLSearchParams(
        `filters=${encodeURIComponent('[{"column":"a","op":"eq","value":1},{"column":"b","op":"drop"},3]')}`,
      ),
    ).filters;
    expect(filters).toEqual([{ column: 'a', op: 'eq', value: 1 }]);
  });

  it('shows pinned columns first, then the chosen order, without the hidden ones', () => {
    const columns = ['a', 'b', 'c', 'd'].map((name) => ({ name }));
    const shown = shownColumns(columns, { hidden: ['b'], columns: ['d', 'a'], pinned: ['c'] });
    expect(shown.map((c) => [c.column.name, c.index, c.pinned])).toEqual([
      ['c', 2, true],
      ['d', 3, false],
      ['a', 0, false],
    ]);
  });
});

describe('the viewer store', () => {
  it('pages, sorts and filters, each a history entry, fetching the rows it names', async () => {
    const { store, requests, addresses } = viewer();
    await store.setPage(2);
    expect(store.$rows.get().data?.offset).toBe(50);
    await store.sortBy('year');
    await store.sortBy('year');
    await store.addFilter({ column: 'year', op: 'between', value: [2000, 2005] });
    await store.addFilter({ column: 'year', op: 'between', value: [2000, 2005] });
    expect(addresses.map(([to]) => to)).toEqual([
      '?page=2',
      '?sort=year',
      '?sort=year&order=desc',
      `?sort=year&order=desc&filters=${encodeURIComponent('[{"column":"year","op":"between","value":[2000,2005]}]')}`,
    ]);
    expect(addresses.every(([, mode]) => mode === 'push')).toBe(true);
    expect(requests.at(-1)).toEqual({
      version: 3,
      query: {
        offset: 0,
        limit: 50,
        order: 'desc',
        sort: 'year',
        filters: '[{"column":"year","op":"between","value":[2000,2005]}]',
      },
    });
    expect(store.$rows.get().data?.total).toBe(7);
    await store.removeFilter(0);
    expect(store.$view.get().filters).toEqual([]);
    expect(requests.at(-1)?.query.filters).toBeUndefined();
  });

  it('restores a view from Back without writing the address, fetching only other rows', async () => {
    const { store, requests, addresses } = viewer('page=3&hide=city');
    await store.restore('?page=3');
    expect(requests).toEqual([]);
    expect(store.$view.get().hidden).toEqual([]);
    await store.restore('?v=1&tab=versions');
    expect(addresses).toEqual([]);
    expect(requests).toEqual([{ version: 1, query: { offset: 0, limit: 50, order: 'asc' } }]);
    expect(store.$version.get()).toBe(1);
    expect(store.$view.get().tab).toBe('versions');
  });

  it('hides, pins and moves columns and changes tabs without fetching rows', async () => {
    const { store, requests, addresses } = viewer();
    await store.toggleHidden('city');
    await store.togglePinned('year');
    await store.moveColumn(['city', 'year'], 'year', -1);
    await store.moveColumn(['year', 'city'], 'year', -1);
    await store.setTab('card');
    await store.toggleHidden('city');
    expect(requests).toEqual([]);
    expect(addresses.at(-1)).toEqual(['?tab=card&col=year&col=city&pin=year', 'push']);
  });

  it('switches version on its first page without filters, and loads its statistics once', async () => {
    const { store, requests, statsAsked, addresses } = viewer(
      'page=2&filters=' + encodeURIComponent('[{"column":"city","op":"eq","value":"Bern"}]'),
    );
    await store.setVersion(2);
    await store.setVersion(3);
    await store.setVersion(2);
    expect(requests.map((r) => [r.version, r.query.offset])).toEqual([
      [2, 0],
      [3, 0],
      [2, 0],
    ]);
    expect(addresses.map(([to]) => to)).toEqual(['?v=2', '', '?v=2']);
    expect(statsAsked).toEqual([2, 3]);
    store.start();
    expect(statsAsked).toEqual([2, 3]);
  });

  it('loads the statistics of the version shown when the page came without them', () => {
    const { store, statsAsked } = viewer('v=2');
    store.start();
    expect(statsAsked).toEqual([2]);
  });

  it('jumps to row N: its page, and its place on that page', async () => {
    const { store, requests } = viewer();
    expect(await store.jumpToRow(101)).toBe(0);
    expect(requests.at(-1)?.query.offset).toBe(100);
    expect(await store.jumpToRow(75)).toBe(24);
    expect(store.$view.get().page).toBe(2);
  });

  it('keeps the SQL text in the address in place of the current entry', async () => {
    const { store, addresses } = viewer('tab=sql');
    await store.setSql('select 1');
    expect(addresses).toEqual([['?tab=sql&sql=select+1', 'replace']]);
  });

  it('shows the rows of the last view asked for, and keeps them when a fetch fails', async () => {
    const held: {
      signal: AbortSignal;
      answer: (p: RowsPage) => void;
      fail: (e: unknown) => void;
    }[] = [];
    const store = createViewerStore({
      latest: 1,
      view: readView(new URLSearchParams()),
      rows: page(0),
      stats: null,
      pageRows: 50,
      deps: {
        fetchRows: (_request, signal) =>
          new Promise((answer, fail) => held.push({ signal, answer, fail })),
        fetchStats: () => new Promise(() => undefined),
        navigate: () => undefined,
      },
    });
    const second = store.setPage(2);
    const third = store.setPage(3);
    expect(held[0]?.signal.aborted).toBe(true);
    held[1]?.answer(page(100));
    held[0]?.answer(page(50));
    await Promise.all([second, third]);
    expect(store.$rows.get()).toMatchObject({ status: 'ready', data: { offset: 100 } });
    const fourth = store.setPage(4);
    expect(store.$rows.get().status).toBe('loading');
    held[2]?.fail(new Error('offline'));
    await fourth;
    expect(store.$rows.get()).toMatchObject({ status: 'failed', data: { offset: 100 } });
  });
});
