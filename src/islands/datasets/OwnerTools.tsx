import { useStore } from '@nanostores/react';
import { getT } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { $auth } from '../../stores/auth.ts';
import { useHydrated } from '../useHydrated.ts';

type Props = {
  datasetId: number;
  ownerId: number;
  /** A fork's original (its owner may propose the fork's latest version to it). */
  forkOf: number | null;
  latestVersion: number;
  locale: Locale;
};

/**
 * Links to edit the dataset, publish a new version and (a fork) propose its latest version to
 * the original, shown only to its signed-in owner.
 */
export default function OwnerTools({ datasetId, ownerId, forkOf, latestVersion, locale }: Props) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  if (!hydrated || !user || user.id !== ownerId) return null;
  return (
    <nav aria-label={t('datasets:owner.tools')} className="flex flex-wrap gap-2">
      <a
        className="btn btn-secondary"
        href={localizePath(`/datasets/edit?id=${datasetId}`, locale)}
      >
        {t('datasets:owner.edit')}
      </a>
      <a
        className="btn btn-secondary"
        href={localizePath(`/datasets/version/create?id=${datasetId}`, locale)}
      >
        {t('datasets:owner.newVersion')}
      </a>
      {forkOf !== null && latestVersion > 0 && (
        <a
          className="btn btn-secondary"
          href={localizePath(
            `/datasets/${forkOf}/proposals/new?fork=${datasetId}&version=${latestVersion}`,
            locale,
          )}
        >
          {t('datasets:owner.propose')}
        </a>
      )}
    </nav>
  );
}
