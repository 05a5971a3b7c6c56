import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { UploadProgress as Progress } from '../../lib/api/upload.ts';
import { $auth } from '../../stores/auth.ts';
import { finishPublished, publishDataset, PublishedUnfinished } from '../../stores/datasets.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { toast } from '../../stores/toasts.ts';
import { createForm } from '../../stores/form.ts';
import { FormAlert, SubmitButton } from '../form/Field.tsx';
import { useForm, useLatest } from '../form/fields.ts';
import { useHydrated } from '../useHydrated.ts';
import { checkWritten, descriptionsFromFile, writtenDescriptions } from './column-descriptions.ts';
import { OptionalDescriptions } from './DescriptionBoxes.tsx';
import { usePublishKey } from './publish-key.ts';
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
import { useTableDraft, type TableDraftState } from './useTableDraft.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';
import type { Dataset } from '../../lib/api/types.ts';

type SetProgress = (progress: Progress | null) => void;

/** The create form's values: the metadata, and the descriptions written by column name. */
type CreateValues = MetadataValues & { descriptions: Record<string, string> };

type ChosenForm = {
  clear: (field: 'table') => void;
  edit: <K extends 'name' | 'descriptions'>(field: K, value: CreateValues[K]) => void;
};

/**
 * A table read answers "choose a file": its problem, and the form's message with it, go. A file
 * chosen while the name is empty offers its own name; a columns file chosen with it fills in
 * the descriptions of the table's columns it names (the others' stay).
 */
function useChosenFile(draft: TableDraft | null, values: CreateValues, form: ChosenForm) {
  const valuesNow = useLatest(values);
  useEffect(() => {
    if (!draft) return;
    form.clear('table');
    const { name, descriptions } = valuesNow.current;
    if (draft.source.kind !== 'text' && name.trim() === '') {
      const offered = nameFromFile(draft.source.name);
      if (offered) form.edit('name', offered);
    }
    if (draft.columnsFile) {
      const { written } = descriptionsFromFile(draft.attributes, draft.columnsFile.descriptions);
      form.edit('descriptions', { ...descriptions, ...written });
    }
  }, [draft, form, valuesNow]);
}

/**
 * The create form's store. A dataset published whose card and descriptions were not saved
 * (PublishedUnfinished) is remembered: the next submit saves them, and the metadata as it is
 * then, on that dataset (PUT) instead of publishing another.
 */
function useCreateForm(t: T, locale: Locale, table: TableDraftState, setProgress: SetProgress) {
  const [published, setPublished] = useState<Dataset | null>(null);
  const publishedNow = useLatest(published);
  /** The table as last rendered, for the store's check and send. */
  const tableNow = useLatest(table);
  const failed = t('datasets:create.failed');
  const namesNow = () => tableNow.current.draft?.attributes ?? [];
  const keyOf = usePublishKey();
  const publish = (meta: Parameters<typeof publishDataset>[0]) =>
    publishedNow.current
      ? finishPublished(publishedNow.current, meta)
      : publishTable(tableNow.current, t, failed, setProgress, (draft, types) => {
          const idempotencyKey = keyOf([draft, JSON.stringify([meta, types])]);
          return publishDataset(meta, draft, types, { onProgress: setProgress, idempotencyKey });
        });
  const state = useForm(t, () =>
    createForm<CreateValues, string>({
      // The data's language starts as the interface's: a dataset published from the English
      // pages is most likely English.
      initial: { ...EMPTY_METADATA, language: locale, descriptions: {} },
      check: (v) => ({
        ...checkMetadata(v),
        ...checkWritten(namesNow(), v.descriptions),
        table: tableNow.current.draft ? undefined : { key: 'datasets:table.required' },
      }),
      send: async (v) => {
        const columnDescriptions = writtenDescriptions(namesNow(), v.descriptions);
        const dataset = await publish({ ...metadataOf(v), columnDescriptions }).catch(
          (error: unknown) => {
            if (error instanceof PublishedUnfinished) setPublished(error.dataset);
            throw error;
          },
        );
        toast({ title: t('datasets:create.created'), description: dataset.name });
        leaveTo(localizePath(`/datasets/${dataset.id}`, locale));
      },
      explain: (error) => explainPublish(error, t, failed, namesNow()),
      fixErrors: t('common:common.fixErrors'),
    }),
  );
  return { ...state, published };
}

function Form({ locale, t }: { locale: Locale; t: T }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const table = useTableDraft(t);
  const { form, formProps, values, problem, problems, failure, busy, published } = useCreateForm(
    t,
    locale,
    table,
    setProgress,
  );
  useChosenFile(table.draft, values, form);
  return (
    <form {...formProps} className="flex flex-col gap-6" aria-labelledby="create-heading">
      <FormAlert message={failure} />
      {published && (
        <p>
          <a href={localizePath(`/datasets/${published.id}`, locale)} className="underline">
            {t('datasets:create.openPublished')}
          </a>
        </p>
      )}
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
          withFile={!published}
          withColumnsFile
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
          label={t(published ? 'datasets:create.finish' : 'datasets:create.submit')}
          busyLabel={t(published ? 'datasets:edit.saving' : 'datasets:create.submitting')}
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
