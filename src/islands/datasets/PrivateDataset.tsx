import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { DatasetView } from '../../components/datasets/DatasetView.tsx';
import type { Dataset as WireDataset } from '../../contracts/datasets.ts';
import {
  downloadVersion,
  getDataset,
  getLatestVersion,
  previewMarkdown,
} from '../../lib/api/datasets.ts';
import type { Dataset, DownloadFormat, VersionContent } from '../../lib/api/types.ts';
import { keysToSnake } from '../../lib/case.ts';
import { failureText } from '../../lib/error-text.ts';
import { headerDescriptions, VIEWER_PAGE_ROWS } from '../../lib/tables/viewer.ts';
import { DEFAULT_VIEW } from '../../lib/tables/view-address.ts';
import { $auth } from '../../stores/auth.ts';
import { toastFailure } from '../../stores/toasts.ts';
import RateControl from '../community/RateControl.tsx';
import { useHydrated } from '../useHydrated.ts';
import OwnerTools from './OwnerTools.tsx';
import { saveFile } from '../../lib/save-file.ts';

/** The owner's data viewer, loaded with the rest of the private page only when it is shown. */
const DataViewer = lazy(() => import('./viewer/DataViewer.tsx'));
/** The owner's SQL console (its DuckDB reads the private file with a read key). */
const SqlConsole = lazy(() => import('./sql/SqlConsole.tsx'));

/** Saves a version through the API with the bearer token (a private dataset's plain link is 404). */
async function save(dataset: WireDataset, version: number, format: DownloadFormat, t: T) {
  try {
    const blob = await downloadVersion(dataset.id, version, format);
    saveFile(blob, `${dataset.name}-v${version}.${format}`);
  } catch (error) {
    toastFailure(t('datasets:versions.downloadFailed'), failureText(error, t));
  }
}

/**
 * The dataset card as HTML, rendered by the server as on the public page (`POST /markdown`, so no
 * Markdown code ships here); '' until it comes, and when the dataset has none.
 */
function useReadmeHtml(readme: string): string {
  const [html, setHtml] = useState({ readme: '', html: '' });
  useEffect(() => {
    if (readme.trim() === '') return;
    let current = true;
    previewMarkdown(readme)
      .then((answer) => current && setHtml({ readme, html: answer.html }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [readme]);
  return html.readme === readme ? html.html : '';
}

/** The owner's tools' dataset. */
const ownerToolsOf = (dataset: WireDataset) => ({
  datasetId: dataset.id,
  ownerId: dataset.owner.id,
  forkOf: dataset.forked_from?.id ?? null,
  latestVersion: dataset.latest_version,
});

/** The public page's view (components/datasets/DatasetView.tsx), with the owner's own controls. */
function OwnerView({
  found,
  content,
  locale,
}: {
  found: Dataset;
  content: VersionContent | null;
  locale: Locale;
}) {
  const t = getT(locale);
  const dataset = keysToSnake<WireDataset>(found);
  const readmeHtml = useReadmeHtml(dataset.readme);
  return (
    <DatasetView
      dataset={dataset}
      locale={locale}
      readmeHtml={readmeHtml}
      actions={
        <>
          <span className="rounded-full bg-danger-50 px-2.5 py-0.5 text-sm font-semibold text-danger">
            {t('datasets:card.private')}
          </span>
          <OwnerTools {...ownerToolsOf(dataset)} locale={locale} />
        </>
      }
      notice={
        <p role="note" className="rounded-lg bg-brand-50 p-3 text-sm">
          {t('datasets:private.notice')}
        </p>
      }
      data={
        content && (
          <Suspense fallback={<p className="text-muted">{t('viewer:loading')}</p>}>
            <DataViewer
              datasetId={dataset.id}
              locale={locale}
              versions={dataset.versions.map((v) => ({
                version: v.version,
                rows: v.entries_count,
              }))}
              latest={content.version}
              view={DEFAULT_VIEW}
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
              descriptions={headerDescriptions(dataset.column_descriptions, dataset.versions)}
            />
            <SqlConsole
              datasetId={dataset.id}
              versions={dataset.versions.map((v) => v.version)}
              locale={locale}
              descriptions={dataset.column_descriptions}
            />
          </Suspense>
        )
      }
      aside={
        <RateControl
          datasetId={dataset.id}
          ownerId={dataset.owner_id}
          averageScore={dataset.average_score}
          ratingCount={dataset.rating_count}
          path={localizePath(`/datasets/${dataset.id}`, locale)}
          locale={locale}
        />
      }
      onDownload={(version, format) => void save(dataset, version, format, t)}
    />
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
  return <OwnerView found={shown.dataset} content={shown.content} locale={locale} />;
}
