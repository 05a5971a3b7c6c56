import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { UploadProgress as Progress } from '../../lib/api/upload.ts';
import { DEFAULT_DATASET_LANGUAGE } from '../../contracts/limits.ts';
import { failureText } from '../../lib/error-text.ts';
import { $auth } from '../../stores/auth.ts';
import { publishDataset } from '../../stores/datasets.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { toast } from '../../stores/toasts.ts';
import { FormAlert, focusFirstInvalid } from '../form/Field.tsx';
import { useHydrated } from '../useHydrated.ts';
import {
  checkMetadata,
  metadataOf,
  serverFieldErrors,
  tableProblems,
  type FieldErrors,
} from './forms.ts';
import { MetadataFields, type MetadataValues } from './MetadataFields.tsx';
import { TableSection } from './TableSection.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { useTableDraft } from './useTableDraft.ts';

const EMPTY: MetadataValues = {
  name: '',
  description: '',
  isPublic: true,
  language: DEFAULT_DATASET_LANGUAGE,
  tags: '',
  license: '',
  citation: '',
  readme: '',
};

function Form({ locale, t }: { locale: Locale; t: T }) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [tableError, setTableError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const table = useTableDraft(t);

  const fail = (message: string) => {
    setFailure(message);
    requestAnimationFrame(() => focusFirstInvalid(form.current));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = checkMetadata(values, t);
    setErrors(found);
    setFailure(null);
    const { draft, types } = table;
    setTableError(draft ? null : t('datasets:table.required'));
    if (Object.keys(found).length > 0 || !draft) {
      fail(t('datasets:rules.fixErrors'));
      return;
    }
    setSubmitting(true);
    try {
      const checked = await table.ensureChecked();
      if (!checked || !checked.isValid) {
        setFailure(
          checked
            ? t('datasets:validation.invalid', { count: checked.errors.length })
            : t('datasets:validation.failed'),
        );
        return;
      }
      setProgress({ loaded: 0, total: null });
      const dataset = await publishDataset(metadataOf(values), draft, types, setProgress);
      toast({ title: t('datasets:create.created'), description: dataset.name });
      leaveTo(localizePath(`/datasets/${dataset.id}`, locale));
    } catch (error) {
      setProgress(null);
      const problems = tableProblems(error);
      if (problems) table.showProblems(problems);
      setErrors(serverFieldErrors(error, t));
      const message = failureText(error, t);
      toast({
        title: t('datasets:create.failed'),
        variant: 'destructive',
        ...(message && { description: message }),
      });
      fail(message ?? t('datasets:create.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-6"
      aria-labelledby="create-heading"
    >
      <FormAlert message={failure} />
      <section className="card flex flex-col gap-4 p-6" aria-labelledby="create-meta-heading">
        <h2 id="create-meta-heading" className="text-xl font-bold">
          {t('datasets:meta.heading')}
        </h2>
        <MetadataFields
          idPrefix="dataset"
          values={values}
          errors={errors}
          onChange={(field, value) => {
            setValues((v) => ({ ...v, [field]: value }));
            setErrors((e) => ({ ...e, [field]: null }));
          }}
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
          error={table.draft ? null : tableError}
          locale={locale}
          t={t}
        />
      </section>
      <UploadProgress progress={progress} t={t} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? t('datasets:create.submitting') : t('datasets:create.submit')}
        </button>
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
