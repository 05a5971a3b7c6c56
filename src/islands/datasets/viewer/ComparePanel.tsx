import { useState } from 'react';
import type { CompareRows, VersionCompare } from '../../../contracts/tables.ts';
import { COMPARE_KINDS, type CompareKind } from '../../../contracts/limits.ts';
import type { T } from '../../../i18n/index.ts';
import { VIEWER_PAGE_ROWS, pageWindow } from '../../../lib/tables/viewer.ts';
import { failureText, fetchCompare, fetchCompareRows } from './api.ts';
import Pager from './Pager.tsx';
import RowsTable from './RowsTable.tsx';

type Props = {
  t: T;
  number: Intl.NumberFormat;
  datasetId: number;
  versions: number[];
  /** Columns offered as the key (those of the version shown). */
  columns: string[];
};

type Result = { summary: VersionCompare; kind: CompareKind; page: CompareRows | null };

/** Two versions side by side: counts, column changes, and paged added/removed/changed rows. */
export default function ComparePanel({ t, number, datasetId, versions, columns }: Props) {
  const newest = versions[0] ?? 1;
  const [from, setFrom] = useState(versions[1] ?? newest);
  const [to, setTo] = useState(newest);
  const [key, setKey] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const load = async (kind: CompareKind, offset: number, summary?: VersionCompare) => {
    setBusy(true);
    setError('');
    try {
      const k = key || undefined;
      const head = summary ?? (await fetchCompare(datasetId, from, to, k));
      const page = await fetchCompareRows(datasetId, {
        from,
        to,
        key: k,
        kind,
        offset,
        limit: VIEWER_PAGE_ROWS,
      });
      setResult({ summary: head, kind, page });
    } catch (err) {
      setError(failureText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const counts = result?.summary.rows;
  const kinds = COMPARE_KINDS.filter((k) => k !== 'changed' || counts?.changed !== null);
  const page = result?.page;
  const window = page ? pageWindow(page.offset, page.rows.length, page.total, page.limit) : null;
  const shownRows = page?.rows.map((r) => (result?.kind === 'removed' ? r.from : r.to) ?? []) ?? [];
  const select = 'field-input w-auto';

  return (
    <section aria-labelledby="viewer-compare" className="flex flex-col gap-3">
      <h3 id="viewer-compare" className="font-bold">
        {t('viewer:compare.heading')}
      </h3>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void load('added', 0);
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="field-label">{t('viewer:compare.from')}</span>
          <select className={select} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
            {versions.map((v) => (
              <option key={v} value={v}>
                {t('viewer:version')} {v}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="field-label">{t('viewer:compare.to')}</span>
          <select className={select} value={to} onChange={(e) => setTo(Number(e.target.value))}>
            {versions.map((v) => (
              <option key={v} value={v}>
                {t('viewer:version')} {v}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="field-label">{t('viewer:compare.key')}</span>
          <select className={select} value={key} onChange={(e) => setKey(e.target.value)}>
            <option value="">{t('viewer:compare.wholeRows')}</option>
            {columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('viewer:compare.run')}
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {result && counts && (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="compare-counts">
            <li>{t('viewer:compare.rowsAdded', { count: number.format(counts.added) })}</li>
            <li>{t('viewer:compare.rowsRemoved', { count: number.format(counts.removed) })}</li>
            {counts.changed !== null && (
              <li>{t('viewer:compare.rowsChanged', { count: number.format(counts.changed) })}</li>
            )}
          </ul>
          <ColumnChanges t={t} summary={result.summary} />
          <div role="group" aria-label={t('viewer:compare.kinds')} className="flex flex-wrap gap-2">
            {kinds.map((kind) => (
              <button
                key={kind}
                type="button"
                aria-pressed={result.kind === kind}
                className={`btn ${result.kind === kind ? 'btn-primary' : 'btn-secondary'}`}
                disabled={busy}
                onClick={() => void load(kind, 0, result.summary)}
              >
                {t(`viewer:compare.${kind}`)}
              </button>
            ))}
          </div>
          {page && page.total === 0 && (
            <p className="text-sm text-muted">{t('viewer:compare.none')}</p>
          )}
          {page && page.total > 0 && window && (
            <>
              <RowsTable
                t={t}
                number={number}
                caption={`${t(`viewer:compare.${result.kind}`)}: ${number.format(window.first)}–${number.format(window.last)} / ${number.format(page.total)}`}
                columns={page.columns}
                rows={shownRows}
                offset={page.offset}
                previous={result.kind === 'changed' ? page.rows.map((r) => r.from) : undefined}
              />
              <Pager
                t={t}
                number={number}
                offset={page.offset}
                shown={page.rows.length}
                total={page.total}
                limit={page.limit}
                busy={busy}
                onOffset={(offset) => void load(result.kind, offset, result.summary)}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}

function ColumnChanges({ t, summary }: { t: T; summary: VersionCompare }) {
  const { added, removed, changed } = summary.columns;
  if (added.length + removed.length + changed.length === 0) {
    return <p className="text-sm text-muted">{t('viewer:compare.noColumnChanges')}</p>;
  }
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {added.length > 0 && (
        <li>{t('viewer:compare.columnsAdded', { names: added.map((c) => c.name).join(', ') })}</li>
      )}
      {removed.length > 0 && (
        <li>
          {t('viewer:compare.columnsRemoved', { names: removed.map((c) => c.name).join(', ') })}
        </li>
      )}
      {changed.map((c) => (
        <li key={c.name}>{t('viewer:compare.columnChanged', { ...c })}</li>
      ))}
    </ul>
  );
}
