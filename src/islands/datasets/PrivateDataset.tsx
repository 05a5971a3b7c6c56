import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { downloadVersion, getDataset, getLatestVersion } from '../../lib/api/datasets.ts';
import type { Dataset, DownloadFormat, VersionContent } from '../../lib/api/types.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { failureText } from '../../lib/error-text.ts';
import { VIEWER_PAGE_ROWS } from '../../lib/tables/viewer.ts';
import { $auth } from '../../stores/auth.ts';
import { toast } from '../../stores/toasts.ts';
import { useHydrated } from '../useHydrated.ts';
import { numberFormat } from '../../lib/intl.ts';
import { PrivateFacts, PrivateReadme } from './PrivateFacts.tsx';

const FORMATS: [DownloadFormat, string][] = [
  ['csv', 'CSV'],
  ['json', 'JSON'],
  ['jsonl', 'JSONL'],
];
/** The owner's data viewer, loaded with the rest of the private page only when it is shown. */
const DataViewer = lazy(() => import('./viewer/DataViewer.tsx'));

/** Saves a version through the API with the bearer token (a private dataset's plain link is 404). */
async function save(dataset: Dataset, version: number, format: DownloadFormat, t: T) {
  try {
    const blob = await downloadVersion(dataset.id, version, format);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${dataset.name}-v${version}.${format}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    const message = failureText(error, t);
    toast({
      title: t('datasets:versions.downloadFailed'),
      variant: 'destructive',
      ...(message && { description: message }),
    });
  }
}

function OwnerView({
  dataset,
  content,
  locale,
  t,
}: {
  dataset: Dataset;
  content: VersionContent | null;
  locale: Locale;
  t: T;
}) {
  const href = (path: string) => localizePath(path, locale);
  return (
    <article className="flex flex-col gap-6" data-dataset-id={dataset.id}>
      <header className="card flex flex-col gap-3 p-6">
        <div className="flex flex-wrap items-start gap-3">
          <h1 className="min-w-0 flex-1 text-2xl font-bold break-words">{dataset.name}</h1>
          <span className="rounded-full bg-danger-50 px-2.5 py-0.5 text-sm font-semibold text-danger">
            {t('datasets:card.private')}
          </span>
        </div>
        <p role="note" className="rounded-lg bg-brand-50 p-3 text-sm">
          {t('datasets:private.notice')}
        </p>
        <nav aria-label={t('datasets:owner.tools')} className="flex flex-wrap gap-2">
          <a className="btn btn-secondary" href={href(`/datasets/edit?id=${dataset.id}`)}>
            {t('datasets:owner.edit')}
          </a>
          <a className="btn btn-secondary" href={href(`/datasets/version/create?id=${dataset.id}`)}>
            {t('datasets:owner.newVersion')}
          </a>
        </nav>
        <PrivateFacts dataset={dataset} locale={locale} t={t} />
        <p className="whitespace-pre-line break-words">
          {dataset.description || (
            <span className="text-muted">{t('datasets:card.noDescription')}</span>
          )}
        </p>
      </header>
      <PrivateReadme dataset={dataset} t={t} />
      {dataset.citation && (
        <section className="card p-6" aria-labelledby="private-citation">
          <h2 id="private-citation" className="mb-2 text-xl font-bold">
            {t('datasets:detail.citation')}
          </h2>
          <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-canvas p-3 text-sm">
            {dataset.citation}
          </pre>
        </section>
      )}
      <section className="card p-6" aria-labelledby="private-preview">
        <h2 id="private-preview" className="mb-3 text-xl font-bold">
          {t('viewer:heading')}
        </h2>
        {content ? (
          <Suspense fallback={<p className="text-muted">{t('viewer:loading')}</p>}>
            <DataViewer
              datasetId={dataset.id}
              locale={locale}
              versions={dataset.versions.map((v) => ({ version: v.version, rows: v.entriesCount }))}
              version={content.version}
              initial={{
                columns: content.attributes.map((name) => ({
                  name,
                  type: content.attributeTypes[name] ?? 'string',
                })),
                rows: content.entries,
                total: content.entriesCount,
                offset: 0,
                limit: VIEWER_PAGE_ROWS,
              }}
              stats={null}
            />
          </Suspense>
        ) : (
          <p className="text-muted">{t('datasets:preview.empty')}</p>
        )}
      </section>
      <section aria-labelledby="private-versions">
        <h2 id="private-versions" className="mb-3 text-xl font-bold">
          {t('datasets:versions.heading')}
        </h2>
        <ol className="flex flex-col gap-3">
          {dataset.versions.map((v) => (
            <li key={v.version} className="card p-4">
              <h3 className="font-bold">
                {t('datasets:versions.version', { version: v.version })}
              </h3>
              <p className="text-sm text-muted">
                <time dateTime={isoDate(new Date(v.createdAt))}>
                  {t('datasets:versions.published', {
                    date: formatDate(new Date(v.createdAt), locale),
                  })}
                </time>{' '}
                ·{' '}
                {t('datasets:versions.rows', {
                  count: numberFormat(locale).format(v.entriesCount),
                })}
              </p>
              <p className="mt-2 whitespace-pre-line break-words">
                {v.changelog || (
                  <span className="text-muted">{t('datasets:versions.noChangelog')}</span>
                )}
              </p>
              <p className="mt-3 flex flex-wrap gap-2">
                {FORMATS.map(([format, label]) => (
                  <button
                    key={format}
                    type="button"
                    className="btn btn-secondary px-3 py-1"
                    aria-label={t('datasets:versions.downloadAs', {
                      version: v.version,
                      format: label,
                    })}
                    onClick={() => void save(dataset, v.version, format, t)}
                  >
                    {label}
                  </button>
                ))}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

type Found = { dataset: Dataset; content: VersionContent | null };

/**
 * On the 404 page of /datasets/{id}: a private dataset exists only for its owner, and only the
 * browser knows who is signed in. Signed in, this asks the API; when the dataset comes back
 * (the viewer owns it) it takes the error's place. Otherwise it shows nothing.
 */
export default function PrivateDataset({
  datasetId,
  locale,
}: {
  datasetId: number;
  locale: Locale;
}) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const [found, setFound] = useState<{ userId: number; value: Found } | null>(null);
  const userId = hydrated ? (user?.id ?? null) : null;

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    Promise.all([
      getDataset(datasetId),
      getLatestVersion(datasetId, { offset: 0, limit: VIEWER_PAGE_ROWS }).catch(() => null),
    ])
      .then(([dataset, content]) => {
        if (current) setFound({ userId, value: { dataset, content } });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [datasetId, userId]);

  const shown = found && found.userId === userId ? found.value : null;
  useEffect(() => {
    const error = document.getElementById('error-title')?.closest('section');
    if (error) error.hidden = shown !== null;
    if (shown) document.title = document.title.replace(/^[^·]*/, `${shown.dataset.name} `);
  }, [shown]);

  if (!shown) return null;
  return <OwnerView dataset={shown.dataset} content={shown.content} locale={locale} t={t} />;
}
