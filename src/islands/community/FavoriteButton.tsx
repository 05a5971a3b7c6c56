import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { checkFavorite } from '../../lib/api/community.ts';
import { liveCountsIn } from '../../lib/live-counts.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { setFavorite } from '../../stores/community.ts';
import { createFavorite } from '../../stores/community-toggles.ts';
import { useToggle } from './useToggle.ts';
import { guestPlaceholder, useViewer } from './useViewer.ts';

type Props = {
  datasetId: number;
  /** This page's path, to come back to after signing in. */
  path: string;
  locale: Locale;
};

/**
 * Favourites a dataset: a toggle button (aria-pressed) whose state comes from the favourite
 * check once mounted (a failed check reads as "not favourited"). Disabled while a request runs,
 * so a double click sends one. Guests get a sign-in link.
 */
export default function FavoriteButton({ datasetId, path, locale }: Props) {
  const t = getT(locale);
  const viewer = useViewer();
  const { status, pending, message, toggle } = useToggle(
    () =>
      createFavorite(
        datasetId,
        { check: checkFavorite, set: setFavorite },
        liveCountsIn(locale),
        t,
      ),
    viewer.signedIn,
  );

  if (!viewer.signedIn) {
    return (
      <a href={loginUrl(locale, path)} className="btn btn-secondary" {...guestPlaceholder(viewer)}>
        <span aria-hidden="true">☆</span>
        {t('community:favorite.signIn')}
      </a>
    );
  }

  const favorited = status?.isFavorited === true;
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        aria-pressed={favorited}
        aria-busy={pending || !status}
        // Kept focusable while saving (a disabled button would drop keyboard focus).
        aria-disabled={pending || undefined}
        disabled={!status}
        onClick={toggle}
        data-testid="favorite-button"
      >
        <span aria-hidden="true" className={favorited ? 'text-amber-600' : undefined}>
          {favorited ? '★' : '☆'}
        </span>
        {t('community:favorite.button')}
      </button>
      <span role="status" className="sr-only">
        {message}
      </span>
    </>
  );
}
