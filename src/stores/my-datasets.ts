/**
 * My Datasets (/datasets/my) as a store: the view (search words, sort, page) read from and
 * written to the page's address (?query=&sort_by=&page=, so links and Back keep it), the page of
 * datasets shown, and the actions that change it. A new search or sort starts again at page 1;
 * a page past the last (an old address, or its datasets deleted since) shows the last page. The
 * API and the address come in as `MyDatasetsDeps`, so the flow runs without a browser in its tests.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { DatasetSort } from '../contracts/dataset-fields.ts';
import type { DatasetPage, MyDatasetsFilters } from '../lib/api/types.ts';
import { DEFAULT_PAGE_SIZE } from '../lib/constants.ts';
import { searchWords } from '../lib/dataset-rules.ts';
import {
  pageOffset,
  parsePage,
  searchPagination,
  type SearchPagination,
} from '../lib/pagination.ts';
import { createLoader, type LoaderState } from './loader.ts';

export type MyDatasetsView = { query: string; sortBy: DatasetSort; page: number };

export type MyDatasetsDeps = {
  list: (filters: MyDatasetsFilters) => Promise<DatasetPage>;
  /** Writes the address's query string in place of this entry ('' for none). */
  navigate: (search: string) => void;
};

/** The sorts offered (the contracts' list, kept here so the island does not load zod). */
export const MY_DATASET_SORTS = [
  'recent',
  'heat',
  'downloads',
  'score',
  'name',
] as const satisfies readonly DatasetSort[];

const isSort = (value: string): value is DatasetSort =>
  (MY_DATASET_SORTS as readonly string[]).includes(value);

/** The view an address asks for; anything it does not say (or says wrongly) is the default. */
export function readMyView(search: string): MyDatasetsView {
  const params = new URLSearchParams(search);
  const sort = params.get('sort_by') ?? '';
  return {
    query: searchWords(params.get('query') ?? ''),
    sortBy: isSort(sort) ? sort : 'recent',
    page: parsePage(params.get('page'), Number.MAX_SAFE_INTEGER),
  };
}

/** The query string of a view: only what differs from the default. */
function myViewSearch(view: MyDatasetsView): string {
  const params = new URLSearchParams();
  if (view.query) params.set('query', view.query);
  if (view.sortBy !== 'recent') params.set('sort_by', view.sortBy);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

const filtersOf = (view: MyDatasetsView): MyDatasetsFilters => ({
  ...(view.query && { query: view.query }),
  sortBy: view.sortBy,
  offset: pageOffset(view.page, DEFAULT_PAGE_SIZE),
  limit: DEFAULT_PAGE_SIZE,
});

export type MyDatasets = {
  /** The view asked for last. */
  $view: ReadableAtom<MyDatasetsView>;
  /** The search box as typed, sent by `search`. */
  $draft: ReadableAtom<string>;
  /** Loading, failed or ready: the page shown is the answer to the view asked for last. */
  $list: ReadableAtom<LoaderState<MyDatasetsView, DatasetPage>>;
  /** The page shown, once its own answer is in (null while loading or after a failure). */
  $page: ReadableAtom<DatasetPage | null>;
  /** Where the page shown is among the pages; null before. */
  $pages: ReadableAtom<SearchPagination | null>;
  /** Shows the view the page's address asks for. */
  start: () => Promise<void>;
  setDraft: (query: string) => void;
  /** Searches for the box's words, from page 1. */
  search: () => Promise<void>;
  sortBy: (sort: string) => Promise<void>;
  goToPage: (page: number) => Promise<void>;
  retry: () => Promise<void>;
  /** Stops the request under way (the list leaving the page). */
  cancel: () => void;
};

export function createMyDatasets(search: string, deps: MyDatasetsDeps): MyDatasets {
  const first = readMyView(search);
  const $draft = atom(first.query);
  const loader = createLoader<MyDatasetsView, DatasetPage>({
    fetch: (view) => deps.list(filtersOf(view)),
  });
  const $list = loader.$loader;
  const $view = computed($list, ({ params }) => params ?? first);
  const $page = computed($list, ({ status, data }) => (status === 'ready' ? data : null));
  const $pages = computed($page, (page) => page && searchPagination(page));

  const show = async (next: MyDatasetsView): Promise<void> => {
    deps.navigate(myViewSearch(next));
    await loader.load(next);
    const pages = $pages.get();
    if (pages && pages.currentPage > pages.totalPages) {
      await show({ ...$view.get(), page: pages.totalPages });
    }
  };

  return {
    $view,
    $draft,
    $list,
    $page,
    $pages,
    start: () => show(first),
    setDraft: (query) => $draft.set(query),
    search: () => show({ ...$view.get(), query: searchWords($draft.get()), page: 1 }),
    sortBy: (sort) => show({ ...$view.get(), sortBy: isSort(sort) ? sort : 'recent', page: 1 }),
    goToPage: (page) => show({ ...$view.get(), page: Math.max(1, page) }),
    retry: () => loader.retry(),
    cancel: () => loader.cancel(),
  };
}
