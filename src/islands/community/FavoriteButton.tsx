import { useEffect, useState } from 'react';
import { useOneAtATime } from './useOneAtATime.ts';
import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { checkFavorite, type FavoriteStatus } from '../../lib/api/community.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { setFavorite } from '../../stores/community.ts';
import { bumpLiveCount, showLiveCount } from '../../lib/live-counts.ts';
import { numberFormat } from '../../lib/intl.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { failureText } from '../../lib/error-text.ts';
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
  const [status, setStatus] = useState<FavoriteStatus | null>(null);
  const { pending, run } = useOneAtATime();
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!viewer.signedIn) return;
    let live = true;
    void checkFavorite(datasetId).then((found) => {
      if (live) setStatus(found);
    });
    return () => {
      live = false;
    };
  }, [viewer.signedIn, datasetId]);

  if (!viewer.signedIn) {
    return (
      <a href={loginUrl(locale, path)} className="btn btn-secondary" {...guestPlaceholder(viewer)}>
        <span aria-hidden="true">☆</span>
        {t('community:favorite.signIn')}
      </a>
    );
  }

  const favorited = status?.isFavorited === true;

  const toggle = () =>
    run(async () => {
      if (!status) return;
      setMessage('');
      try {
        const next = await setFavorite(datasetId, status.isFavorited ? status.favoriteId : null);
        setStatus(next);
        // Adding answers the server's count (the favourite may have existed already, when the
        // check failed or another tab added it); removing takes one away.
        if (next.favorites !== undefined) {
          const text = numberFormat(locale).format(next.favorites);
          showLiveCount('favorites', datasetId, next.favorites, text);
        } else if (next.isFavorited !== status.isFavorited) {
          bumpLiveCount('favorites', datasetId, -1, locale);
        }
        setMessage(t(next.isFavorited ? 'community:favorite.added' : 'community:favorite.removed'));
      } catch (error) {
        toastFailure(t('community:favorite.failed'), failureText(error, t));
      }
    });

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
        onClick={() => void toggle()}
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
