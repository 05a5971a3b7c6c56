import type { ReactNode } from 'react';
import type { T } from '../../i18n/index.ts';
import type { TableProblem } from '../../lib/api/types.ts';
import { cellText, rowValues } from '../../lib/tables/cells.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';
import { ATTRIBUTE_TYPES, type AttributeType } from '../../lib/tables/infer.ts';
import { listedProblems } from '../../lib/tables/problems.ts';
import { problemCount } from './ValidationReport.tsx';

const SAMPLE = 5;

type Props = {
  draft: TableDraft;
  types: AttributeType[];
  problems: TableProblem[];
  onType: (column: number, type: AttributeType) => void;
  t: T;
};

/** How many of the check's problems are in a column ("100+" when it stopped listing them). */
function columnProblems(errors: TableProblem[], column: string, t: T) {
  const { problems, capped } = listedProblems(errors);
  const count = problems.filter((p) => p.column === column).length;
  return { count, text: problemCount(t, count, capped && count > 0) };
}

/**
 * The columns of a table being uploaded: name, type (to change; for a large file, a changed type
 * is declared and the others are inferred from all its rows) and the problems the check found in
 * it; then the first rows.
 */
export function ColumnTypes({ draft, types, problems, onType, t }: Props) {
  const sample = draft.entries.slice(0, SAMPLE).map((e) => rowValues(draft.attributes, e));
  return (
    <div className="flex flex-col gap-4">
      <TableRegion labelledBy="column-types-caption">
        <caption id="column-types-caption" className="caption-top px-3 py-2 text-left">
          <span className="font-semibold">{t('datasets:table.columns')}</span>
          <span className="block text-muted">{t('datasets:table.columnsCaption')}</span>
        </caption>
        <thead className="bg-canvas">
          <tr>
            <th scope="col" className="px-1.5 py-2 text-left sm:px-3">
              {t('datasets:table.columnName')}
            </th>
            <th scope="col" className="px-1.5 py-2 text-left sm:px-3">
              {t('datasets:table.columnType')}
            </th>
            <th scope="col" className="px-1.5 py-2 text-right whitespace-nowrap sm:px-3">
              {t('datasets:table.problems')}
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.attributes.map((name, c) => (
            <ColumnRow
              key={`${c}-${name}`}
              name={name}
              type={types[c] ?? 'string'}
              problems={columnProblems(problems, name, t)}
              onType={(type) => onType(c, type)}
              t={t}
            />
          ))}
        </tbody>
      </TableRegion>
      {sample.length > 0 && <SampleRows columns={draft.attributes} rows={sample} t={t} />}
    </div>
  );
}

/** A scrollable, focusable region around a table, named by its caption. */
function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-line"
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      <table className="min-w-full text-sm">{children}</table>
    </div>
  );
}

type ColumnRowProps = {
  name: string;
  type: AttributeType;
  problems: { count: number; text: string };
  onType: (type: AttributeType) => void;
  t: T;
};

/** One column: its name, its type and how many problems it has. */
function ColumnRow({ name, type, problems, onType, t }: ColumnRowProps) {
  return (
    <tr className="border-t border-line">
      <th scope="row" className="px-1.5 py-1.5 text-left font-medium wrap-anywhere sm:px-3">
        {name}
      </th>
      <td className="px-1.5 py-1.5 sm:px-3">
        {/* A full-width select in a table cell would shrink to nothing: 8 rem shows the types. */}
        <select
          className="field-input min-w-32 py-1 pr-1 pl-2"
          aria-label={t('datasets:table.typeFor', { column: name })}
          value={type}
          onChange={(e) => onType(e.target.value as AttributeType)}
        >
          {ATTRIBUTE_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`datasets:type.${option}`)}
            </option>
          ))}
        </select>
      </td>
      <td
        className={`px-1.5 py-1.5 text-right sm:px-3 ${problems.count > 0 ? 'font-semibold text-danger' : ''}`}
      >
        {problems.text}
      </td>
    </tr>
  );
}

/** Values up to this long stay on one line in the preview; longer ones wrap. */
const SHORT_VALUE = 24;

/**
 * One value of the preview. A short one keeps to one line (in a table too wide for a phone, a
 * Chinese word would otherwise be set one character a line); a long one wraps, within bounds.
 */
function SampleCell({ text }: { text: string }) {
  const short = [...text].length <= SHORT_VALUE && !text.includes('\n');
  return (
    <td
      className={`px-3 py-1.5 align-top ${
        short ? 'whitespace-nowrap' : 'max-w-xs min-w-48 whitespace-pre-wrap wrap-anywhere'
      }`}
    >
      {text}
    </td>
  );
}

/** The first rows of the table, as read. */
function SampleRows({ columns, rows, t }: { columns: string[]; rows: unknown[][]; t: T }) {
  return (
    <TableRegion labelledBy="sample-rows-caption">
      <caption id="sample-rows-caption" className="caption-top px-3 py-2 text-left font-semibold">
        {t('datasets:table.sample', { count: rows.length })}
      </caption>
      <thead className="bg-canvas">
        <tr>
          {columns.map((name, c) => (
            <th key={`${c}-${name}`} scope="col" className="px-3 py-2 text-left whitespace-nowrap">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-t border-line">
            {columns.map((name, c) => (
              <SampleCell key={`${c}-${name}`} text={cellText(row[c])} />
            ))}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
