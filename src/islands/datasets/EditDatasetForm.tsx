import { useRef, useState, type SubmitEvent } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../lib/api/types.ts';
import { failureText } from '../../lib/error-text.ts';
import { saveDataset } from '../../stores/datasets.ts';
import { toast } from '../../stores/toasts.ts';
import { FormAlert, focusFirstInvalid } from '../form/Field.tsx';
import { DeleteDataset } from './DeleteDataset.tsx';
import { checkMetadata, metadataOf, serverFieldErrors, type FieldErrors } from './forms.ts';
import { MetadataFields, type MetadataValues } from './MetadataFields.tsx';
import { OwnerGate } from './OwnerGate.tsx';
import ForkSettingsToggle from '../community/ForkSettingsToggle.tsx';

const valuesOf = (d: Dataset): MetadataValues => ({
  name: d.name,
  description: d.description,
  isPublic: d.isPublic,
  language: d.language,
  tags: d.tags.join(', '),
  license: d.license ?? '',
  citation: d.citation,
  readme: d.readme,
});

function Editor({ initial, locale, t }: { initial: Dataset; locale: Locale; t: T }) {
  const form = useRef<HTMLFormElement>(null);
  const [dataset, setDataset] = useState(initial);
  const [values, setValues] = useState(() => valuesOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const href = (path: string) => localizePath(path, locale);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = checkMetadata(values, t);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(t('datasets:rules.fixErrors'));
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveDataset(dataset.id, metadataOf(values));
      setDataset(saved);
      setValues(valuesOf(saved));
      toast({ title: t('datasets:edit.saved'), description: saved.name });
    } catch (error) {
      setErrors(serverFieldErrors(error, t));
      const message = failureText(error, t);
      setFailure(message ?? t('datasets:edit.saveFailed'));
      toast({
        title: t('datasets:edit.saveFailed'),
        variant: 'destructive',
        ...(message && { description: message }),
      });
      requestAnimationFrame(() => focusFirstInvalid(form.current));
    } finally {
      setSaving(false);
    }
  }

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
        <form
          ref={form}
          method="post"
          noValidate
          onSubmit={(e) => void submit(e)}
          className="flex flex-col gap-4"
        >
          <FormAlert message={failure} />
          <MetadataFields
            idPrefix="edit"
            values={values}
            errors={errors}
            onChange={(field, value) => {
              setValues((v) => ({ ...v, [field]: value }));
              setErrors((e) => ({ ...e, [field]: null }));
            }}
            t={t}
          />
          <div>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? t('datasets:edit.saving') : t('datasets:edit.save')}
            </button>
          </div>
        </form>
      </section>
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
 * Editing a dataset named by `?id=`: its details and visibility, and deleting it. The spec shows
 * no guard for this page: a guest sees a sign-in link instead of a redirect (docs/pages.md).
 */
export default function EditDatasetForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  return (
    <OwnerGate locale={locale} t={t}>
      {(dataset) => <Editor key={dataset.id} initial={dataset} locale={locale} t={t} />}
    </OwnerGate>
  );
}
