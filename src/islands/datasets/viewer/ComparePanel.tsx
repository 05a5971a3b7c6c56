import { useState } from 'react';
import type { CompareRows } from '../../../contracts/tables.ts';
import type { CompareKind } from '../../../contracts/limits.ts';
import type { T } from '../../../i18n/index.ts';
import {
  VIEWER_PAGE_ROWS,
  compareKinds,
  changedOnly,
  comparedCells,
  openingKind,
  pageWindow,
} from '../../../lib/tables/viewer.ts';
import { failureText, fetchCompare, fetchCompareRows, type CompareSummary } from './api.ts';
import Pager from './Pager.tsx';
import RowsTable from './RowsTable.tsx';
import { useRevealed } from './useRevealed.ts';
import { CompareForm, type CompareChoice } from './CompareForm.tsx';

type Props = {
  t: T;
  number: Intl.NumberFormat;
  datasetId: number;
  versions: number[];
  /** Columns offered as the key (those of the version shown). */
  columns: string[];
};

type Result = { summary: CompareSummary; kind: CompareKind; page: CompareRows | null };
type LoadRows = (kind: CompareKind, offset: number) => void;

/** The comparison of the chosen versions: its summary (fetched once) and a page of one kind. */
function useCompare(
  t: T,
  datasetId: number,
  { from, to, key }: CompareChoice,
  onKey: (key: string) => void,
) {
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  /** A page of `kind`; a new comparison (no `summary` yet) opens on its first kind with rows. */
  const load = async (kind: CompareKind | null, offset: number, summary?: CompareSummary) => {
    setBusy(true);
    setError('');
    try {
      // No key chosen yet: the server compares by the dataset's key, and names it.
      const head = summary ?? (await fetchCompare(datasetId, from, to, key ?? undefined));
      if (key === null) onKey(head.key ?? '');
      const shown = kind ?? openingKind(head.rows);
      const page = await fetchCompareRows(datasetId, {
        from,
        to,
        key: head.key ?? '',
        kind: shown,
        offset,
        limit: VIEWER_PAGE_ROWS,
      });
      setResult({ summary: head, kind: shown, page });
    } catch (err) {
      setError(failureText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return { result, busy, error, load };
}

/** Two versions side by side: counts, column changes, and paged added/removed/changed rows. */
export default function ComparePanel({ t, number, datasetId, versions, columns }: Props) {
  const newest = versions[0] ?? 1;
  const [choice, setChoice] = useState<CompareChoice>({
    from: versions[1] ?? newest,
    to: newest,
    key: null,
  });
  const { result, busy, error, load } = useCompare(t, datasetId, choice, (key) =>
    setChoice((c) => ({ ...c, key })),
  );
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
        choice={choice}
        busy={busy}
        onChoice={(change) => setChoice((c) => ({ ...c, ...change }))}
        onRun={() => void load(null, 0)}
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {result && (
        <CompareResult
          t={t}
          number={number}
          result={result}
          busy={busy}
          onRows={(kind, offset) => void load(kind, offset, result.summary)}
        />
      )}
    </section>
  );
}

type ResultProps = {
  t: T;
  number: Intl.NumberFormat;
  result: Result;
  busy: boolean;
  onRows: LoadRows;
};

/** The comparison's counts and column changes, then its rows of the chosen kind. */
function CompareResult({ t, number, result, busy, onRows }: ResultProps) {
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
          keyName={result.summary.key}
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
  /** The key the rows were matched by, whose column a changed row always shows. */
  keyName: string | null;
  page: CompareRows;
  busy: boolean;
  onRows: LoadRows;
};

/**
 * A page of added, removed or changed rows (changed cells with their old value, the key's column
 * and the changed columns only), and its pager.
 */
function ComparedRows({ t, number, kind, keyName, page, busy, onRows }: ComparedRowsProps) {
  const window = pageWindow(page.offset, page.rows.length, page.total, page.limit);
  const shown = kind === 'changed' ? changedOnly(page, keyName) : page;
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
        key: summary.key ?? '',
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
