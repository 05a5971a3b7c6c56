import type { Cell, Column, ColumnStats } from '../../../contracts/tables.ts';
import type { T } from '../../../i18n/index.ts';
import { isAttributeType } from '../../../lib/tables/infer.ts';
import { columnSummary, rowNumberAt, shownText } from '../../../lib/tables/viewer.ts';

export type SortState = { sort?: string | undefined; order: 'asc' | 'desc' };

type Props = {
  t: T;
  number: Intl.NumberFormat;
  caption: string;
  columns: Column[];
  rows: Cell[][];
  /** Each row's number in the table; without them, rows are numbered from `offset`. */
  numbers?: number[] | undefined;
  offset: number;
  stats?: ColumnStats[] | null | undefined;
  sortState?: SortState | undefined;
  onSort?: ((column: string) => void) | undefined;
  /** The sort buttons are shown but disabled (the island has not hydrated yet). */
  sortDisabled?: boolean | undefined;
  /** For compared rows: the old value of a cell, shown when it differs. */
  previous?: (Cell[] | null)[] | undefined;
  /** The name of the scrolling box, when it is not the version's rows (two on one page differ). */
  label?: string | undefined;
  /** [column, description] pairs, each shown clipped under its header (full text as its title). */
  descriptions?: readonly (readonly [string, string])[] | undefined;
  /**
   * Opens the row view of a row (its index in `rows`): each row number is then a button. Without
   * it (on the server, before hydration, in the compare view) the numbers are text.
   */
  onOpenRow?: ((index: number, button: HTMLButtonElement) => void) | undefined;
};

const LONG_TEXT = 40;

/** A column's type as a header and the row view name it: the page's word for a known type. */
export const typeLabel = (t: T, type: string) =>
  isAttributeType(type) ? t(`datasets:type.${type}`) : type;

/** A cell: short values never wrap; long text wraps inside a bounded width. */
function CellView({ value, t, old }: { value: Cell; t: T; old?: { value: Cell } | undefined }) {
  const text = shownText(value);
  const long = [...text].length > LONG_TEXT;
  const numeric = typeof value === 'number' || (value !== null && typeof value === 'object');
  const changed = old !== undefined;
  return (
    <td
      className={`rows-cell${long ? ' min-w-64 max-w-md whitespace-pre-wrap break-words' : ''}${
        numeric ? ' text-right tabular-nums' : ''
      }${changed ? ' bg-amber-100' : ''}`}
    >
      {value === null ? <span className="text-muted italic">{t('viewer:null')}</span> : text}
      {changed && (
        <span className="block text-xs text-muted">
          {t('viewer:compare.changedCell', {
            old: old.value === null ? t('viewer:null') : shownText(old.value),
          })}
        </span>
      )}
    </td>
  );
}

function Summary({ stats, t }: { stats: ColumnStats; t: T }) {
  const summary = columnSummary(stats);
  const main =
    summary.kind === 'range'
      ? t('viewer:summary.range', { min: summary.min, max: summary.max })
      : summary.kind === 'top'
        ? t('viewer:summary.top', { value: summary.value, count: summary.count })
        : summary.kind === 'distinct'
          ? t('viewer:summary.distinct', { count: summary.count })
          : summary.kind === 'even'
            ? t('viewer:summary.even', { count: summary.count, each: summary.each })
            : t('viewer:summary.empty');
  return (
    <span className="block text-xs font-normal whitespace-nowrap text-muted">
      {main}
      {summary.nulls > 0 && ` · ${t('viewer:summary.nulls', { count: summary.nulls })}`}
    </span>
  );
}

/** A column's header: name, type and summary; a sort button when sortable. */
function ColumnHeader({
  column,
  description,
  sorted,
  stats,
  onSort,
  sortDisabled,
  t,
}: {
  column: Column;
  description: string | undefined;
  sorted: 'asc' | 'desc' | undefined;
  stats: ColumnStats | undefined;
  onSort: ((column: string) => void) | undefined;
  sortDisabled: boolean | undefined;
  t: T;
}) {
  const type = typeLabel(t, column.type);
  const label = (
    <>
      <span className="block font-semibold whitespace-nowrap">
        {column.name}
        {sorted && <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : ' ▼'}</span>}
      </span>
      <span className="block text-xs font-normal whitespace-nowrap text-muted">{type}</span>
    </>
  );
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className="sticky top-0 z-10 border-b border-line bg-canvas px-3 py-2 text-left align-bottom"
    >
      {onSort ? (
        <button
          type="button"
          className="text-left hover:underline"
          title={t('viewer:sortBy', { column: column.name })}
          disabled={sortDisabled}
          onClick={() => onSort(column.name)}
        >
          {label}
        </button>
      ) : (
        label
      )}
      {description && (
        <span
          className="block max-w-64 truncate text-xs font-normal text-muted"
          title={description}
          data-testid="column-description"
        >
          {description}
        </span>
      )}
      {stats && <Summary stats={stats} t={t} />}
    </th>
  );
}

/**
 * A page of rows as an accessible table in its own scrolling box: sticky column headers (name,
 * type, summary; a sort button when sortable) and sticky row numbers as row headers (buttons
 * opening the row view, when offered).
 */
export default function RowsTable(props: Props) {
  const { t, number, columns, rows, offset, stats, sortState, onSort, sortDisabled, previous } =
    props;
  const { onOpenRow } = props;
  const statsOf = new Map((stats ?? []).map((s) => [s.name, s]));
  const descriptionOf = new Map(props.descriptions);
  return (
    <div
      className="max-h-[70vh] overflow-auto rounded-lg border border-line"
      role="region"
      aria-label={props.label ?? t('viewer:region')}
      tabIndex={0}
    >
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="caption-top px-3 py-2 text-left text-muted">{props.caption}</caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky top-0 left-0 z-20 border-b border-line bg-canvas px-3 py-2 text-right font-semibold"
            >
              {t('viewer:rowNumber')}
            </th>
            {columns.map((column) => (
              <ColumnHeader
                key={column.name}
                column={column}
                description={descriptionOf.get(column.name)}
                sorted={sortState?.sort === column.name ? sortState.order : undefined}
                stats={statsOf.get(column.name)}
                onSort={onSort}
                sortDisabled={sortDisabled}
                t={t}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => {
            const old = previous?.[r];
            const shown = number.format(rowNumberAt(props.numbers, offset, r));
            return (
              <tr key={offset + r} className="odd:bg-white even:bg-canvas">
                <th scope="row" className="rows-number">
                  {onOpenRow ? (
                    <button
                      type="button"
                      className="rows-open"
                      aria-haspopup="dialog"
                      title={t('viewer:row.open', { number: shown })}
                      onClick={(event) => onOpenRow(r, event.currentTarget)}
                    >
                      {shown}
                    </button>
                  ) : (
                    shown
                  )}
                </th>
                {columns.map((column, c) => {
                  const before = old ? (old[c] ?? null) : undefined;
                  const differs = before !== undefined && before !== (row[c] ?? null);
                  return (
                    <CellView
                      key={column.name}
                      value={row[c] ?? null}
                      t={t}
                      old={differs ? { value: before } : undefined}
                    />
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
