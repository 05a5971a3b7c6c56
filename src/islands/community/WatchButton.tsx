import { useEffect, useState } from 'react';
import { useOneAtATime } from './useOneAtATime.ts';
import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { setWatching, watchStatus, type WatchStatus } from '../../lib/api/notifications.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { failureText } from '../../lib/error-text.ts';
import { useViewer } from './useViewer.ts';

type Props = {
  datasetId: number;
  locale: Locale;
};

/** The number of watchers beside the control, once known. */
function WatchCount({ status, locale }: { status: WatchStatus | null; locale: Locale }) {
  if (!status) return null;
  const t = getT(locale);
  return (
    <span className="text-sm text-muted" data-testid="watch-count">
      {t('community:watch.count', { count: status.watchCount })}
    </span>
  );
}

/**
 * Watches a dataset (told of its new versions): a toggle button (aria-pressed) with the number
 * of watchers, read once mounted. Disabled while a request runs. Nothing for guests.
 */
export default function WatchButton({ datasetId, locale }: Props) {
  const t = getT(locale);
  const viewer = useViewer();
  const [status, setStatus] = useState<WatchStatus | null>(null);
  const { pending, run } = useOneAtATime();
  const [message, setMessage] = useState('');
  const known = viewer.signedIn || !viewer.early;

  useEffect(() => {
    if (!known) return;
    let live = true;
    watchStatus(datasetId)
      .then((found) => {
        if (live) setStatus(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [known, viewer.signedIn, datasetId]);

  // Watching is for people signed in; a guest is offered sign-in by Favourite beside it, and the
  // title block of a phone keeps to two rows (tests/e2e/phone-pages.spec.ts).
  if (!viewer.signedIn) return null;

  const watching = status?.watching === true;
  const toggle = () =>
    run(async () => {
      if (!status) return;
      setMessage('');
      try {
        const next = await setWatching(datasetId, !status.watching);
        setStatus(next);
        setMessage(t(next.watching ? 'community:watch.started' : 'community:watch.stopped'));
      } catch (error) {
        toastFailure(t('community:watch.failed'), failureText(error, t));
      }
    });

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="btn btn-secondary"
        aria-pressed={watching}
        aria-busy={pending || !status}
        aria-disabled={pending || undefined}
        disabled={!status}
        onClick={() => void toggle()}
        data-testid="watch-button"
      >
        <span aria-hidden="true" className={watching ? 'text-brand-700' : 'opacity-60'}>
          {watching ? '●' : '○'}
        </span>
        {t('community:watch.button')}
      </button>
      <WatchCount status={status} locale={locale} />
      <span role="status" className="sr-only">
        {message}
      </span>
    </span>
  );
}
