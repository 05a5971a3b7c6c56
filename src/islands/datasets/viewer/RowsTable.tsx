import type { Cell, Column, ColumnStats } from '../../../contracts/tables.ts';
import type { T } from '../../../i18n/index.ts';
import { isAttributeType } from '../../../lib/tables/infer.ts';
import { columnSummary, rowNumberAt, shownText } from '../../../lib/tables/viewer.ts';
import { shownColumns, type RowFilter, type ViewState } from '../../../lib/tables/view-address.ts';
import { HeaderChart } from './HeaderChart.tsx';

type SortState = { sort?: string | undefined; order: 'asc' | 'desc' };

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
  /** Hidden, moved and pinned columns (all columns in table order without it). */
  layout?: Pick<ViewState, 'hidden' | 'columns' | 'pinned'> | undefined;
  /** Adds the filter of a header chart's bar (charts are drawn only without it). */
  onFilter?: ((filter: RowFilter) => void) | undefined;
};

const NO_LAYOUT = { hidden: [], columns: [], pinned: [] };

const LONG_TEXT = 40;

/** A column's type as a header and the row view name it: the page's word for a known type. */
export const typeLabel = (t: T, type: string) =>
  isAttributeType(type) ? t(`datasets:type.${type}`) : type;

/** A cell: short values never wrap; long text wraps inside a bounded width. */
type CellProps = { value: Cell; t: T; old?: { value: Cell } | undefined; pinned?: boolean };

function CellView({ value, t, old, pinned }: CellProps) {
  const text = shownText(value);
  const long = [...text].length > LONG_TEXT;
  const numeric = typeof value === 'number' || (value !== null && typeof value === 'object');
  const changed = old !== undefined;
  return (
    <td
      className={`rows-cell${long ? ' min-w-64 max-w-md whitespace-pre-wrap break-words' : ''}${
        numeric ? ' text-right tabular-nums' : ''
      }${changed ? ' bg-amber-100' : ''}${pinned ? ' rows-pinned' : ''}`}
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
  pinned,
  onFilter,
}: {
  pinned: boolean;
  onFilter: ((filter: RowFilter) => void) | undefined;
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
      className={`sticky top-0 z-10 border-b border-line bg-canvas px-3 py-2 text-left align-bottom${
        pinned ? ' rows-pinned' : ''
      }`}
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
      {stats && <HeaderChart t={t} stats={stats} onFilter={onFilter} />}
    </th>
  );
}

type Shown = ReturnType<typeof shownColumns<Column>>;

/** The header row: the row number's header, then each shown column's. */
function HeaderRow({ props, shown }: { props: Props; shown: Shown }) {
  const { t, sortState } = props;
  const statsOf = new Map((props.stats ?? []).map((s) => [s.name, s]));
  const descriptionOf = new Map(props.descriptions);
  return (
    <tr>
      <th
        scope="col"
        className="sticky top-0 left-0 z-20 border-b border-line bg-canvas px-3 py-2 text-right font-semibold"
      >
        {t('viewer:rowNumber')}
      </th>
      {shown.map(({ column, pinned }, i) => (
        <ColumnHeader
          key={column.name}
          column={column}
          description={descriptionOf.get(column.name)}
          sorted={sortState?.sort === column.name ? sortState.order : undefined}
          stats={statsOf.get(column.name)}
          onSort={props.onSort}
          sortDisabled={props.sortDisabled}
          t={t}
          pinned={pinned && i === 0}
          onFilter={props.onFilter}
        />
      ))}
    </tr>
  );
}

/** A row: its number (a button opening the row view, when offered), then its shown cells. */
function Row({ props, shown, r }: { props: Props; shown: Shown; r: number }) {
  const { t, offset, onOpenRow } = props;
  const row = props.rows[r] ?? [];
  const old = props.previous?.[r];
  const number = props.number.format(rowNumberAt(props.numbers, offset, r));
  return (
    <tr className="odd:bg-white even:bg-canvas">
      <th scope="row" className="rows-number">
        {onOpenRow ? (
          <button
            type="button"
            className="rows-open"
            aria-haspopup="dialog"
            title={t('viewer:row.open', { number })}
            onClick={(event) => onOpenRow(r, event.currentTarget)}
          >
            {number}
          </button>
        ) : (
          number
        )}
      </th>
      {shown.map(({ column, index, pinned }, i) => {
        const before = old ? (old[index] ?? null) : undefined;
        const differs = before !== undefined && before !== (row[index] ?? null);
        return (
          <CellView
            key={column.name}
            value={row[index] ?? null}
            t={t}
            old={differs ? { value: before } : undefined}
            pinned={pinned && i === 0}
          />
        );
      })}
    </tr>
  );
}

/**
 * A page of rows as an accessible table in its own scrolling box: sticky column headers (name,
 * type, summary and chart; a sort button when sortable) and sticky row numbers as row headers
 * (buttons opening the row view, when offered). The first pinned column stays beside the row
 * numbers (on a phone, the first column when none is pinned).
 */
export default function RowsTable(props: Props) {
  const shown = shownColumns(props.columns, props.layout ?? NO_LAYOUT);
  const pins = shown.some((c) => c.pinned) ? 1 : 0;
  return (
    <div
      className="max-h-[70vh] overflow-auto rounded-lg border border-line"
      role="region"
      aria-label={props.label ?? props.t('viewer:region')}
      tabIndex={0}
    >
      <table
        className="rows-table min-w-full border-separate border-spacing-0 text-sm"
        data-pins={pins}
      >
        <caption className="caption-top px-3 py-2 text-left text-muted">{props.caption}</caption>
        <thead>
          <HeaderRow props={props} shown={shown} />
        </thead>
        <tbody>
          {props.rows.map((_, r) => (
            <Row key={props.offset + r} props={props} shown={shown} r={r} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
