import { useEffect, useRef, useState } from 'react';
import type { TableRows, VersionStats } from '../../../contracts/tables.ts';
import { getT } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { numberFormat } from '../../../lib/intl.ts';
import { VIEWER_PAGE_ROWS, nextSort, pageWindow } from '../../../lib/tables/viewer.ts';
import { failureText, fetchRows, fetchStats } from './api.ts';
import ComparePanel from './ComparePanel.tsx';
import Pager from './Pager.tsx';
import RowsTable, { type SortState } from './RowsTable.tsx';
import StatsPanel from './StatsPanel.tsx';

type Props = {
  datasetId: number;
  locale: Locale;
  /** Every version, newest first, with its row count. */
  versions: { version: number; rows: number }[];
  /** The version shown first and its first page (rendered on the server). */
  version: number;
  initial: TableRows;
  stats: VersionStats | null;
};

type Query = SortState & { offset: number; q: string };
type Panel = 'none' | 'stats' | 'compare';

const FILTER_DELAY_MS = 300;

/**
 * The dataset page's data section. On the server it renders the first page of the latest
 * version (headers with type and summary), readable without JavaScript; in the browser it pages
 * through every row, sorts by a header, filters text, switches version, shows column statistics
 * and compares two versions.
 */
export default function DataViewer(props: Props) {
  const { datasetId, locale, versions } = props;
  const t = getT(locale);
  const number = numberFormat(locale);
  const [version, setVersion] = useState(props.version);
  const [query, setQuery] = useState<Query>({ offset: 0, q: '', order: 'asc' });
  const [filterText, setFilterText] = useState('');
  const [view, setView] = useState<TableRows>(props.initial);
  const [stats, setStats] = useState<Record<number, VersionStats>>(
    props.stats ? { [props.stats.version]: props.stats } : {},
  );
  const [panel, setPanel] = useState<Panel>('none');
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
    fetchRows(
      datasetId,
      version,
      {
        offset: query.offset,
        limit: VIEWER_PAGE_ROWS,
        sort: query.sort,
        order: query.order,
        q: query.q,
      },
      abort.signal,
    )
      .then((rows) => setView(rows))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setError(failureText(t, err));
      })
      .finally(() => {
        if (!abort.signal.aborted) setBusy(false);
      });
    return () => abort.abort();
  }, [datasetId, version, query, t]);

  useEffect(() => {
    if (stats[version]) return;
    fetchStats(datasetId, version)
      .then((s) => setStats((known) => ({ ...known, [version]: s })))
      .catch(() => undefined);
  }, [datasetId, version, stats]);

  useEffect(() => {
    if (filterText === query.q) return;
    const timer = setTimeout(
      () => setQuery((q) => ({ ...q, q: filterText, offset: 0 })),
      FILTER_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [filterText, query.q]);

  const window = pageWindow(view.offset, view.rows.length, view.total, view.limit);
  const caption =
    window.pages === 0
      ? t('viewer:captionEmpty', { version })
      : t('viewer:caption', {
          version,
          first: number.format(window.first),
          last: number.format(window.last),
          total: number.format(view.total),
        });
  const togglePanel = (next: Panel) => setPanel((p) => (p === next ? 'none' : next));

  return (
    <div className="flex flex-col gap-3" data-testid="data-viewer" aria-busy={busy}>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="field-label">{t('viewer:version')}</span>
          <select
            className="field-input w-auto"
            value={version}
            onChange={(e) => {
              setVersion(Number(e.target.value));
              setQuery((q) => ({ ...q, offset: 0 }));
            }}
          >
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                {t('viewer:versionOption', { version: v.version, rows: number.format(v.rows) })}
              </option>
            ))}
          </select>
        </label>
        <div className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
          <label htmlFor="viewer-filter" className="field-label">
            {t('viewer:filter')}
          </label>
          <div className="flex gap-2">
            <input
              id="viewer-filter"
              type="search"
              className="field-input min-w-0 flex-1"
              placeholder={t('viewer:filterPlaceholder')}
              value={filterText}
              maxLength={200}
              onChange={(e) => setFilterText(e.target.value)}
            />
            {filterText !== '' && (
              <button type="button" className="btn btn-secondary" onClick={() => setFilterText('')}>
                {t('viewer:clear')}
              </button>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={panel === 'stats'}
            onClick={() => togglePanel('stats')}
          >
            {panel === 'stats' ? t('viewer:hideStats') : t('viewer:showStats')}
          </button>
          {versions.length > 1 && (
            <button
              type="button"
              className="btn btn-secondary"
              aria-expanded={panel === 'compare'}
              onClick={() => togglePanel('compare')}
            >
              {panel === 'compare' ? t('viewer:hideCompare') : t('viewer:showCompare')}
            </button>
          )}
        </div>
      </div>

      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {busy
          ? t('viewer:loading')
          : query.q
            ? t('viewer:matches', { count: number.format(view.total) })
            : ''}
      </p>

      <RowsTable
        t={t}
        number={number}
        caption={caption}
        columns={view.columns}
        rows={view.rows}
        offset={view.offset}
        stats={stats[version]?.columns}
        sortState={query}
        onSort={(column) => setQuery((q) => ({ ...q, ...nextSort(q, column), offset: 0 }))}
      />
      {query.q && view.total === 0 && !busy && (
        <p className="text-sm text-muted">{t('viewer:noMatches')}</p>
      )}
      <Pager
        t={t}
        number={number}
        offset={view.offset}
        shown={view.rows.length}
        total={view.total}
        limit={view.limit}
        busy={busy}
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
