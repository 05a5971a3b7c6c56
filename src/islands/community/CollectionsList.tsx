import { useCallback, useEffect, useRef, useState } from 'react';
import { getT } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { listFavorites, type Favorite, type FavoritePage } from '../../lib/api/community.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants.ts';
import { setFavorite } from '../../stores/community.ts';
import { toast } from '../../stores/toasts.ts';
import { DatasetSummaryCard } from './DatasetSummaryCard.tsx';
import { failureText } from '../../lib/error-text.ts';
import { ListFailure } from './ListFailure.tsx';
import { useViewer } from './useViewer.ts';

type Loaded = { favorites: Favorite[]; total: number };

/**
 * /collections: the signed-in user's favourites, newest first, each as its dataset card with a
 * remove control; 20 at a time with "load more". Shows "loading" on the server and until the
 * stored session is read (the page's guard sends guests to sign in).
 */
export default function CollectionsList({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const show = useCallback((page: FavoritePage, offset: number) => {
    setLoaded((before) => ({
      favorites: offset === 0 ? page.favorites : [...(before?.favorites ?? []), ...page.favorites],
      total: page.total,
    }));
  }, []);

  /** Another page (or a retry), from a button. */
  async function load(offset: number) {
    setLoading(true);
    setFailed(null);
    try {
      show(await listFavorites({ offset, limit: DEFAULT_PAGE_SIZE }), offset);
    } catch (error) {
      setFailed(failureText(error, t) ?? '');
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    if (!viewer.signedIn) return;
    let live = true;
    listFavorites({ offset: 0, limit: DEFAULT_PAGE_SIZE })
      .then((page) => {
        if (live) show(page, 0);
      })
      .catch((error: unknown) => {
        if (live) setFailed(failureText(error, t) ?? '');
      });
    return () => {
      live = false;
    };
  }, [viewer.signedIn, show, t]);

  async function remove(favorite: Favorite) {
    if (removing !== null) return;
    setRemoving(favorite.id);
    setMessage('');
    try {
      await setFavorite(favorite.datasetId, favorite.id);
      setLoaded(
        (before) =>
          before && {
            favorites: before.favorites.filter((f) => f.id !== favorite.id),
            total: Math.max(0, before.total - 1),
          },
      );
      setMessage(t('community:collections.removed', { name: favorite.dataset.name }));
      // The card (and its button) is gone: keep keyboard users in the list.
      heading.current?.focus();
    } catch (error) {
      const description = failureText(error, t);
      toast({
        title: t('community:favorite.failed'),
        variant: 'destructive',
        ...(description && { description }),
      });
    } finally {
      setRemoving(null);
    }
  }

  const status = (
    <p role="status" className="sr-only">
      {message}
    </p>
  );

  if (!loaded) {
    return (
      <div className="flex flex-col gap-3">
        {failed === null ? (
          <p role="status" className="text-muted">
            {t('common:common.loading')}
          </p>
        ) : (
          <ListFailure text={failed} retry={() => void load(0)} t={t} />
        )}
      </div>
    );
  }

  const { favorites, total } = loaded;
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
      {failed !== null && (
        <ListFailure text={failed} retry={() => void load(favorites.length)} t={t} />
      )}
      {favorites.length < total && failed === null && (
        <div>
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={loading || undefined}
            onClick={() => {
              if (!loading) void load(favorites.length);
            }}
          >
            {t('community:list.more')}
          </button>
        </div>
      )}
    </section>
  );
}
