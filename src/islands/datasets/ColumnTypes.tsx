import type { T } from '../../i18n/index.ts';
import type { TableProblem } from '../../lib/api/types.ts';
import { cellText, rowValues, type TableDraft } from '../../lib/tables/draft.ts';
import { ATTRIBUTE_TYPES, type AttributeType } from '../../lib/tables/infer.ts';

const SAMPLE = 5;

type Props = {
  draft: TableDraft;
  types: AttributeType[];
  problems: TableProblem[];
  onType: (column: number, type: AttributeType) => void;
  t: T;
};

/**
 * The columns of a table being uploaded: name, type (editable unless the server infers them)
 * and the problems the check found in it; then the first rows.
 */
export function ColumnTypes({ draft, types, problems, onType, t }: Props) {
  const editable = draft.sampled === null;
  const count = (column: string) => problems.filter((p) => p.column === column).length;
  const sample = draft.entries.slice(0, SAMPLE).map((e) => rowValues(draft.attributes, e));
  return (
    <div className="flex flex-col gap-4">
      <div
        className="overflow-x-auto rounded-lg border border-line"
        role="region"
        aria-labelledby="column-types-caption"
        tabIndex={0}
      >
        <table className="min-w-full text-sm">
          <caption id="column-types-caption" className="caption-top px-3 py-2 text-left">
            <span className="font-semibold">{t('datasets:table.columns')}</span>
            {editable && (
              <span className="block text-muted">{t('datasets:table.columnsCaption')}</span>
            )}
          </caption>
          <thead className="bg-canvas">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {t('datasets:table.columnName')}
              </th>
              <th scope="col" className="px-3 py-2 text-left">
                {t('datasets:table.columnType')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('datasets:table.problems')}
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.attributes.map((name, c) => (
              <tr key={`${c}-${name}`} className="border-t border-line">
                <th scope="row" className="px-3 py-1.5 text-left font-medium break-words">
                  {name}
                </th>
                <td className="px-3 py-1.5">
                  <select
                    className="field-input py-1"
                    aria-label={t('datasets:table.typeFor', { column: name })}
                    value={types[c] ?? 'string'}
                    disabled={!editable}
                    onChange={(e) => onType(c, e.target.value as AttributeType)}
                  >
                    {ATTRIBUTE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`datasets:type.${type}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td
                  className={`px-3 py-1.5 text-right ${count(name) > 0 ? 'font-semibold text-danger' : ''}`}
                >
                  {count(name)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sample.length > 0 && (
        <div
          className="overflow-x-auto rounded-lg border border-line"
          role="region"
          aria-labelledby="sample-rows-caption"
          tabIndex={0}
        >
          <table className="min-w-full text-sm">
            <caption
              id="sample-rows-caption"
              className="caption-top px-3 py-2 text-left font-semibold"
            >
              {t('datasets:table.sample', { count: sample.length })}
            </caption>
            <thead className="bg-canvas">
              <tr>
                {draft.attributes.map((name, c) => (
                  <th key={`${c}-${name}`} scope="col" className="px-3 py-2 text-left">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sample.map((row, r) => (
                <tr key={r} className="border-t border-line">
                  {draft.attributes.map((name, c) => (
                    <td
                      key={`${c}-${name}`}
                      className="max-w-xs px-3 py-1.5 align-top whitespace-pre-wrap break-words"
                    >
                      {cellText(row[c])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
