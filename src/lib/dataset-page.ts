/**
 * The dataset pages' reading of their URLs (server side): the id of /datasets/{id}, and the
 * filters, sort and page of /datasets, with the links that keep them. See docs/pages.md.
 */
import {
  DATASET_SORTS,
  LANGUAGE_PATTERN,
  datasetIdParamsSchema,
  type Dataset,
  type DatasetSort,
  type DatasetSummary,
  type VersionContent,
} from '../contracts/datasets.ts';
import type { CroissantDocument } from '../contracts/croissant.ts';
import type { VersionStats } from '../contracts/tables.ts';
import { VIEWER_PAGE_ROWS } from './tables/viewer.ts';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { SEARCH_PAGE_SIZE } from '../contracts/limits.ts';
import { pageOffset, parsePage, searchPagination } from './pagination.ts';
import { searchWords } from './dataset-rules.ts';
import { LICENSES, type License } from '../contracts/limits.ts';
import { numberFormat } from './intl.ts';
import type { T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { isOneOf } from '../contracts/narrowing.ts';

/**
 * The id of a /datasets/{id} path: a positive 32-bit integer, as the API accepts it; null when
 * the parameter is not one (the page answers the fatal 404 'Page Not Found: {path}').
 */
export function parseDatasetId(raw: string | undefined | null): number | null {
  const parsed = datasetIdParamsSchema.safeParse({ id: raw ?? '' });
  return parsed.success ? parsed.data.id : null;
}

/** What /datasets shows: a search (12 a page, by relevance) or a filtered list (20 a page). */
export type ListState = {
  query: string;
  tags: string[];
  language: string;
  /** An SPDX identifier, 'none' (no licence stated) or '' (any). */
  license: string;
  /** '' = the default: relevance for a search, else most recently updated. */
  sort: DatasetSort | '';
  page: number;
};

const MAX_PAGE = 100_000;

/** The page's state from its query string; unusable values are dropped, never an error. */
export function readListState(params: URLSearchParams): ListState {
  const query = searchWords(params.get('query') ?? '');
  const tags = [
    ...new Set(
      params
        .getAll('tags')
        .flatMap((t) => t.split(/[,，]/))
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const rawLanguage = (params.get('language') ?? '').trim();
  const language = LANGUAGE_PATTERN.test(rawLanguage)
    ? (Intl.getCanonicalLocales(rawLanguage)[0] ?? '')
    : '';
  const rawLicense = (params.get('license') ?? '').trim();
  const license = rawLicense === 'none' || rawLicense in LICENSES ? rawLicense : '';
  const rawSort = params.get('sort') ?? '';
  const sort = isOneOf(DATASET_SORTS, rawSort) ? rawSort : '';
  const page = parsePage(params.get('page'), MAX_PAGE);
  return { query, tags, language, license, sort, page };
}

/** A query alone is a search (the search call: ranked, 12 a page); anything else is a list. */
export const isSearch = (state: ListState): boolean =>
  state.query !== '' &&
  state.tags.length === 0 &&
  state.language === '' &&
  state.license === '' &&
  state.sort === '';

/** Whether any filter is set (for the "clear filters" link). */
export const hasFilters = (state: ListState): boolean =>
  state.query !== '' ||
  state.tags.length > 0 ||
  state.language !== '' ||
  state.license !== '' ||
  state.sort !== '';

/**
 * How many of the filter form's fields are set (tags, language, licence, sort; the search words
 * are not in the form): the number on the phone's folded filters button.
 */
export const activeFilterCount = (state: ListState): number =>
  [state.tags.length > 0, state.language, state.license, state.sort].filter(Boolean).length;

/** The /datasets query string of a state (defaults left out), with a leading '?' when not empty. */
export function listSearch(state: ListState, changes: Partial<ListState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.query) params.set('query', next.query);
  if (next.tags.length > 0) params.set('tags', next.tags.join(','));
  if (next.language) params.set('language', next.language);
  if (next.license) params.set('license', next.license);
  if (next.sort) params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A language of public datasets with how many there are (null: none, but it is selected). */
export type LanguageChoice = { tag: string; count: number | null };

/**
 * The language filter's choices: the languages public datasets are in, most used first, and the
 * selected one when no public dataset has it (so the form shows what is being filtered by).
 */
export function languageChoices(
  present: readonly { tag: string; count: number }[],
  selected: string,
): LanguageChoice[] {
  const choices: LanguageChoice[] = [...present];
  if (selected && !present.some((p) => p.tag === selected))
    choices.push({ tag: selected, count: null });
  return choices;
}

type Sheaf = App.Locals['sheaf'];

/** One page of /datasets as the page shows it; null when the filters are not valid. */
export type ListResult = {
  mode: 'search' | 'list';
  datasets: DatasetSummary[];
  total: number;
  /** Whether `total` is the database's estimate (a search past SEARCH_EXACT_TOTAL_MAX). */
  totalEstimated: boolean;
  /** Nothing holds the query's words: these datasets have similar ones. */
  similar?: boolean | undefined;
  currentPage: number;
  totalPages: number;
};

/** Reads the datasets of a /datasets state: the search call for a search, else the list call. */
export async function readDatasetList(sheaf: Sheaf, state: ListState): Promise<ListResult | null> {
  if (isSearch(state)) {
    const found = await sheaf.datasets.search({
      query: state.query,
      offset: pageOffset(state.page, SEARCH_PAGE_SIZE),
      limit: SEARCH_PAGE_SIZE,
    });
    return (
      found && {
        mode: 'search',
        datasets: found.datasets,
        total: found.total,
        totalEstimated: found.total_estimated === true,
        similar: found.similar === true,
        currentPage: found.current_page,
        totalPages: found.total_pages,
      }
    );
  }
  const listed = await sheaf.datasets.list({
    ...(state.query && { query: state.query }),
    ...(state.tags.length > 0 && { tags: state.tags }),
    ...(state.language && { language: state.language }),
    ...(state.license && { license: state.license as License | 'none' }),
    ...(state.sort && { sort: state.sort }),
    offset: pageOffset(state.page, DEFAULT_PAGE_SIZE),
    limit: DEFAULT_PAGE_SIZE,
  });
  if (!listed) return null;
  const pages = searchPagination(listed);
  return {
    mode: 'list',
    datasets: listed.datasets,
    total: listed.total,
    totalEstimated: listed.total_estimated === true,
    similar: listed.similar === true,
    currentPage: pages.currentPage,
    totalPages: pages.totalPages,
  };
}

/**
 * The line above the list: how many datasets (match the query, when there is one, searched or
 * listed with filters and a sort). An estimated total is shown
 * rounded to two significant digits ("about 450,000", not "about 452,295"): its last digits mean
 * nothing, and a total known only to be past SEARCH_EXACT_TOTAL_MAX reads "about 10,000".
 */
export function listSummary(
  t: T,
  locale: Locale,
  query: string,
  result: ListResult | null,
): string {
  if (!result) return t('datasets:list.invalid');
  const format = numberFormat(
    locale,
    result.totalEstimated ? { maximumSignificantDigits: 2 } : undefined,
  );
  const count = format.format(result.total);
  if (query && result.similar) return t('datasets:list.searchSimilar', { query, count });
  if (query) {
    const key = result.totalEstimated
      ? 'datasets:list.searchTotalEstimated'
      : 'datasets:list.searchTotal';
    return t(key, { query, count });
  }
  return t(result.totalEstimated ? 'datasets:list.totalEstimated' : 'datasets:list.total', {
    count,
  });
}

/**
 * The URL of the last page when `state` asks for a page past it (the list has `totalPages`;
 * an empty list has one, empty, page), else null. Keeps every other parameter.
 */
export function pastLastPage(url: URL, state: ListState, result: ListResult | null): string | null {
  if (!result) return null;
  const last = Math.max(1, result.totalPages);
  if (state.page <= last) return null;
  return `${url.pathname}${listSearch(state, { page: last })}`;
}

/** What /datasets/{id} shows: the dataset and the first rows of its latest version. */
export type DatasetPageData =
  | { kind: 'invalid' }
  /** Not there for a guest: private, never there, or (`deleted`) a public one deleted. */
  | { kind: 'missing'; id: number; deleted: boolean }
  | {
      kind: 'found';
      dataset: Dataset;
      preview: VersionContent | null;
      structuredData: CroissantDocument | null;
      stats: VersionStats | null;
      /** The dataset card, rendered and sanitised on the server. */
      readmeHtml: string;
    };

/** Reads /datasets/{id} as a guest: an invalid id, a missing (or private) dataset, or the dataset. */
export async function readDatasetPage(
  sheaf: Sheaf,
  rawId: string | undefined,
): Promise<DatasetPageData> {
  const id = parseDatasetId(rawId);
  if (id === null) return { kind: 'invalid' };
  const page = await sheaf.datasets.page(id, VIEWER_PAGE_ROWS);
  if (page) return { kind: 'found', ...page };
  return { kind: 'missing', id, deleted: await sheaf.datasets.wasDeleted(id) };
}
