import type { T } from '../../i18n/index.ts';
import type { Dataset } from '../../lib/api/types.ts';
import { failureText } from '../../lib/error-text.ts';
import { columnDescription } from '../../lib/tables/column-names.ts';
import { saveDataset } from '../../stores/datasets.ts';
import { createForm } from '../../stores/form.ts';
import { FormAlert, SubmitButton } from '../form/Field.tsx';
import { useForm } from '../form/fields.ts';
import {
  checkDescriptions,
  describedColumns,
  describedField,
  descriptionProblems,
  type DescriptionValues,
} from './column-descriptions.ts';
import { DescriptionBoxes } from './DescriptionBoxes.tsx';

type Column = { name: string; type: string };

function latestColumns(dataset: Dataset): Column[] {
  const latest =
    dataset.versions.find((v) => v.version === dataset.latestVersion) ?? dataset.versions[0];
  return (latest?.attributes ?? []).map((name) => ({
    name,
    type: latest?.attributeTypes[name] ?? 'string',
  }));
}

const valuesOf = (columns: Column[], dataset: Dataset): DescriptionValues =>
  Object.fromEntries(
    columns.map((c, i) => [
      describedField(i),
      columnDescription(dataset.columnDescriptions, c.name) ?? '',
    ]),
  );

/**
 * The edit page's data dictionary: one box per column of the latest version, with its character
 * counter, saved by PUT /datasets/{id} as a whole (an emptied box removes that description;
 * descriptions of columns only older versions have are left as they are).
 */
export function ColumnDescriptionsForm(props: { dataset: Dataset; t: T }) {
  const { dataset, t } = props;
  const columns = latestColumns(dataset);
  const names = columns.map((c) => c.name);
  const { form, formProps, problem, values, failure, submitting } = useForm(
    t,
    () =>
      createForm<DescriptionValues, string>({
        initial: valuesOf(columns, dataset),
        check: checkDescriptions,
        send: async (v) => {
          const columnDescriptions = describedColumns(names, v);
          return valuesOf(columns, await saveDataset(dataset.id, { columnDescriptions }));
        },
        explain: (error) => ({
          problems: descriptionProblems(error, t, names),
          failure: failureText(error, t) ?? t('datasets:edit.saveFailed'),
        }),
        fixErrors: t('common:common.fixErrors'),
      }),
    { sent: () => ({ title: t('datasets:columns.saved') }), failed: t('datasets:edit.saveFailed') },
  );
  if (columns.length === 0) return null;
  return (
    <section className="card p-6" aria-labelledby="edit-columns-heading">
      <h2 id="edit-columns-heading" className="mb-2 text-xl font-bold">
        {t('datasets:columns.heading')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('datasets:columns.intro')}</p>
      <form {...formProps} className="flex flex-col gap-4">
        <FormAlert message={failure} />
        <DescriptionBoxes
          columns={columns}
          idPrefix="edit"
          box={(i) => ({
            value: values[describedField(i)] ?? '',
            error: problem(describedField(i)),
            onChange: (e) => form.edit(describedField(i), e.target.value),
          })}
          t={t}
        />
        <div>
          <SubmitButton
            busy={submitting}
            label={t('datasets:columns.save')}
            busyLabel={t('datasets:edit.saving')}
          />
        </div>
      </form>
    </section>
  );
}
