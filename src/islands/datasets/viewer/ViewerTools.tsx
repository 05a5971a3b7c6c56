import { lazy, Suspense, useState } from 'react';
import type { ColumnsListProps } from './ColumnsList.tsx';
import type { T } from '../../../i18n/index.ts';
import { cellText } from '../../../lib/tables/cells.ts';
import type { RowFilter } from '../../../lib/tables/view-address.ts';
import type { ViewerStore } from '../../../stores/viewer.ts';

const SYMBOLS: Partial<Record<RowFilter['op'], string>> = {
  eq: '=',
  ne: '≠',
  lt: '<',
  le: '≤',
  gt: '>',
  ge: '≥',
  contains: '∋',
  starts_with: '^',
};

const valueText = (t: T, value: unknown) =>
  value === null || value === undefined ? t('viewer:null') : cellText(value);

/** A filter as its chip says it: the column, a sign, the value(s). */
function filterText(t: T, filter: RowFilter): string {
  const { column, op, value } = filter;
  const list = Array.isArray(value) ? value.map((v) => valueText(t, v)) : [];
  if (op === 'between') return `${column}: ${list[0] ?? ''} – ${list[1] ?? ''}`;
  if (op === 'in') return `${column} ∈ {${list.join(', ')}}`;
  if (op === 'is_null') return `${column} = ${t('viewer:null')}`;
  if (op === 'not_null') return `${column} ≠ ${t('viewer:null')}`;
  return `${column} ${SYMBOLS[op] ?? op} ${valueText(t, value)}`;
}

type ChipsProps = { t: T; filters: RowFilter[]; store: ViewerStore; disabled: boolean };

/** The column filters in force, each a chip that removes it. */
export function FilterChips({ t, filters, store, disabled }: ChipsProps) {
  if (filters.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('viewer:filters.label')}>
      {filters.map((filter, i) => {
        const text = filterText(t, filter);
        return (
          <li key={`${i}:${text}`}>
            <button
              type="button"
              className="inline-flex min-h-8 items-center gap-1 rounded-full bg-brand-50 px-3 text-sm text-brand-800 hover:bg-brand-100"
              aria-label={t('viewer:filters.remove', { filter: text })}
              disabled={disabled}
              onClick={() => void store.removeFilter(i)}
            >
              <span className="wrap-anywhere">{text}</span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type ColumnsProps = ColumnsListProps & { t: T };

// Its list is made when the menu first opens (the page's first JavaScript stays as small).
const ColumnsList = lazy(() => import('./ColumnsList.tsx'));

/** Which columns are shown, pinned beside the row numbers, and in which order. */
export function ColumnsMenu(props: ColumnsProps) {
  const { t, hidden } = props;
  const [open, setOpen] = useState(false);
  const summary =
    hidden.length > 0
      ? t('viewer:columns.menuHidden', { count: hidden.length })
      : t('viewer:columns.menu');
  return (
    <details className="relative text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="btn btn-secondary cursor-pointer list-none">{summary}</summary>
      {open && (
        <Suspense fallback={<p className="text-muted">{t('viewer:loading')}</p>}>
          <ColumnsList {...props} />
        </Suspense>
      )}
    </details>
  );
}

type JumpProps = { t: T; total: number; disabled: boolean; onJump: (row: number) => void };

/** Goes to row N of the view (its page, the row scrolled into sight). */
export function JumpToRow({ t, total, disabled, onJump }: JumpProps) {
  const [row, setRow] = useState('');
  return (
    <form
      className="flex items-end gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const n = Number(row);
        if (Number.isInteger(n) && n >= 1 && n <= total) onJump(n);
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="field-label">{t('viewer:jump.label')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, total)}
          className="field-input w-28"
          value={row}
          disabled={disabled}
          onChange={(e) => setRow(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-secondary" disabled={disabled}>
        {t('viewer:jump.go')}
      </button>
    </form>
  );
}

/** Copies the address of the view shown, and says so. */
export function CopyLink({ t, disabled }: { t: T; disabled: boolean }) {
  const [said, setSaid] = useState('');
  return (
    <div className="flex items-center gap-2 text-sm">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled}
        onClick={() => {
          navigator.clipboard
            .writeText(window.location.href)
            .then(() => setSaid(t('viewer:link.copied')))
            .catch(() => setSaid(t('viewer:link.failed')));
        }}
      >
        {t('viewer:link.copy')}
      </button>
      <span role="status" className="text-muted">
        {said}
      </span>
    </div>
  );
}
