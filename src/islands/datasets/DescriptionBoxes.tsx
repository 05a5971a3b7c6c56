import { useState } from 'react';
import { COLUMN_DESCRIPTION_MAX } from '../../contracts/limits.ts';
import { namesOrDash, type T } from '../../i18n/index.ts';
import { columnDescription } from '../../lib/tables/column-names.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';
import { isAttributeType } from '../../lib/tables/infer.ts';
import { TextArea } from '../form/Field.tsx';
import { lengthHint } from '../form/fields.ts';
import { describedField, descriptionsFromFile } from './column-descriptions.ts';

type Column = { name: string; type: string };
/** A box's value, its problem and its change, as a form's `input(field)` gives them. */
type Box = {
  value: string;
  error: string | null;
  onChange: (e: { target: { value: string } }) => void;
};

/**
 * A description box per column, labelled with the column's name and type, with a character
 * counter against COLUMN_DESCRIPTION_MAX (the edit page's and the create form's).
 */
export function DescriptionBoxes(props: {
  columns: readonly Column[];
  idPrefix: string;
  box: (index: number) => Box;
  t: T;
}) {
  const { columns, idPrefix, box, t } = props;
  return columns.map((column, i) => {
    const { value, ...rest } = box(i);
    return (
      <TextArea
        key={`${i}-${column.name}`}
        id={`${idPrefix}-column-${i}`}
        label={t('datasets:columns.label', {
          name: column.name,
          type: isAttributeType(column.type) ? t(`datasets:type.${column.type}`) : column.type,
        })}
        rows={2}
        hint={lengthHint(t, value, COLUMN_DESCRIPTION_MAX)}
        value={value}
        {...rest}
      />
    );
  });
}

type Written = Readonly<Record<string, string>>;

/**
 * What a columns file chosen with the table filled in (or, on the new-version form, `sends`),
 * and what it could not: columns the table does not have, descriptions too long to publish.
 */
export function ColumnsFileNote({ draft, sends, t }: { draft: TableDraft; sends?: boolean; t: T }) {
  if (!draft.columnsFile) return null;
  const { name, descriptions } = draft.columnsFile;
  const { filled, unknown, tooLong } = descriptionsFromFile(draft.attributes, descriptions);
  const applied = sends ? 'datasets:columns.fileSent' : 'datasets:columns.fileApplied';
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="columns-file">
      <p role="status">{t(applied, { name, columns: namesOrDash(filled) })}</p>
      {unknown.length > 0 && (
        <p className="field-error" role="alert">
          {t('datasets:columns.fileUnknown', { name, columns: namesOrDash(unknown) })}
        </p>
      )}
      {tooLong.length > 0 && (
        <p className="field-error" role="alert">
          {t('datasets:columns.fileTooLong', {
            name,
            columns: namesOrDash(tooLong),
            max: COLUMN_DESCRIPTION_MAX,
          })}
        </p>
      )}
    </div>
  );
}

/**
 * The create form's column descriptions, written by column name (kept when another file with
 * the same columns is read), folded under the columns and types until opened (a phone keeps the
 * table in view); open while a box has a problem, so it can take the focus, and from the start
 * when a columns file chosen with the table filled it in.
 */
export function OptionalDescriptions(props: {
  table: { draft: TableDraft | null; types: readonly string[] };
  written: Written;
  problem: (field: string) => string | null;
  form: {
    edit: (field: 'descriptions', written: Written) => void;
    clear: (field: string) => void;
  };
  t: T;
}) {
  const { table, written, problem, form, t } = props;
  const [opened, setOpened] = useState(Boolean(table.draft?.columnsFile));
  const names = table.draft?.attributes ?? [];
  const columns = names.map((name, i) => ({ name, type: table.types[i] ?? 'string' }));
  const troubled = names.some((_, i) => problem(describedField(i)));
  const box = (i: number): Box => ({
    value: columnDescription(written, names[i] ?? '') ?? '',
    error: problem(describedField(i)),
    onChange: (e) => {
      form.edit('descriptions', { ...written, [names[i] ?? '']: e.target.value });
      form.clear(describedField(i));
    },
  });
  return (
    <details
      className="rounded-lg border border-line"
      open={opened || troubled}
      onToggle={(e) => setOpened(e.currentTarget.open)}
      data-testid="create-descriptions"
    >
      <summary className="cursor-pointer px-3 py-2 font-semibold">
        {t('datasets:columns.optional')}
      </summary>
      <div className="flex flex-col gap-4 px-3 pb-3">
        <p className="text-sm text-muted">{t('datasets:columns.createIntro')}</p>
        {table.draft && <ColumnsFileNote draft={table.draft} t={t} />}
        <DescriptionBoxes columns={columns} idPrefix="dataset" box={box} t={t} />
      </div>
    </details>
  );
}
