import { useStore } from '@nanostores/react';
import { getT } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { $auth } from '../../stores/auth.ts';
import { useHydrated } from '../useHydrated.ts';

type Props = { datasetId: number; ownerId: number; locale: Locale };

/** Links to edit the dataset and publish a new version, shown only to its signed-in owner. */
export default function OwnerTools({ datasetId, ownerId, locale }: Props) {
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
    </nav>
  );
}
