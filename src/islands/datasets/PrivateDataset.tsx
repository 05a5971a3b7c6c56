import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../contracts/datasets.ts';
import type { DownloadFormat } from '../../contracts/limits.ts';
import { downloadVersion } from '../../lib/api/datasets.ts';
import { privateDatasetApi } from '../../lib/api/private-dataset.ts';
import { failureText } from '../../lib/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { $auth } from '../../stores/auth.ts';
import { createPrivateDataset } from '../../stores/private-dataset.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { useHydrated } from '../useHydrated.ts';
import { OwnerDatasetView } from './OwnerDatasetView.tsx';

/** Saves a version through the API with the bearer token (a private dataset's plain link is 404). */
async function save(dataset: Dataset, version: number, format: DownloadFormat, t: T) {
  try {
    const blob = await downloadVersion(dataset.id, version, format);
    saveFile(blob, `${dataset.name}-v${version}.${format}`);
  } catch (error) {
    toastFailure(t('datasets:versions.downloadFailed'), failureText(error, t));
  }
}

/**
 * On the 404 page of /datasets/{id}: a private dataset exists only for its owner, and only the
 * browser knows who is signed in. Signed in, its store reads the page the address names through
 * the API; when the dataset comes back (the viewer owns it) it takes the error's place, with the
 * public page's tabs. Otherwise it shows nothing.
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
  const [store] = useState(() =>
    createPrivateDataset(privateDatasetApi, {
      datasetId,
      search: typeof location === 'undefined' ? '' : location.search,
    }),
  );
  const { page } = useStore(store.$private);
  const userId = hydrated ? (user?.id ?? null) : null;

  useEffect(() => {
    void store.load(userId);
  }, [store, userId]);

  useEffect(() => {
    const error = document.getElementById('error-title')?.closest('section');
    if (error) error.hidden = page !== null;
    if (page) document.title = document.title.replace(/^[^·]*/, `${page.dataset.name} `);
  }, [page]);

  if (!page) return null;
  const t = getT(locale);
  return (
    <OwnerDatasetView
      page={page}
      locale={locale}
      t={t}
      path={location.pathname}
      onDownload={(version, format) => void save(page.dataset, version, format, t)}
    />
  );
}
