import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { setWatching, watchStatus, type WatchStatus } from '../../lib/api/notifications.ts';
import { createWatch } from '../../stores/community-toggles.ts';
import { useToggle } from './useToggle.ts';
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
  const { status, pending, message, toggle } = useToggle(
    () => createWatch(datasetId, { status: watchStatus, set: setWatching }, t),
    viewer.signedIn,
  );

  // Watching is for people signed in; a guest is offered sign-in by Favourite beside it, and the
  // title block of a phone keeps to two rows (tests/e2e/phone-pages.spec.ts).
  if (!viewer.signedIn) return null;

  const watching = status?.watching === true;
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="btn btn-secondary"
        aria-pressed={watching}
        aria-busy={pending || !status}
        aria-disabled={pending || undefined}
        disabled={!status}
        onClick={toggle}
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
