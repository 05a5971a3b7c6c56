import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { VersionStats } from '../../../contracts/tables.ts';
import { getT, type T } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { numberFormat } from '../../../lib/intl.ts';
import { shownColumns, type ViewState } from '../../../lib/tables/view-address.ts';
import { VIEWER_PAGE_ROWS, pageWindow } from '../../../lib/tables/viewer.ts';
import { createViewerStore, type RowsPage, type ViewerStore } from '../../../stores/viewer.ts';
import { useHydrated } from '../../useHydrated.ts';
import { browserDeps, updateViewLinks } from './address.ts';
import { failureText } from './api.ts';
import Pager from './Pager.tsx';
import RowsTable from './RowsTable.tsx';
import { useRowView } from './useRowView.ts';
import { ViewerControls, type Panel, type VersionRows } from './ViewerControls.tsx';
import { ColumnsMenu, CopyLink, FilterChips, JumpToRow } from './ViewerTools.tsx';

type Props = {
  datasetId: number;
  locale: Locale;
  /** Every version, newest first, with its row count. */
  versions: VersionRows[];
  /** The latest version (shown when the view names none). */
  latest: number;
  /** The view the page's address names, as the server read it, and its rows (rendered there). */
  view: ViewState;
  initial: RowsPage;
  /** The shown version's column statistics. */
  stats: VersionStats | null;
  /** Column descriptions for the headers, as [name, text] pairs (headerDescriptions). */
  descriptions?: [string, string][] | undefined;
};

const FILTER_DELAY_MS = 300;

// Opened by their buttons only: loaded then, so the page's first JavaScript stays as small.
const ComparePanel = lazy(() => import('./ComparePanel.tsx'));
const StatsPanel = lazy(() => import('./StatsPanel.tsx'));
const RowView = lazy(() => import('./RowView.tsx'));

/** The table's caption: the version and which of its rows are shown. */
function rowsCaption(t: T, version: number, page: RowsPage) {
  const window = pageWindow(page.offset, page.rows.length, page.total, page.limit);
  return window.pages === 0
    ? t('viewer:captionEmpty', { version: String(version) })
    : t('viewer:caption', {
        version: String(version),
        first: window.first,
        last: window.last,
        total: page.total,
      });
}

/** The store of this viewer, tied to the browser's history once hydrated. */
function useViewerStore(props: Props): ViewerStore {
  const [store] = useState(() =>
    createViewerStore({
      latest: props.latest,
      view: props.view,
      rows: props.initial,
      stats: props.stats,
      pageRows: VIEWER_PAGE_ROWS,
      deps: browserDeps(props.datasetId),
    }),
  );
  useEffect(() => {
    store.start();
    const back = () => void store.restore(window.location.search);
    window.addEventListener('popstate', back);
    const stop = store.$view.subscribe(updateViewLinks);
    return () => {
      window.removeEventListener('popstate', back);
      stop();
    };
  }, [store]);
  return store;
}

/** What the store says is shown: the view, its version, rows and statistics, loading, failure. */
function useShown(t: T, store: ViewerStore, initial: RowsPage) {
  const view = useStore(store.$view);
  const version = useStore(store.$version);
  const rows = useStore(store.$rows);
  const stats = useStore(store.$stats)[String(version)];
  return {
    view,
    version,
    page: rows.data ?? initial,
    busy: rows.status === 'loading',
    error: rows.status === 'failed' ? failureText(t, rows.error) : '',
    stats,
  };
}

/** The text box's own text, sent to the store once typing pauses, and set again by Back. */
function useFilterText(store: ViewerStore, q: string) {
  const [text, setText] = useState(q);
  const sent = useRef(q);
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      void store.setText(text);
    }, FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, store]);
  return [text, setText] as const;
}

type StatusProps = { t: T; error: string; busy: boolean; filtered: boolean; total: number };

/**
 * A failure to load, what a screen reader hears (loading, or how many rows match), and that no
 * row matches.
 */
function ViewerStatus({ t, error, busy, filtered, total }: StatusProps) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {busy ? t('viewer:loading') : filtered ? t('viewer:matches', { count: total }) : ''}
      </p>
      {filtered && total === 0 && !busy && (
        <p className="text-sm text-muted">{t('viewer:noMatches')}</p>
      )}
    </>
  );
}

type BelowProps = {
  t: T;
  store: ViewerStore;
  view: ViewState;
  page: RowsPage;
  ready: boolean;
  busy: boolean;
  /** Row N is shown: its index on the page. */
  onJumped: (index: number) => void;
};

/** Under the table: the pager, going to row N, the columns menu and the link to this view. */
function BelowTable({ t, store, view, page, ready, busy, onJumped }: BelowProps) {
  const order = shownColumns(page.columns, { ...view, hidden: [] }).map((c) => c.column.name);
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <Pager
        t={t}
        offset={page.offset}
        shown={page.rows.length}
        total={page.total}
        limit={page.limit}
        busy={busy || !ready}
        onOffset={(offset) => void store.setPage(Math.floor(offset / page.limit) + 1)}
      />
      <div className="flex flex-wrap items-end gap-3">
        <JumpToRow
          t={t}
          total={page.total}
          disabled={!ready}
          onJump={(n) => void store.jumpToRow(n).then(onJumped)}
        />
        <ColumnsMenu
          t={t}
          columns={page.columns}
          order={order}
          hidden={view.hidden}
          pinned={view.pinned}
          store={store}
          disabled={!ready}
        />
        <CopyLink t={t} disabled={!ready} />
      </div>
    </div>
  );
}

type PanelsProps = {
  t: T;
  number: Intl.NumberFormat;
  panel: Panel;
  stats: VersionStats | undefined;
  datasetId: number;
  versions: number[];
  columns: string[];
};

/** The panel opened under the table: the column statistics, or two versions compared. */
function Panels({ t, number, panel, stats, ...compare }: PanelsProps) {
  return (
    <Suspense fallback={<p className="text-sm text-muted">{t('viewer:loading')}</p>}>
      {panel === 'stats' && stats && <StatsPanel t={t} number={number} stats={stats} />}
      {panel === 'compare' && <ComparePanel t={t} number={number} {...compare} />}
    </Suspense>
  );
}

/**
 * The dataset page's data tab. On the server it renders the view the address names (version,
 * page, sort, filters, columns), readable without JavaScript; in the browser its store
 * (stores/viewer.ts) pages, sorts and filters (header charts add filters), hides, pins and moves
 * columns, and writes each view to the address. The island only subscribes and renders; its
 * controls are disabled until it hydrates, so that a press that would do nothing yet is not lost.
 */
export default function DataViewer(props: Props) {
  const { datasetId, locale, versions } = props;
  const t = getT(locale);
  const number = numberFormat(locale);
  const store = useViewerStore(props);
  const { view, version, page, busy, error, stats } = useShown(t, store, props.initial);
  const [panel, setPanel] = useState<Panel>('none');
  const [filterText, setFilterText] = useFilterText(store, view.q);
  const ready = useHydrated();
  const rowView = useRowView(page);
  const table = useRef<HTMLDivElement>(null);
  const filtered = view.q !== '' || view.filters.length > 0;
  return (
    <div className="flex flex-col gap-3" data-testid="data-viewer" aria-busy={busy}>
      <ViewerControls
        t={t}
        ready={ready}
        versions={versions}
        version={version}
        onVersion={(next) => void store.setVersion(next)}
        filterText={filterText}
        onFilterText={setFilterText}
        panel={panel}
        onPanel={(next) => setPanel((p) => (p === next ? 'none' : next))}
      />
      <FilterChips t={t} filters={view.filters} store={store} disabled={!ready} />
      <ViewerStatus t={t} error={error} busy={busy} filtered={filtered} total={page.total} />
      <div ref={table}>
        <RowsTable
          t={t}
          number={number}
          caption={rowsCaption(t, version, page)}
          columns={page.columns}
          rows={page.rows}
          numbers={page.rowNumbers}
          offset={page.offset}
          stats={stats?.columns}
          descriptions={props.descriptions}
          sortState={{ sort: view.sort ?? undefined, order: view.order }}
          sortDisabled={!ready}
          onSort={(column) => void store.sortBy(column)}
          onOpenRow={ready ? rowView.open : undefined}
          layout={view}
          onFilter={ready ? (filter) => void store.addFilter(filter) : undefined}
        />
      </div>
      {rowView.index !== null && (
        <Suspense>
          <RowView
            t={t}
            number={number}
            at={{ datasetId, version, page }}
            descriptions={props.descriptions}
            state={rowView}
          />
        </Suspense>
      )}
      <BelowTable
        t={t}
        store={store}
        view={view}
        page={page}
        ready={ready}
        busy={busy}
        onJumped={(index) =>
          table.current?.querySelectorAll('tbody tr')[index]?.scrollIntoView({ block: 'nearest' })
        }
      />
      <Panels
        t={t}
        number={number}
        panel={panel}
        stats={stats}
        datasetId={datasetId}
        versions={versions.map((v) => v.version)}
        columns={page.columns.map((c) => c.name)}
      />
    </div>
  );
}
