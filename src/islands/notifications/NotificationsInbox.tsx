import { useStore } from '@nanostores/react';
import { getT, type T, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { listNotifications, markRead, type Notification } from '../../lib/api/notifications.ts';
import { formatDate } from '../../lib/dates.ts';
import { createInbox, type Inbox } from '../../stores/inbox.ts';
import { $unread } from '../../stores/notifications.ts';
import { useFlow } from '../useFlow.ts';
import { ListEnd, ListStart } from '../community/ListFailure.tsx';
import { useViewer } from '../community/useViewer.ts';
import { notificationLine } from './notification-line.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['notifications']);

function Item(props: { n: Notification; mark: (id: number) => void; locale: Locale; t: T }) {
  const { n, mark, locale, t } = props;
  const { text, href } = notificationLine(n, t, locale);
  return (
    <li
      className={`card flex flex-wrap items-center gap-3 p-4 ${n.read ? '' : 'border-brand-700'}`}
      data-testid="notification"
      data-read={n.read ? 'true' : 'false'}
    >
      {!n.read && (
        <span className="rounded bg-brand-700 px-2 text-xs leading-5 font-bold text-white">
          {t('notifications:inbox.unreadMark')}
        </span>
      )}
      <span className={`min-w-0 flex-1 ${n.read ? 'text-muted' : 'font-medium'}`}>
        {href ? <a href={href}>{text}</a> : text}
      </span>
      <time dateTime={n.createdAt} className="text-sm text-muted">
        {formatDate(new Date(n.createdAt), locale)}
      </time>
      {!n.read && (
        <button type="button" className="btn btn-secondary" onClick={() => mark(n.id)}>
          {t('notifications:inbox.markRead')}
          <span className="sr-only">: {text}</span>
        </button>
      )}
    </li>
  );
}

/** The signed-in person's inbox, loaded once shown. */
function Inbox({ locale, t }: { locale: Locale; t: T }) {
  const inbox: Inbox = useFlow(() => createInbox({ list: listNotifications, markRead }, t));
  const state = useStore(inbox.$list);
  const unread = useStore($unread);
  const message = useStore(inbox.$message);
  const hasMore = useStore(inbox.$hasMore);
  const retry = () => void inbox.retry();

  if (!state.data) return <ListStart state={state} retry={retry} t={t} />;
  const { notifications } = state.data;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="inbox-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="inbox-heading" className="flex-1 text-lg font-bold">
          {t('notifications:inbox.count', { count: unread })}
        </h2>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={unread === 0}
          onClick={() => void inbox.mark('all')}
        >
          {t('notifications:inbox.markAllRead')}
        </button>
      </div>
      <p role="status" className="sr-only">
        {message}
      </p>
      {notifications.length === 0 ? (
        <p>{t('notifications:inbox.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notifications.map((n) => (
            <Item key={n.id} n={n} mark={(id) => void inbox.mark(id)} locale={locale} t={t} />
          ))}
        </ul>
      )}
      <ListEnd state={state} retry={retry} more={hasMore ? () => void inbox.more() : null} t={t} />
    </section>
  );
}

/**
 * /notifications: the signed-in person's notifications, newest first, 20 at a time with "load
 * more"; unread ones are marked and have a "mark read" button; "mark all read" above. The
 * unread count is the header's badge (stores/notifications.ts), set from each answer.
 */
export default function NotificationsInbox({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  if (!viewer.signedIn) {
    return (
      <p role="status" className="text-muted">
        {t('common:common.loading')}
      </p>
    );
  }
  return <Inbox locale={locale} t={t} />;
}
