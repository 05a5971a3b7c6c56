import { useRef, useState, type ReactNode } from 'react';
import { namesOrDash, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { SAMPLE_ROWS, type TableDraft } from '../../lib/tables/draft.ts';
import { numberFormat } from '../../lib/intl.ts';
import { textReasons } from '../../lib/tables/text-columns.ts';
import { ColumnTypes } from './ColumnTypes.tsx';
import type { TableDraftState } from './useTableDraft.ts';
import { ValidationReport } from './ValidationReport.tsx';

type Props = {
  state: TableDraftState;
  idPrefix: string;
  /** An error about the table as a whole (e.g. none chosen on submit). */
  error: string | null;
  /** Another way to give the table (the version page's CSV text), shown above the file picker. */
  children?: ReactNode;
  /** Hide the file picker (when the table comes from elsewhere). */
  withFile?: boolean;
  /** The picker also takes a columns file (FILE.columns.json), and its hint says so. */
  withColumnsFile?: boolean;
  locale: Locale;
  t: T;
};

/**
 * The file input, its hint, and what is wrong with the table. The browser's own picker speaks the
 * browser's language ("Choose File", "No file chosen"), so the input is only visually hidden (it
 * keeps focus and its label) and a button and the chosen file's name in the page's language stand
 * in for it; the button shows the input's keyboard focus.
 */
function FilePicker({
  id: fileId,
  message,
  state,
  withColumnsFile,
  t,
}: {
  id: string;
  message: string | null;
  state: TableDraftState;
  withColumnsFile: boolean;
  t: T;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState('');
  return (
    <div>
      <label htmlFor={fileId} className="field-label">
        {t('datasets:table.file')}
      </label>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          ref={input}
          id={fileId}
          type="file"
          accept=".csv,.tsv,.json,.jsonl,.ndjson,text/csv,text/tab-separated-values,application/json"
          className="peer sr-only"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${fileId}-hint${message ? ` ${fileId}-error` : ''}`}
          multiple
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            setChosen(files.map((f) => f.name).join(', '));
            if (files.length > 0) void state.readFiles(files);
            else state.clear();
          }}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="btn btn-secondary peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-solid"
          onClick={() => input.current?.click()}
        >
          {t('datasets:table.choose')}
        </button>
        <span aria-hidden="true" className="min-w-0 text-sm wrap-anywhere text-muted">
          {chosen || t('datasets:table.noFile')}
        </span>
      </div>
      <p id={`${fileId}-hint`} className="mt-1 text-sm text-muted">
        {t('datasets:table.fileHint')}
        {withColumnsFile && ` ${t('datasets:table.columnsFileHint')}`}
      </p>
      {message && (
        <p id={`${fileId}-error`} className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The columns of a large file whose proposed type the rows past its sample changed (but not
 * those its types file declares).
 */
function RetypedNote({ draft, t }: { draft: TableDraft; t: T }) {
  const columns = (draft.retyped ?? []).filter((a) => draft.declared?.[a] === undefined);
  if (columns.length === 0) return null;
  return (
    <p role="status" className="text-sm" data-testid="types-retyped">
      {t('datasets:table.retyped', { columns })}
    </p>
  );
}

/** A CSV or TSV file read as one column that looks written with another separator. */
function SeparatorNote({ draft, t }: { draft: TableDraft; t: T }) {
  if (!draft.separator) return null;
  const key = { ';': 'semicolon', '\t': 'tab', ',': 'comma' } as const;
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm" data-testid="separator-note">
      {t(`datasets:table.separator.${key[draft.separator]}`, {
        column: draft.attributes[0] ?? '',
      })}{' '}
      {t(
        draft.source.kind === 'tsv'
          ? 'datasets:table.separator.tsv'
          : 'datasets:table.separator.csv',
      )}
    </p>
  );
}

/** The columns read as text that are numbers but for a few values: the first such value. */
function TextColumnsNote({
  draft,
  types,
  locale,
  t,
}: {
  draft: TableDraft;
  types: readonly string[];
  locale: Locale;
  t: T;
}) {
  const reasons = textReasons(draft.attributes, draft.types, draft.entries).filter(
    (r) => types[draft.attributes.indexOf(r.column)] === 'string',
  );
  if (reasons.length === 0) return null;
  const rows = numberFormat(locale);
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="text-columns">
      {reasons.map((r) => (
        <li key={r.column}>
          {t(r.count === 1 ? 'datasets:table.textBecause' : 'datasets:table.textBecauseMany', {
            column: r.column,
            row: rows.format(r.row),
            value: r.value,
            count: r.count,
          })}
          {r.marker && <> {t('datasets:table.nullMarker', { value: r.value })}</>}
        </li>
      ))}
    </ul>
  );
}

/** The data part of the upload forms: a CSV or JSON file, its columns and types, the check. */
export function TableSection({
  state,
  idPrefix,
  error,
  children,
  withFile = true,
  withColumnsFile = false,
  locale,
  t,
}: Props) {
  const { draft, reading, readError } = state;
  const message = readError ?? error;
  return (
    <div className="flex flex-col gap-4">
      {children}
      {withFile && (
        <FilePicker
          id={`${idPrefix}-file`}
          message={message}
          state={state}
          withColumnsFile={withColumnsFile}
          t={t}
        />
      )}
      {!withFile && message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      {reading && (
        <p role="status" className="text-muted">
          {t('datasets:table.reading')}
        </p>
      )}
      {draft && (
        <>
          <p className="font-medium" data-testid="table-summary">
            {t('datasets:table.summary', {
              name: draft.source.name,
              rows: draft.totalRows,
              columns: draft.attributes.length,
            })}
          </p>
          {draft.typesFile && (
            <p role="status" className="text-sm" data-testid="types-file">
              {t('datasets:table.typesApplied', {
                name: draft.typesFile,
                columns: namesOrDash(Object.keys(draft.declared ?? {})),
              })}
            </p>
          )}
          {draft.sampled && (
            <p className="rounded-lg bg-brand-50 p-3 text-sm">
              {t('datasets:table.sampled', { rows: SAMPLE_ROWS })}
            </p>
          )}
          <SeparatorNote draft={draft} t={t} />
          <RetypedNote draft={draft} t={t} />
          <TextColumnsNote draft={draft} types={state.types} locale={locale} t={t} />
          <ColumnTypes
            draft={draft}
            types={state.types}
            problems={state.check.kind === 'done' ? state.check.result.errors : []}
            onType={state.setType}
            t={t}
          />
          <ValidationReport
            check={state.check}
            allRows={draft.sampled ? draft.totalRows : null}
            onCheck={() => void state.recheck()}
            locale={locale}
            t={t}
          />
        </>
      )}
    </div>
  );
}
