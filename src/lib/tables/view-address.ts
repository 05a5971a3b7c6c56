/**
 * The data viewer's view as the dataset page's address names it (docs/pages.md, "The dataset
 * page's address"): version, page, sort, text filter, column filters, hidden and pinned columns,
 * the open tab and the SQL text. Read by the server (to render the named view) and by the
 * viewer's store (Back and Forward); written by the store. No DOM, no zod: islands import it.
 */

import { FILTER_OPS, type FilterOp } from '../../contracts/limits.ts';
import { isOneOf, isRecord } from '../../contracts/narrowing.ts';

export const VIEW_TABS = [
  'data',
  'card',
  'versions',
  'compare',
  'sql',
  'discussions',
  'proposals',
] as const;
export type ViewTab = (typeof VIEW_TABS)[number];

/** A filter as the rows call takes it in `filters=<JSON>`; null ops have no value. */
export type RowFilter = { column: string; op: FilterOp; value?: unknown };

export type ViewState = {
  /** null: the latest version. */
  version: number | null;
  /** 1-based. */
  page: number;
  sort: string | null;
  order: 'asc' | 'desc';
  q: string;
  filters: RowFilter[];
  hidden: string[];
  /** The columns' order when changed ([] = the table's own). */
  columns: string[];
  pinned: string[];
  tab: ViewTab;
  sql: string;
};

export const DEFAULT_VIEW: ViewState = {
  version: null,
  page: 1,
  sort: null,
  order: 'asc',
  q: '',
  filters: [],
  hidden: [],
  columns: [],
  pinned: [],
  tab: 'data',
  sql: '',
};

/** Filters at most in one address; more are dropped. */
const FILTERS_MAX = 20;
const TEXT_MAX = 200;
export const SQL_ADDRESS_MAX = 4000;
const PAGE_MAX = 1_000_000;

const positive = (raw: string | null, max: number): number | null => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
};

const isFilter = (f: unknown): f is RowFilter => {
  if (!isRecord(f)) return false;
  const { column, op } = f;
  return typeof column === 'string' && column.trim() !== '' && isOneOf(FILTER_OPS, op);
};

/** The filters of a `filters` parameter: a JSON array of filters; anything unusable is dropped. */
function readFilters(raw: string | null): RowFilter[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isFilter).slice(0, FILTERS_MAX) : [];
  } catch {
    return [];
  }
}

const names = (params: URLSearchParams, key: string) => [
  ...new Set(params.getAll(key).filter((n) => n.trim() !== '')),
];

/** Without a tab named: the SQL tab for a shared statement or saved query, else the data. */
const linkedTab = (params: URLSearchParams): ViewTab =>
  params.has('sql') || params.has('query') ? 'sql' : 'data';

/** The view an address names; unusable values fall back to the default, never an error. */
export function readView(params: URLSearchParams): ViewState {
  const tab = params.get('tab') ?? '';
  return {
    version: positive(params.get('v'), 2_147_483_647),
    page: positive(params.get('page'), PAGE_MAX) ?? 1,
    sort: params.get('sort')?.trim() || null,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    q: (params.get('q') ?? '').slice(0, TEXT_MAX),
    filters: readFilters(params.get('filters')),
    hidden: names(params, 'hide'),
    columns: names(params, 'col'),
    pinned: names(params, 'pin'),
    tab: isOneOf(VIEW_TABS, tab) ? tab : linkedTab(params),
    sql: (params.get('sql') ?? '').slice(0, SQL_ADDRESS_MAX),
  };
}

/** The query string of a view (defaults left out), with a leading '?' when not empty. */
export function viewSearch(view: ViewState, changes: Partial<ViewState> = {}): string {
  const next = { ...view, ...changes };
  const params = new URLSearchParams();
  if (next.tab !== 'data') params.set('tab', next.tab);
  if (next.version !== null) params.set('v', String(next.version));
  if (next.page > 1) params.set('page', String(next.page));
  if (next.sort) params.set('sort', next.sort);
  if (next.sort && next.order === 'desc') params.set('order', 'desc');
  if (next.q) params.set('q', next.q);
  if (next.filters.length > 0) params.set('filters', JSON.stringify(next.filters));
  for (const name of next.hidden) params.append('hide', name);
  for (const name of next.columns) params.append('col', name);
  for (const name of next.pinned) params.append('pin', name);
  if (next.sql) params.set('sql', next.sql);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The rows call's query for a view: the same rows on the server and from the API. */
export function rowsQueryOf(view: ViewState, limit: number) {
  return {
    offset: (view.page - 1) * limit,
    limit,
    order: view.order,
    ...(view.sort && { sort: view.sort }),
    ...(view.q && { q: view.q }),
    ...(view.filters.length > 0 && { filters: JSON.stringify(view.filters) }),
  };
}

/** Two filters alike (the same column, operator and value): adding one twice keeps one. */
export const sameFilter = (a: RowFilter, b: RowFilter): boolean =>
  a.column === b.column && a.op === b.op && JSON.stringify(a.value) === JSON.stringify(b.value);

/** A column as the table shows it: where its values are in a row, and whether it is pinned. */
export type ShownColumn<C extends { name: string }> = { column: C; index: number; pinned: boolean };

/**
 * The columns a view shows, in its order: pinned ones first (in the order pinned), then the
 * rest in the view's order (columns it does not name keep the table's order, after those it
 * does); hidden ones left out.
 */
export function shownColumns<C extends { name: string }>(
  columns: readonly C[],
  view: Pick<ViewState, 'hidden' | 'columns' | 'pinned'>,
): ShownColumn<C>[] {
  const rank = (name: string) => {
    const pin = view.pinned.indexOf(name);
    if (pin >= 0) return pin - columns.length * 2;
    const at = view.columns.indexOf(name);
    return at >= 0 ? at - columns.length : 0;
  };
  return columns
    .map((column, index) => ({ column, index, pinned: view.pinned.includes(column.name) }))
    .filter((c) => !view.hidden.includes(c.column.name))
    .sort((a, b) => rank(a.column.name) - rank(b.column.name) || a.index - b.index);
}
