import { useRef, useState, type SubmitEvent } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../lib/api/types.ts';
import type { UploadProgress as Progress } from '../../lib/api/upload.ts';
import { DATASET_RULES, checkChangelog } from '../../lib/dataset-rules.ts';
import { failureText } from '../../lib/error-text.ts';
import { publishVersion } from '../../stores/datasets.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { toast } from '../../stores/toasts.ts';
import { FormAlert, TextArea, focusFirstInvalid } from '../form/Field.tsx';
import { tableProblems } from './forms.ts';
import { LatestAsText } from './LatestAsText.tsx';
import { OwnerGate } from './OwnerGate.tsx';
import { TableSection } from './TableSection.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { useTableDraft } from './useTableDraft.ts';

type Source = 'file' | 'latest';

function VersionForm({ dataset, locale, t }: { dataset: Dataset; locale: Locale; t: T }) {
  const form = useRef<HTMLFormElement>(null);
  const [source, setSource] = useState<Source>('file');
  const [changelog, setChangelog] = useState('');
  const [changelogError, setChangelogError] = useState<string | null>(null);
  const [tableError, setTableError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const table = useTableDraft(t);
  const latest = dataset.versions[0];

  function choose(next: Source) {
    setSource(next);
    table.clear();
    setTableError(null);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const logProblem = checkChangelog(changelog);
    setChangelogError(logProblem && t(logProblem.key, logProblem.vars));
    setFailure(null);
    const { draft, types } = table;
    setTableError(draft ? null : t('datasets:table.required'));
    if (logProblem || !draft) {
      setFailure(t('datasets:rules.fixErrors'));
      requestAnimationFrame(() => focusFirstInvalid(form.current));
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
      const version = await publishVersion(dataset.id, changelog.trim(), draft, types, setProgress);
      toast({
        title: t('datasets:version.created', { version: version.version }),
        description: dataset.name,
      });
      leaveTo(localizePath(`/datasets/${dataset.id}`, locale));
    } catch (error) {
      setProgress(null);
      const problems = tableProblems(error);
      if (problems) table.showProblems(problems);
      const message = failureText(error, t);
      setFailure(message ?? t('datasets:version.failed'));
      toast({
        title: t('datasets:version.failed'),
        variant: 'destructive',
        ...(message && { description: message }),
      });
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
      aria-labelledby="version-heading"
    >
      <p className="text-muted">
        <a href={localizePath(`/datasets/${dataset.id}`, locale)}>{dataset.name}</a>
        {latest &&
          ` · ${t('datasets:version.current', { version: latest.version, rows: latest.entriesCount })}`}
      </p>
      <FormAlert message={failure} />
      <section className="card flex flex-col gap-4 p-6" aria-labelledby="version-table-heading">
        <h2 id="version-table-heading" className="text-xl font-bold">
          {t('datasets:table.heading')}
        </h2>
        <fieldset>
          <legend className="field-label">{t('datasets:version.source')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {(['file', 'latest'] as const).map((s) => (
              <label key={s} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="version-source"
                  value={s}
                  checked={source === s}
                  onChange={() => choose(s)}
                />
                {s === 'file' ? t('datasets:version.fromFile') : t('datasets:version.fromLatest')}
              </label>
            ))}
          </div>
        </fieldset>
        <TableSection
          state={table}
          idPrefix="version"
          error={table.draft ? null : tableError}
          withFile={source === 'file'}
          locale={locale}
          t={t}
        >
          {source === 'latest' && (
            <LatestAsText
              datasetId={dataset.id}
              onRead={(text, types) => void table.readText(text, types)}
              t={t}
            />
          )}
        </TableSection>
      </section>
      <div className="card p-6">
        <TextArea
          id="version-changelog"
          label={t('datasets:meta.changelog')}
          rows={4}
          value={changelog}
          error={changelogError}
          hint={t('datasets:meta.length', {
            count: [...changelog.trim()].length,
            max: DATASET_RULES.changelogMax,
          })}
          onChange={(e) => {
            setChangelog(e.target.value);
            setChangelogError(null);
          }}
        />
      </div>
      <UploadProgress progress={progress} t={t} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? t('datasets:version.submitting') : t('datasets:version.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * Publishing the next version of a dataset named by `?id=`: the content from a file or from the
 * latest version edited as text, a changelog, the check and the upload; then the dataset's page.
 */
export default function CreateVersionForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  return (
    <OwnerGate locale={locale} t={t}>
      {(dataset) => <VersionForm key={dataset.id} dataset={dataset} locale={locale} t={t} />}
    </OwnerGate>
  );
}
