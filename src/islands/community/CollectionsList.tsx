import { useEffect, useRef, useState } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { listFavorites, type Favorite, type FavoritePage } from '../../lib/api/community.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants.ts';
import { failureText } from '../../lib/error-text.ts';
import { setFavorite } from '../../stores/community.ts';
import { createLoader, nextPage, type Loader } from '../../stores/loader.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { useLoader } from '../useLoader.ts';
import { DatasetSummaryCard } from './DatasetSummaryCard.tsx';
import { ListEnd, ListFailure, pageFailure } from './ListFailure.tsx';
import { useViewer } from './useViewer.ts';

type FavoriteLoader = Loader<{ offset: number }, FavoritePage>;

/** The page without a removed favourite, one fewer in all. */
const withoutFavorite = (page: FavoritePage | null, id: number): FavoritePage | null =>
  page && {
    ...page,
    favorites: page.favorites.filter((f) => f.id !== id),
    total: Math.max(0, page.total - 1),
  };

/**
 * Removing a favourite, one at a time: it leaves the list, the status line says so and focus
 * goes to the list's heading; a failure is a toast.
 */
function useRemoval(loader: FavoriteLoader, t: T) {
  const [removing, setRemoving] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  async function remove(favorite: Favorite) {
    if (removing !== null) return;
    setRemoving(favorite.id);
    setMessage('');
    try {
      await setFavorite(favorite.datasetId, favorite.id);
      loader.update((before) => withoutFavorite(before, favorite.id));
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

  return { removing, message, heading, remove };
}

/** A favourite: its dataset's card with a remove button. */
function FavoriteItem({
  favorite,
  removing,
  remove,
  locale,
  t,
}: {
  favorite: Favorite;
  removing: boolean;
  remove: (favorite: Favorite) => Promise<void>;
  locale: Locale;
  t: T;
}) {
  return (
    <li>
      <DatasetSummaryCard dataset={favorite.dataset} locale={locale} t={t}>
        <div>
          <button
            type="button"
            className="btn btn-secondary aria-disabled:opacity-60"
            aria-disabled={removing || undefined}
            onClick={() => void remove(favorite)}
          >
            {t('community:collections.remove')}
            <span className="sr-only"> {favorite.dataset.name}</span>
          </button>
        </div>
      </DatasetSummaryCard>
    </li>
  );
}

/** Before the first page: "loading", or why it did not load with a retry. */
function FirstPage({ failure, retry, t }: { failure: string | null; retry: () => void; t: T }) {
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

/**
 * /collections: the signed-in user's favourites, newest first, each as its dataset card with a
 * remove control; 20 at a time with "load more". Shows "loading" on the server and until the
 * stored session is read (the page's guard sends guests to sign in).
 */
export default function CollectionsList({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  const list = useLoader((): FavoriteLoader =>
    createLoader({
      fetch: ({ offset }: { offset: number }, signal) =>
        listFavorites({ offset, limit: DEFAULT_PAGE_SIZE }, signal),
      combine: nextPage<'favorites', FavoritePage>('favorites'),
    }),
  );
  const { data, loader } = list;
  const retry = () => void loader.retry();
  const { removing, message, heading, remove } = useRemoval(loader, t);

  useEffect(() => {
    if (viewer.signedIn) void loader.load({ offset: 0 });
  }, [loader, viewer.signedIn]);

  const status = (
    <p role="status" className="sr-only">
      {message}
    </p>
  );

  if (!data) return <FirstPage failure={pageFailure(list, t)} retry={retry} t={t} />;

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
            <FavoriteItem
              key={favorite.id}
              favorite={favorite}
              removing={removing === favorite.id}
              remove={remove}
              locale={locale}
              t={t}
            />
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
