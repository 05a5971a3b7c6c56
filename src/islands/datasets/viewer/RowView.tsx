import { useEffect, useId, useRef, useState } from 'react';
import type { useRowView } from './useRowView.ts';
import { CELL_TEXT_MAX } from '../../../contracts/limits.ts';
import type { Cell, Column } from '../../../contracts/tables.ts';
import type { T } from '../../../i18n/index.ts';
import { cellText } from '../../../lib/tables/cells.ts';
import { rowNumberAt, wasCut } from '../../../lib/tables/viewer.ts';
import { fetchRows } from './api.ts';
import { typeLabel } from './RowsTable.tsx';

type Whole = 'whole' | 'loading' | 'failed';

/**
 * The row's cells with every value whole. The first page comes with the dataset page, its long
 * text cut (`shownCell`); such a row is fetched again by its number (rows in stored order, so
 * row n is at offset n − 1). Pages the viewer fetched carry whole values already.
 */
function useWholeRow(datasetId: number, version: number, row: Cell[], rowNumber: number) {
  const cut = row.some(wasCut);
  const [fetched, setFetched] = useState<{ number: number; cells: Cell[] | null } | null>(null);
  useEffect(() => {
    if (!cut) return;
    const abort = new AbortController();
    const query = { offset: rowNumber - 1, limit: 1, order: 'asc' };
    fetchRows(datasetId, version, query, abort.signal)
      .then((page) => setFetched({ number: rowNumber, cells: page.rows[0] ?? null }))
      .catch(() => {
        if (!abort.signal.aborted) setFetched({ number: rowNumber, cells: null });
      });
    return () => abort.abort();
  }, [cut, datasetId, version, rowNumber]);
  if (!cut) return { cells: row, whole: 'whole' as Whole };
  if (fetched?.number !== rowNumber) return { cells: row, whole: 'loading' as Whole };
  return fetched.cells
    ? { cells: fetched.cells, whole: 'whole' as Whole }
    : { cells: row, whole: 'failed' as Whole };
}

type FieldProps = { t: T; column: Column; description: string | undefined; value: Cell };

/** One field: the column's name, type and description, then the value in full. */
function Field({ t, column, description, value, whole }: FieldProps & { whole: Whole }) {
  return (
    <div className="border-b border-line py-2 last:border-b-0">
      <dt className="wrap-anywhere">
        <span className="font-semibold">{column.name}</span>{' '}
        <span className="text-xs text-muted">{typeLabel(t, column.type)}</span>
        {description && <span className="block text-xs text-muted">{description}</span>}
      </dt>
      <dd className="mt-1 whitespace-pre-wrap wrap-anywhere">
        {value === null ? (
          <span className="text-muted italic">{t('viewer:null')}</span>
        ) : (
          cellText(value)
        )}
        {whole !== 'whole' && wasCut(value) && (
          <span className="block text-xs text-muted">
            {whole === 'loading'
              ? t('viewer:row.loading')
              : t('viewer:row.cut', { max: CELL_TEXT_MAX })}
          </span>
        )}
      </dd>
    </div>
  );
}

type Page = { columns: Column[]; rows: Cell[][]; offset: number; rowNumbers?: number[] };

type Props = {
  t: T;
  number: Intl.NumberFormat;
  /** The page of rows the table shows, of which version of which dataset. */
  at: { datasetId: number; version: number; page: Page };
  descriptions?: readonly (readonly [string, string])[] | undefined;
  state: ReturnType<typeof useRowView>;
};

/** The row view when a row is open (the dialog is made when opened, and gone when closed). */
export default function RowView(props: Props) {
  const { index } = props.state;
  return index === null ? null : <RowDialog {...props} index={index} />;
}

/**
 * A row of the table as a modal dialog (native <dialog>: the page behind is inert, Escape closes
 * it): each column's name, type and description above its whole value, and buttons to the
 * previous and next rows of the page. A step button at the page's end stays focusable
 * (aria-disabled), so focus is not lost from the dialog.
 */
function RowDialog(props: Props & { index: number }) {
  const { t, index } = props;
  const { datasetId, version, page } = props.at;
  const onIndex = props.state.setIndex;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const rowNumber = rowNumberAt(page.rowNumbers, page.offset, index);
  const row = page.rows[index] ?? [];
  const { cells, whole } = useWholeRow(datasetId, version, row, rowNumber);
  const descriptionOf = new Map(props.descriptions);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const step = (label: string, to: number) => (
    <button
      type="button"
      className="btn btn-secondary"
      aria-disabled={to < 0 || to >= page.rows.length}
      onClick={() => to >= 0 && to < page.rows.length && onIndex(to)}
    >
      {label}
    </button>
  );
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto w-[calc(100%-1rem)] max-w-2xl rounded-xl border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
      onClose={props.state.close}
    >
      <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-line bg-white px-4 py-3">
        <h2 id={titleId} className="text-lg font-bold" aria-live="polite">
          {t('viewer:row.title', { number: props.number.format(rowNumber) })}
        </h2>
        <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
          {t('viewer:row.close')}
        </button>
      </div>
      <dl className="px-4 py-1 text-sm" data-testid="row-fields">
        {page.columns.map((column, c) => (
          <Field
            key={column.name}
            t={t}
            column={column}
            description={descriptionOf.get(column.name)}
            value={cells[c] ?? null}
            whole={whole}
          />
        ))}
      </dl>
      <div className="sticky bottom-0 flex justify-between gap-2 border-t border-line bg-white px-4 py-3">
        {step(t('viewer:row.previous'), index - 1)}
        {step(t('viewer:row.next'), index + 1)}
      </div>
    </dialog>
  );
}
