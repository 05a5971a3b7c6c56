import { useStore } from '@nanostores/react';
import { getT, loadAreas, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { listWatching, setWatching } from '../../lib/api/notifications.ts';
import { createWatching, type Watching } from '../../stores/inbox.ts';
import { useFlow } from '../useFlow.ts';
import { DatasetSummaryCard } from '../community/DatasetSummaryCard.tsx';
import { ListEnd, ListStart } from '../community/ListFailure.tsx';
import { useViewer } from '../community/useViewer.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['notifications']);

/** The datasets watched, loaded once shown. */
function Watched({ locale, t }: { locale: Locale; t: T }) {
  const watching: Watching = useFlow(() => createWatching({ list: listWatching, setWatching }, t));
  const state = useStore(watching.$list);
  const message = useStore(watching.$message);
  const hasMore = useStore(watching.$hasMore);
  const retry = () => void watching.retry();

  if (!state.data) return <ListStart state={state} retry={retry} t={t} />;
  const { datasets, total } = state.data;
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
                    onClick={() => void watching.stop(d.id, d.name)}
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
        state={state}
        retry={retry}
        more={hasMore ? () => void watching.more() : null}
        t={t}
      />
    </div>
  );
}

/**
 * The profile's "Watching" list: the datasets the signed-in person watches, most recently
 * watched first, 20 at a time, each with "stop watching" (it then leaves the list).
 */
export default function WatchingList({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  if (!viewer.signedIn) {
    return (
      <p role="status" className="text-muted">
        {t('common:common.loading')}
      </p>
    );
  }
  return <Watched locale={locale} t={t} />;
}
