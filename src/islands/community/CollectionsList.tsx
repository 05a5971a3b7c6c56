import { useEffect, useRef, useState } from 'react';
import { getT } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { listFavorites, type Favorite, type FavoritePage } from '../../lib/api/community.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants.ts';
import { failureText } from '../../lib/error-text.ts';
import { setFavorite } from '../../stores/community.ts';
import { createLoader, nextPage } from '../../stores/loader.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { useLoader } from '../useLoader.ts';
import { DatasetSummaryCard } from './DatasetSummaryCard.tsx';
import { ListEnd, ListFailure, pageFailure } from './ListFailure.tsx';
import { useViewer } from './useViewer.ts';

/**
 * /collections: the signed-in user's favourites, newest first, each as its dataset card with a
 * remove control; 20 at a time with "load more". Shows "loading" on the server and until the
 * stored session is read (the page's guard sends guests to sign in).
 */
export default function CollectionsList({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  const list = useLoader(() =>
    createLoader({
      fetch: ({ offset }: { offset: number }, signal) =>
        listFavorites({ offset, limit: DEFAULT_PAGE_SIZE }, signal),
      combine: nextPage<'favorites', FavoritePage>('favorites'),
    }),
  );
  const { data, loader } = list;
  const retry = () => void loader.retry();
  const [removing, setRemoving] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (viewer.signedIn) void loader.load({ offset: 0 });
  }, [loader, viewer.signedIn]);

  async function remove(favorite: Favorite) {
    if (removing !== null) return;
    setRemoving(favorite.id);
    setMessage('');
    try {
      await setFavorite(favorite.datasetId, favorite.id);
      loader.update(
        (before) =>
          before && {
            ...before,
            favorites: before.favorites.filter((f) => f.id !== favorite.id),
            total: Math.max(0, before.total - 1),
          },
      );
      setMessage(t('community:collections.removed', { name: favorite.dataset.name }));
      // The card (and its button) is gone: keep keyboard users in the list.
      heading.current?.focus();
    } catch (error) {
      const description = failureText(error, t);
      toastFailure(t('community:favorite.failed'), description);
    } finally {
      setRemoving(null);
    }
  }

  const status = (
    <p role="status" className="sr-only">
      {message}
    </p>
  );

  if (!data) {
    const failure = pageFailure(list, t);
    return (
      <div className="flex flex-col gap-3">
        {failure === null ? (
          <p role="status" className="text-muted">
            {t('common:common.loading')}
          </p>
        ) : (
          <ListFailure text={failure} retry={retry} t={t} />
        )}
      </div>
    );
  }

  const { favorites, total } = data;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="collections-list-heading">
      <h2 id="collections-list-heading" ref={heading} tabIndex={-1} className="text-lg font-bold">
        {t('community:collections.count', { count: total })}
      </h2>
      {status}
      {favorites.length === 0 ? (
        <p>
          {t('community:collections.empty')}{' '}
          <a href={localizePath('/datasets', locale)}>{t('community:collections.browse')}</a>
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {favorites.map((favorite) => (
            <li key={favorite.id}>
              <DatasetSummaryCard dataset={favorite.dataset} locale={locale} t={t}>
                <div>
                  <button
                    type="button"
                    className="btn btn-secondary aria-disabled:opacity-60"
                    aria-disabled={removing === favorite.id || undefined}
                    onClick={() => void remove(favorite)}
                  >
                    {t('community:collections.remove')}
                    <span className="sr-only"> {favorite.dataset.name}</span>
                  </button>
                </div>
              </DatasetSummaryCard>
            </li>
          ))}
        </ul>
      )}
      <ListEnd
        state={list}
        retry={retry}
        more={
          favorites.length < total ? () => void loader.load({ offset: favorites.length }) : null
        }
        t={t}
      />
    </section>
  );
}
