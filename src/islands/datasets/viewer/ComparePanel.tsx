import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CompareRows } from '../../../contracts/tables.ts';
import type { CompareKind } from '../../../contracts/limits.ts';
import type { T } from '../../../i18n/index.ts';
import {
  VIEWER_PAGE_ROWS,
  compareKinds,
  changedOnly,
  comparedCells,
  pageWindow,
} from '../../../lib/tables/viewer.ts';
import {
  createCompareStore,
  datasetKeyUsed,
  type CompareResult,
  type CompareSummary,
} from '../../../stores/compare.ts';
import { failureText, fetchCompare, fetchCompareRows } from './api.ts';
import Pager from './Pager.tsx';
import RowsTable from './RowsTable.tsx';
import { useRevealed } from './useRevealed.ts';
import { CompareForm } from './CompareForm.tsx';

type Props = {
  t: T;
  number: Intl.NumberFormat;
  datasetId: number;
  versions: number[];
  /** Columns offered as the key (those of the version shown). */
  columns: string[];
};

type LoadRows = (kind: CompareKind, offset: number) => void;

/** Two versions side by side: counts, column changes, and paged added/removed/changed rows. */
export default function ComparePanel({ t, number, datasetId, versions, columns }: Props) {
  const [store] = useState(() =>
    createCompareStore(
      {
        summary: (query) => fetchCompare(datasetId, query),
        rows: (query) => fetchCompareRows(datasetId, query),
      },
      { versions, pageRows: VIEWER_PAGE_ROWS },
    ),
  );
  const state = useStore(store.$compare);
  const revealed = useRevealed<HTMLElement>();

  return (
    <section ref={revealed} aria-labelledby="viewer-compare" className="flex flex-col gap-3">
      <h3 id="viewer-compare" className="font-bold">
        {t('viewer:compare.heading')}
      </h3>
      <CompareForm
        t={t}
        versions={versions}
        columns={columns}
        choice={state.choice}
        datasetKey={datasetKeyUsed(state)}
        busy={state.busy}
        onChoice={store.choose}
        onRun={() => void store.run()}
      />
      {state.error !== null && (
        <p role="alert" className="text-sm text-danger">
          {failureText(t, state.error)}
        </p>
      )}
      {state.result && (
        <CompareResultView
          t={t}
          number={number}
          result={state.result}
          busy={state.busy}
          onRows={(kind, offset) => void store.showRows(kind, offset)}
        />
      )}
    </section>
  );
}

type ResultProps = {
  t: T;
  number: Intl.NumberFormat;
  result: CompareResult;
  busy: boolean;
  onRows: LoadRows;
};

/** The comparison's counts and column changes, then its rows of the chosen kind. */
function CompareResultView({ t, number, result, busy, onRows }: ResultProps) {
  const counts = result.summary.rows;
  const { page } = result;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="compare-counts">
        <li>{t('viewer:compare.rowsAdded', { count: counts.added })}</li>
        <li>{t('viewer:compare.rowsRemoved', { count: counts.removed })}</li>
        {counts.changed !== null && (
          <li>{t('viewer:compare.rowsChanged', { count: counts.changed })}</li>
        )}
      </ul>
      <KeyRepeats t={t} summary={result.summary} />
      <ChangedColumns t={t} summary={result.summary} />
      <ColumnChanges t={t} summary={result.summary} />
      <div role="group" aria-label={t('viewer:compare.kinds')} className="flex flex-wrap gap-2">
        {compareKinds(counts).map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={result.kind === kind}
            className={`btn ${result.kind === kind ? 'btn-primary' : 'btn-secondary'}`}
            disabled={busy}
            onClick={() => onRows(kind, 0)}
          >
            {t(`viewer:compare.${kind}`)}
          </button>
        ))}
      </div>
      {page && page.total === 0 && <p className="text-sm text-muted">{t('viewer:compare.none')}</p>}
      {page && page.total > 0 && (
        <ComparedRows
          t={t}
          number={number}
          kind={result.kind}
          keyColumns={result.summary.keyColumns}
          page={page}
          busy={busy}
          onRows={onRows}
        />
      )}
    </div>
  );
}

type ComparedRowsProps = {
  t: T;
  number: Intl.NumberFormat;
  kind: CompareKind;
  /** The key the rows were matched by, whose columns a changed row always shows. */
  keyColumns: string[] | null;
  page: CompareRows;
  busy: boolean;
  onRows: LoadRows;
};

/**
 * A page of added, removed or changed rows (changed cells with their old value, the key's column
 * and the changed columns only), and its pager.
 */
function ComparedRows({ t, number, kind, keyColumns, page, busy, onRows }: ComparedRowsProps) {
  const window = pageWindow(page.offset, page.rows.length, page.total, page.limit);
  const shown = kind === 'changed' ? changedOnly(page, keyColumns) : page;
  return (
    <>
      <RowsTable
        t={t}
        number={number}
        caption={t('viewer:compare.caption', {
          kind: t(`viewer:compare.${kind}`),
          first: window.first,
          last: window.last,
          total: page.total,
        })}
        columns={shown.columns}
        rows={comparedCells(shown.rows, kind)}
        offset={page.offset}
        previous={kind === 'changed' ? shown.rows.map((r) => r.from) : undefined}
        label={t('viewer:compare.region', { kind: t(`viewer:compare.${kind}`) })}
      />
      <Pager
        t={t}
        offset={page.offset}
        shown={page.rows.length}
        total={page.total}
        limit={page.limit}
        busy={busy}
        onOffset={(offset) => onRows(kind, offset)}
      />
    </>
  );
}

/** A note when the key repeats within a version: its pairs then multiply and counts read high. */
function KeyRepeats({ t, summary }: { t: T; summary: CompareSummary }) {
  const repeats = summary.keyRepeats;
  if (!repeats || repeats.from + repeats.to === 0) return null;
  return (
    <p className="text-sm text-muted" data-testid="compare-key-repeats">
      {t('viewer:compare.keyRepeats', {
        key: (summary.keyColumns ?? []).join(t('viewer:compare.listSeparator')),
        from: String(summary.from),
        to: String(summary.to),
        fromRows: repeats.from,
        toRows: repeats.to,
      })}
    </p>
  );
}

function ColumnChanges({ t, summary }: { t: T; summary: CompareSummary }) {
  const { added, removed, changed } = summary.columns;
  if (added.length + removed.length + changed.length === 0) {
    return <p className="text-sm text-muted">{t('viewer:compare.noColumnChanges')}</p>;
  }
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {added.length > 0 && (
        <li>{t('viewer:compare.columnsAdded', { names: added.map((c) => c.name) })}</li>
      )}
      {removed.length > 0 && (
        <li>{t('viewer:compare.columnsRemoved', { names: removed.map((c) => c.name) })}</li>
      )}
      {changed.map((c) => (
        <li key={c.name}>{t('viewer:compare.columnChanged', { ...c })}</li>
      ))}
    </ul>
  );
}

/** With a key: which columns the changed rows differ in, and in how many rows each. */
function ChangedColumns({ t, summary }: { t: T; summary: CompareSummary }) {
  const columns = summary.changedColumns;
  if (!columns || columns.length === 0) return null;
  return (
    <p className="text-sm" data-testid="compare-changed-columns">
      {t('viewer:compare.changedIn')}
      {columns.map((c, i) => (
        <span key={c.name}>
          {i > 0 && t('viewer:compare.listSeparator')}
          {t('viewer:compare.changedColumn', { name: c.name, count: c.rows })}
        </span>
      ))}
    </p>
  );
}
