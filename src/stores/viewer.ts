/**
 * The dataset page's data viewer as a store: the view (version, page, sort, text filter, column
 * filters, hidden, ordered and pinned columns, tab, SQL text), the rows and statistics it shows,
 * and the actions that change it. Every change is written to the page's address (a new history
 * entry, so Back and Forward walk through views; `restore` reads one back); the rows are
 * fetched again only when the change asks for other rows. The island only subscribes and calls
 * actions; the browser's history and the API come in as `ViewerDeps`, so tests need no DOM.
 */
import { atom, computed, map } from 'nanostores';
import type { Column, Cell, VersionStats } from '../contracts/tables.ts';
import {
  readView,
  rowsQueryOf,
  sameFilter,
  viewSearch,
  type RowFilter,
  type ViewState,
  type ViewTab,
} from '../lib/tables/view-address.ts';

/** A page of rows; the server-rendered first page of a version may come without row numbers. */
export type RowsPage = {
  columns: Column[];
  rows: Cell[][];
  rowNumbers?: number[] | undefined;
  total: number;
  offset: number;
  limit: number;
};

export type RowsRequest = { version: number; query: ReturnType<typeof rowsQueryOf> };

export type ViewerDeps = {
  fetchRows: (request: RowsRequest, signal: AbortSignal) => Promise<RowsPage>;
  fetchStats: (version: number) => Promise<VersionStats>;
  /** Writes the address's query string: a new history entry, or in place of this one. */
  navigate: (search: string, mode: 'push' | 'replace') => void;
};

type Options = {
  /** The latest version (the one a view without `v` shows). */
  latest: number;
  /** The view the page was rendered for, its rows and the statistics of its version. */
  view: ViewState;
  rows: RowsPage;
  stats: VersionStats | null;
  pageRows: number;
  deps: ViewerDeps;
};

/** The rows shown (kept while others load, and after a failure), and how asking for them went. */
type RowsState = {
  status: 'loading' | 'ready' | 'failed';
  data: RowsPage;
  error: unknown;
};

/** What a change of view does to the address: a history entry, in place, or nothing. */
type Write = 'push' | 'replace' | 'none';

const rowsKey = (view: ViewState, latest: number) =>
  JSON.stringify([view.version ?? latest, view.page, view.sort, view.order, view.q, view.filters]);

/** The rows shown and their fetching: a request still under way is aborted, its answer dropped. */
function rowsLoader(initial: RowsPage, fetchRows: ViewerDeps['fetchRows']) {
  const $rows = map<RowsState>({ status: 'ready', data: initial, error: null });
  let asking: AbortController | null = null;
  const loadRows = async (request: RowsRequest) => {
    asking?.abort();
    const mine = new AbortController();
    asking = mine;
    $rows.set({ ...$rows.get(), status: 'loading', error: null });
    try {
      const data = await fetchRows(request, mine.signal);
      if (asking === mine) $rows.set({ status: 'ready', data, error: null });
    } catch (error) {
      if (asking === mine) $rows.set({ ...$rows.get(), status: 'failed', error });
    }
  };
  return { $rows, loadRows };
}

/** Hiding, pinning and moving columns: the address changes, the rows stay. */
function columnActions(
  view: () => ViewState,
  change: (changes: Partial<ViewState>) => Promise<void>,
) {
  const toggle = (list: string[], name: string) =>
    list.includes(name) ? list.filter((n) => n !== name) : [...list, name];
  return {
    toggleHidden: (name: string) => change({ hidden: toggle(view().hidden, name) }),
    togglePinned: (name: string) => change({ pinned: toggle(view().pinned, name) }),
    /** Moves a column one place left (-1) or right (+1) among `names` (the shown order). */
    moveColumn(names: readonly string[], name: string, step: -1 | 1) {
      const order = [...names];
      const at = order.indexOf(name);
      const to = at + step;
      if (at < 0 || to < 0 || to >= order.length) return Promise.resolve();
      [order[at], order[to]] = [order[to] as string, name];
      return change({ columns: order });
    },
  };
}

export function createViewerStore(options: Options) {
  const { latest, pageRows, deps } = options;
  const $view = atom<ViewState>(options.view);
  const $stats = map<Record<string, VersionStats>>(
    options.stats ? { [String(options.stats.version)]: options.stats } : {},
  );
  const { $rows, loadRows } = rowsLoader(options.rows, deps.fetchRows);
  const $version = computed($view, (view) => view.version ?? latest);

  const loadStats = (version: number) => {
    if ($stats.get()[String(version)]) return;
    deps
      .fetchStats(version)
      .then((stats) => $stats.setKey(String(version), stats))
      .catch(() => undefined);
  };

  /** Shows `next`: writes the address, fetches its rows if they differ from those shown. */
  const show = (next: ViewState, write: Write = 'push') => {
    const before = $view.get();
    $view.set(next);
    if (write !== 'none') deps.navigate(viewSearch(next), write);
    loadStats(next.version ?? latest);
    if (rowsKey(before, latest) === rowsKey(next, latest)) return Promise.resolve();
    return loadRows({ version: next.version ?? latest, query: rowsQueryOf(next, pageRows) });
  };
  const change = (changes: Partial<ViewState>, write: Write = 'push') =>
    show({ ...$view.get(), ...changes }, write);
  const firstPage = (changes: Partial<ViewState>) => change({ ...changes, page: 1 });

  return {
    $view,
    $version,
    $rows,
    $stats,
    setVersion: (version: number) =>
      firstPage({ version: version === latest ? null : version, filters: [] }),
    setPage: (page: number) => change({ page: Math.max(1, page) }),
    /** Sort cycle of a header: none → ascending → descending → none. */
    sortBy(column: string) {
      const { sort, order } = $view.get();
      if (sort !== column) return firstPage({ sort: column, order: 'asc' });
      if (order === 'asc') return firstPage({ order: 'desc' });
      return firstPage({ sort: null, order: 'asc' });
    },
    /** The substring box, once typing pauses: replaces the entry when the box already filtered. */
    setText: (q: string) => ($view.get().q === q ? Promise.resolve() : firstPage({ q })),
    addFilter(filter: RowFilter) {
      const { filters } = $view.get();
      if (filters.some((f) => sameFilter(f, filter))) return Promise.resolve();
      return firstPage({ filters: [...filters, filter] });
    },
    removeFilter: (index: number) =>
      firstPage({ filters: $view.get().filters.filter((_, i) => i !== index) }),
    ...columnActions(() => $view.get(), change),
    /** Row `n` of the view (1-based): its page; resolves to its index on that page. */
    async jumpToRow(n: number): Promise<number> {
      const row = Math.max(1, Math.floor(n));
      await change({ page: Math.ceil(row / pageRows) });
      return (row - 1) % pageRows;
    },
    setTab: (tab: ViewTab) => change({ tab }),
    /** The SQL console's text: kept in the address without a history entry per keystroke. */
    setSql: (sql: string) => change({ sql }, 'replace'),
    /** Once in the browser: the shown version's statistics, when the page came without them. */
    start: () => loadStats($view.get().version ?? latest),
    /** The view of an address the browser went back or forward to (its entry is already there). */
    restore: (search: string) => show(readView(new URLSearchParams(search)), 'none'),
  };
}

export type ViewerStore = ReturnType<typeof createViewerStore>;
