import { useState } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../lib/api/types.ts';
import { failureText } from '../../lib/error-text.ts';
import { saveDataset } from '../../stores/datasets.ts';
import { createForm } from '../../stores/form.ts';
import { FormAlert, SubmitButton } from '../form/Field.tsx';
import { useForm } from '../form/fields.ts';
import { DeleteDataset } from './DeleteDataset.tsx';
import { ColumnDescriptionsForm } from './ColumnDescriptionsForm.tsx';
import { checkMetadata, metadataOf, metadataProblems, metadataValuesOf } from './metadata.ts';
import { MetadataFields } from './MetadataFields.tsx';
import { OwnerGate } from './OwnerGate.tsx';
import ForkSettingsToggle from '../community/ForkSettingsToggle.tsx';

function Editor({ initial, locale, t }: { initial: Dataset; locale: Locale; t: T }) {
  const [dataset, setDataset] = useState(initial);
  const { form, formProps, values, problems, failure, submitting } = useForm(
    t,
    () =>
      createForm({
        initial: metadataValuesOf(initial),
        check: checkMetadata,
        send: async (v) => {
          const saved = await saveDataset(initial.id, metadataOf(v));
          setDataset(saved);
          return metadataValuesOf(saved);
        },
        explain: (error) => ({
          problems: metadataProblems(error, t),
          failure: failureText(error, t) ?? t('datasets:edit.saveFailed'),
        }),
        fixErrors: t('common:common.fixErrors'),
      }),
    {
      sent: (v) => ({ title: t('datasets:edit.saved'), description: v.name }),
      failed: t('datasets:edit.saveFailed'),
    },
  );
  const href = (path: string) => localizePath(path, locale);

  return (
    <div className="flex flex-col gap-6">
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={href(`/datasets/${dataset.id}`)}>{t('datasets:edit.view')}</a>
        <a href={href(`/datasets/version/create?id=${dataset.id}`)}>
          {t('datasets:owner.newVersion')}
        </a>
        <a href={href('/datasets/my')}>{t('datasets:edit.myDatasets')}</a>
      </p>
      <section className="card p-6" aria-labelledby="edit-meta-heading">
        <h2 id="edit-meta-heading" className="mb-4 text-xl font-bold">
          {t('datasets:meta.heading')}
        </h2>
        <form {...formProps} className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <MetadataFields
            idPrefix="edit"
            values={values}
            problems={problems}
            onChange={form.edit}
            t={t}
          />
          <div>
            <SubmitButton
              busy={submitting}
              label={t('datasets:edit.save')}
              busyLabel={t('datasets:edit.saving')}
            />
          </div>
        </form>
      </section>
      <ColumnDescriptionsForm dataset={initial} t={t} />
      <section className="card p-6" aria-labelledby="fork-settings-heading">
        <h2 id="fork-settings-heading" className="mb-4 text-xl font-bold">
          {t('community:forkSettings.heading')}
        </h2>
        <ForkSettingsToggle datasetId={dataset.id} allowFork={dataset.allowFork} locale={locale} />
      </section>
      <section className="card border-danger p-6" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="mb-4 text-xl font-bold text-danger">
          {t('datasets:delete.heading')}
        </h2>
        <DeleteDataset dataset={dataset} locale={locale} t={t} />
      </section>
    </div>
  );
}

/**
 * Editing a dataset named by `?id=`: its details and visibility, and deleting it. This page
 * has no guard: a guest sees a sign-in link instead of a redirect (docs/pages.md).
 */
export default function EditDatasetForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  return (
    <OwnerGate locale={locale} t={t}>
      {(dataset) => <Editor key={dataset.id} initial={dataset} locale={locale} t={t} />}
    </OwnerGate>
  );
}
