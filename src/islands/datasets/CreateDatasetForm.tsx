import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { UploadProgress as Progress } from '../../lib/api/upload.ts';
import { $auth } from '../../stores/auth.ts';
import { publishDataset } from '../../stores/datasets.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { toast } from '../../stores/toasts.ts';
import { createForm } from '../../stores/form.ts';
import { FormAlert, SubmitButton } from '../form/Field.tsx';
import { useForm, useLatest } from '../form/fields.ts';
import { useHydrated } from '../useHydrated.ts';
import { checkWritten, writtenDescriptions } from './column-descriptions.ts';
import { OptionalDescriptions } from './DescriptionBoxes.tsx';
import { explainPublish, publishTable } from './forms.ts';
import {
  checkMetadata,
  EMPTY_METADATA,
  metadataOf,
  nameFromFile,
  type MetadataValues,
} from './metadata.ts';
import { MetadataFields } from './MetadataFields.tsx';
import { TableSection } from './TableSection.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { useTableDraft } from './useTableDraft.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';

type MetadataForm = {
  clear: (field: 'table') => void;
  edit: (field: 'name', value: string) => void;
};

/**
 * A table read answers "choose a file": its problem, and the form's message with it, go. A file
 * chosen while the name is empty offers its own name.
 */
function useChosenFile(draft: TableDraft | null, values: MetadataValues, form: MetadataForm) {
  const valuesNow = useLatest(values);
  useEffect(() => {
    if (!draft) return;
    form.clear('table');
    if (draft.source.kind !== 'text' && valuesNow.current.name.trim() === '') {
      const name = nameFromFile(draft.source.name);
      if (name) form.edit('name', name);
    }
  }, [draft, form, valuesNow]);
}

/** The create form's values: the metadata, and the descriptions written by column name. */
type CreateValues = MetadataValues & { descriptions: Record<string, string> };

function Form({ locale, t }: { locale: Locale; t: T }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const table = useTableDraft(t);
  /** The table as last rendered, for the store's check and send. */
  const tableNow = useLatest(table);
  const failed = t('datasets:create.failed');
  const namesNow = () => tableNow.current.draft?.attributes ?? [];
  const { form, formProps, values, problem, problems, failure, busy } = useForm(t, () =>
    createForm<CreateValues, string>({
      initial: { ...EMPTY_METADATA, descriptions: {} },
      check: (v) => ({
        ...checkMetadata(v),
        ...checkWritten(namesNow(), v.descriptions),
        table: tableNow.current.draft ? undefined : { key: 'datasets:table.required' },
      }),
      send: async (v) => {
        const columnDescriptions = writtenDescriptions(namesNow(), v.descriptions);
        const dataset = await publishTable(
          tableNow.current,
          t,
          failed,
          setProgress,
          (draft, types) =>
            publishDataset({ ...metadataOf(v), columnDescriptions }, draft, types, setProgress),
        );
        toast({ title: t('datasets:create.created'), description: dataset.name });
        leaveTo(localizePath(`/datasets/${dataset.id}`, locale));
      },
      explain: (error) => explainPublish(error, t, failed, namesNow()),
      fixErrors: t('common:common.fixErrors'),
    }),
  );
  useChosenFile(table.draft, values, form);
  return (
    <form {...formProps} className="flex flex-col gap-6" aria-labelledby="create-heading">
      <FormAlert message={failure} />
      <section className="card flex flex-col gap-4 p-6" aria-labelledby="create-meta-heading">
        <h2 id="create-meta-heading" className="text-xl font-bold">
          {t('datasets:meta.heading')}
        </h2>
        <MetadataFields
          idPrefix="dataset"
          values={values}
          problems={problems}
          onChange={(field, value) => form.edit(field, value as CreateValues[typeof field])}
          t={t}
        />
      </section>
      <section className="card flex flex-col gap-4 p-6" aria-labelledby="create-table-heading">
        <h2 id="create-table-heading" className="text-xl font-bold">
          {t('datasets:table.heading')}
        </h2>
        <TableSection
          state={table}
          idPrefix="dataset"
          error={table.draft ? null : problem('table')}
          locale={locale}
          t={t}
        />
        {table.draft && (
          <OptionalDescriptions
            table={table}
            written={values.descriptions}
            problem={problem}
            form={form}
            t={t}
          />
        )}
      </section>
      <UploadProgress progress={progress} t={t} />
      <div>
        <SubmitButton
          busy={busy}
          label={t('datasets:create.submit')}
          busyLabel={t('datasets:create.submitting')}
        />
      </div>
    </form>
  );
}

/**
 * Publishing a dataset: details (name, description, visibility, language, tags), a CSV or JSON
 * file with its column types, the server's check, then the upload with its progress; afterwards
 * the new dataset's page. Signed-out visitors see a loading line (the page's guard sends them on).
 */
export default function CreateDatasetForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { isAuthenticated } = useStore($auth);
  if (!hydrated || !isAuthenticated) {
    return (
      <p role="status" className="text-muted">
        {t('datasets:session.loading')}
      </p>
    );
  }
  return <Form locale={locale} t={t} />;
}
