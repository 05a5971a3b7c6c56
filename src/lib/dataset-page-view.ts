/**
 * The view a /datasets/{id} address names, read on the server so that the page renders it (and in
 * the browser for the owner's page of a private dataset, stores/private-dataset.ts): the
 * version, page, sort and filters of the rows (the same rows `GET …/rows` answers for them), the
 * statistics of that version, the open tab and the SQL text. See docs/pages.md.
 */
import type { VersionContent } from '../contracts/datasets.ts';
import type { VersionStats } from '../contracts/tables.ts';
import type { RowsPage } from '../stores/viewer.ts';
import { readView, rowsQueryOf, type ViewState } from './tables/view-address.ts';
import { VIEWER_PAGE_ROWS, shownCell } from './tables/viewer.ts';

/**
 * What reading a view needs: a version's rows and statistics, null when refused (the server's
 * `Astro.locals.sheaf`, or the API as the owner of a private dataset calls it).
 */
export type ViewReader = {
  datasets: Pick<App.Locals['sheaf']['datasets'], 'rows' | 'versionStats'>;
};

export type DataView = {
  view: ViewState;
  /** The version shown (the view's, or the latest). */
  version: number;
  rows: RowsPage;
  stats: VersionStats | null;
};

/** The first rows of the latest version, as the page read them with the dataset. */
const previewRows = (preview: VersionContent): RowsPage => ({
  columns: preview.attributes.map((name) => ({
    name,
    type: preview.attribute_types[name] ?? 'string',
  })),
  rows: preview.entries.map((row) => row.map(shownCell)),
  total: preview.entries_count,
  offset: 0,
  limit: preview.limit,
});

/** Whether a view shows the latest version's first page, as stored: the preview serves it. */
const isFirstPage = (view: ViewState, latest: number) =>
  (view.version === null || view.version === latest) &&
  view.page === 1 &&
  view.sort === null &&
  view.q === '' &&
  view.filters.length === 0;

/**
 * The view of `params` with its rows. A view whose rows cannot be read (no such version, an
 * unknown column, a page past the end) falls back to the latest version's first rows, keeping
 * its tab, columns and SQL text.
 */
export async function readDataView(
  sheaf: ViewReader,
  id: number,
  found: { preview: VersionContent; stats: VersionStats | null },
  params: URLSearchParams,
): Promise<DataView> {
  const asked = readView(params);
  const latest = found.preview.version;
  const view = asked.version === latest ? { ...asked, version: null } : asked;
  if (isFirstPage(view, latest)) {
    return { view, version: latest, rows: previewRows(found.preview), stats: found.stats };
  }
  const version = view.version ?? latest;
  const [read, stats] = await Promise.all([
    sheaf.datasets.rows(id, version, rowsQueryOf(view, VIEWER_PAGE_ROWS)),
    version === latest ? found.stats : sheaf.datasets.versionStats(id, version),
  ]);
  if (!read || (read.rows.length === 0 && view.page > 1)) {
    const fallback = { ...view, version: null, page: 1, sort: null, q: '', filters: [] };
    return {
      view: fallback,
      version: latest,
      rows: previewRows(found.preview),
      stats: found.stats,
    };
  }
  const { row_numbers: rowNumbers, ...rest } = read;
  return {
    view,
    version,
    rows: { ...rest, rows: rest.rows.map((row) => row.map(shownCell)), rowNumbers },
    stats,
  };
}
