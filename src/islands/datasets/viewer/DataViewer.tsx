import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { VersionStats } from '../../../contracts/tables.ts';
import { getT, type T } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { numberFormat } from '../../../lib/intl.ts';
import { VIEWER_PAGE_ROWS, nextSort, pageWindow } from '../../../lib/tables/viewer.ts';
import { useHydrated } from '../../useHydrated.ts';
import { failureText, fetchRows, fetchStats, type ViewerRows } from './api.ts';
import ComparePanel from './ComparePanel.tsx';
import Pager from './Pager.tsx';
import RowsTable, { type SortState } from './RowsTable.tsx';
import RowView, { useRowView } from './RowView.tsx';
import StatsPanel from './StatsPanel.tsx';
import { ViewerControls, type Panel, type VersionRows } from './ViewerControls.tsx';

type Props = {
  datasetId: number;
  locale: Locale;
  /** Every version, newest first, with its row count. */
  versions: VersionRows[];
  /** The version shown first and its first page (rendered on the server; rows 1, 2, …). */
  version: number;
  initial: FirstRows;
  stats: VersionStats | null;
  /** Column descriptions for the headers, as [name, text] pairs (headerDescriptions). */
  descriptions?: [string, string][] | undefined;
};

/** A page of rows; the first page's rows are the table's first, so it needs no numbers. */
type FirstRows = Omit<ViewerRows, 'rowNumbers'> & Partial<Pick<ViewerRows, 'rowNumbers'>>;

type Query = SortState & { offset: number; q: string };

const FILTER_DELAY_MS = 300;

/**
 * The page of rows a query asks for. The first page came with the page (rendered on the
 * server), so it is fetched only when the version or the query changes.
 */
function useRowsPage(t: T, datasetId: number, version: number, query: Query, initial: FirstRows) {
  const [view, setView] = useState<FirstRows>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const abort = new AbortController();
    setBusy(true);
    setError('');
    const { offset, sort, order, q } = query;
    fetchRows(datasetId, version, { offset, limit: VIEWER_PAGE_ROWS, sort, order, q }, abort.signal)
      .then((rows) => setView(rows))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setError(failureText(t, err));
      })
      .finally(() => {
        if (!abort.signal.aborted) setBusy(false);
      });
    return () => abort.abort();
  }, [datasetId, version, query, t]);

  return { view, busy, error };
}

/** Column statistics by version, each version's fetched once when first shown. */
function useVersionStats(datasetId: number, version: number, initial: VersionStats | null) {
  const [stats, setStats] = useState<Record<number, VersionStats>>(
    initial ? { [initial.version]: initial } : {},
  );
  useEffect(() => {
    if (stats[version]) return;
    fetchStats(datasetId, version)
      .then((s) => setStats((known) => ({ ...known, [version]: s })))
      .catch(() => undefined);
  }, [datasetId, version, stats]);
  return stats;
}

/** The filter box's text, put into the query (back on the first page) once typing pauses. */
function useFilterText(q: string, setQuery: Dispatch<SetStateAction<Query>>) {
  const [filterText, setFilterText] = useState('');
  useEffect(() => {
    if (filterText === q) return;
    const timer = setTimeout(
      () => setQuery((current) => ({ ...current, q: filterText, offset: 0 })),
      FILTER_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [filterText, q, setQuery]);
  return [filterText, setFilterText] as const;
}

/** The table's caption: the version and which of its rows are shown. */
function rowsCaption(t: T, version: number, view: FirstRows) {
  const window = pageWindow(view.offset, view.rows.length, view.total, view.limit);
  return window.pages === 0
    ? t('viewer:captionEmpty', { version: String(version) })
    : t('viewer:caption', {
        version: String(version),
        first: window.first,
        last: window.last,
        total: view.total,
      });
}

type StatusProps = { t: T; error: string; busy: boolean; q: string; total: number };

/** A failure to load, and what a screen reader hears: loading, or how many rows match. */
function ViewerStatus({ t, error, busy, q, total }: StatusProps) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {busy ? t('viewer:loading') : q ? t('viewer:matches', { count: total }) : ''}
      </p>
    </>
  );
}

/**
 * The dataset page's data section. On the server it renders the first page of the latest
 * version (headers with type and summary), readable without JavaScript; in the browser it pages
 * through every row, sorts by a header, filters text, switches version, shows column statistics
 * and compares two versions. Its controls are disabled until it hydrates, so that a press that
 * would do nothing yet is not lost.
 */
export default function DataViewer(props: Props) {
  const { datasetId, locale, versions } = props;
  const t = getT(locale);
  const number = numberFormat(locale);
  const [version, setVersion] = useState(props.version);
  const [query, setQuery] = useState<Query>({ offset: 0, q: '', order: 'asc' });
  const [panel, setPanel] = useState<Panel>('none');
  const { view, busy, error } = useRowsPage(t, datasetId, version, query, props.initial);
  const stats = useVersionStats(datasetId, version, props.stats);
  const [filterText, setFilterText] = useFilterText(query.q, setQuery);
  const ready = useHydrated();
  const rowView = useRowView(view);
  return (
    <div className="flex flex-col gap-3" data-testid="data-viewer" aria-busy={busy}>
      <ViewerControls
        t={t}
        ready={ready}
        versions={versions}
        version={version}
        onVersion={(next) => {
          setVersion(next);
          setQuery((q) => ({ ...q, offset: 0 }));
        }}
        filterText={filterText}
        onFilterText={setFilterText}
        panel={panel}
        onPanel={(next) => setPanel((p) => (p === next ? 'none' : next))}
      />
      <ViewerStatus t={t} error={error} busy={busy} q={query.q} total={view.total} />

      <RowsTable
        t={t}
        number={number}
        caption={rowsCaption(t, version, view)}
        columns={view.columns}
        rows={view.rows}
        numbers={view.rowNumbers}
        offset={view.offset}
        stats={stats[version]?.columns}
        descriptions={props.descriptions}
        sortState={query}
        sortDisabled={!ready}
        onSort={(column) => setQuery((q) => ({ ...q, ...nextSort(q, column), offset: 0 }))}
        onOpenRow={ready ? rowView.open : undefined}
      />
      <RowView
        t={t}
        number={number}
        at={{ datasetId, version, page: view }}
        descriptions={props.descriptions}
        state={rowView}
      />
      {query.q && view.total === 0 && !busy && (
        <p className="text-sm text-muted">{t('viewer:noMatches')}</p>
      )}
      <Pager
        t={t}
        offset={view.offset}
        shown={view.rows.length}
        total={view.total}
        limit={view.limit}
        busy={busy || !ready}
        onOffset={(offset) => setQuery((q) => ({ ...q, offset }))}
      />

      {panel === 'stats' && stats[version] && (
        <StatsPanel t={t} number={number} stats={stats[version]} />
      )}
      {panel === 'compare' && (
        <ComparePanel
          t={t}
          number={number}
          datasetId={datasetId}
          versions={versions.map((v) => v.version)}
          columns={view.columns.map((c) => c.name)}
        />
      )}
    </div>
  );
}
