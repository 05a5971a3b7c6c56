import { useEffect, useState } from 'react';
import { getT, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { listWatching, setWatching, type WatchingPage } from '../../lib/api/notifications.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants.ts';
import { failureText } from '../../lib/error-text.ts';
import { createLoader, nextPage, type Loader } from '../../stores/loader.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { useLoader } from '../useLoader.ts';
import { DatasetSummaryCard } from '../community/DatasetSummaryCard.tsx';
import { ListEnd, ListFailure, pageFailure } from '../community/ListFailure.tsx';
import { useViewer } from '../community/useViewer.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['notifications']);

type WatchingLoader = Loader<{ offset: number }, WatchingPage>;

/** "Stop watching": the dataset leaves the list and the status line says so. */
function useStopping(loader: WatchingLoader, locale: Locale) {
  const t = getT(locale);
  const [message, setMessage] = useState('');
  async function stop(id: number, name: string) {
    setMessage('');
    try {
      await setWatching(id, false);
      loader.update(
        (before) =>
          before && {
            ...before,
            datasets: before.datasets.filter((d) => d.id !== id),
            total: Math.max(0, before.total - 1),
          },
      );
      setMessage(`${t('community:watch.stopped')}: ${name}`);
    } catch (error) {
      toastFailure(t('community:watch.failed'), failureText(error, t));
    }
  }
  return { message, stop };
}

/**
 * The profile's "Watching" list: the datasets the signed-in person watches, most recently
 * watched first, 20 at a time, each with "stop watching" (it then leaves the list).
 */
export default function WatchingList({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  const list = useLoader((): WatchingLoader =>
    createLoader({
      fetch: ({ offset }: { offset: number }, signal) =>
        listWatching({ offset, limit: DEFAULT_PAGE_SIZE }, signal),
      combine: nextPage<'datasets', WatchingPage>('datasets'),
    }),
  );
  const { data, loader } = list;
  const retry = () => void loader.retry();
  const { message, stop } = useStopping(loader, locale);

  useEffect(() => {
    if (viewer.signedIn) void loader.load({ offset: 0 });
  }, [loader, viewer.signedIn]);

  if (!data) {
    const failure = pageFailure(list, t);
    return failure === null ? (
      <p className="text-muted">{t('common:common.loading')}</p>
    ) : (
      <ListFailure text={failure} retry={retry} t={t} />
    );
  }
  const { datasets, total } = data;
  return (
    <div className="flex flex-col gap-4">
      <p>{t('notifications:watching.count', { count: total })}</p>
      <p role="status" className="sr-only">
        {message}
      </p>
      {datasets.length === 0 ? (
        <p>{t('notifications:watching.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {datasets.map((d) => (
            <li key={d.id}>
              <DatasetSummaryCard dataset={d} locale={locale} t={t}>
                <div>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => void stop(d.id, d.name)}
                  >
                    {t('notifications:watching.stop')}
                    <span className="sr-only"> {d.name}</span>
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
        more={datasets.length < total ? () => void loader.load({ offset: datasets.length }) : null}
        t={t}
      />
    </div>
  );
}
