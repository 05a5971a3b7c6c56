import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import {
  listNotifications,
  type Notification,
  type NotificationPage,
} from '../../lib/api/notifications.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants.ts';
import { formatDate } from '../../lib/dates.ts';
import { failureText } from '../../lib/error-text.ts';
import { createLoader, nextPage, type Loader } from '../../stores/loader.ts';
import { $unread, markNotificationsRead } from '../../stores/notifications.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { useLoader } from '../useLoader.ts';
import { ListEnd, ListFailure, pageFailure } from '../community/ListFailure.tsx';
import { useViewer } from '../community/useViewer.ts';
import { notificationLine } from './notification-line.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['notifications']);

type InboxLoader = Loader<{ offset: number }, NotificationPage>;

/** The list with some (or all, `ids` null) marked read. */
const markedRead = (page: NotificationPage | null, ids: number[] | null) =>
  page && {
    ...page,
    notifications: page.notifications.map((n) =>
      ids === null || ids.includes(n.id) ? { ...n, read: true } : n,
    ),
  };

/** Marking read: the list and the header's badge follow; a failure is a toast. */
function useMarking(loader: InboxLoader, t: T) {
  const [message, setMessage] = useState('');
  async function mark(id: number | 'all') {
    setMessage('');
    try {
      await markNotificationsRead(id);
      loader.update((before) => markedRead(before, id === 'all' ? null : [id]));
      if (id === 'all') setMessage(t('notifications:inbox.allRead'));
    } catch (error) {
      toastFailure(t('notifications:inbox.failed'), failureText(error, t));
    }
  }
  return { message, mark };
}

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

/**
 * /notifications: the signed-in person's notifications, newest first, 20 at a time with "load
 * more"; unread ones are marked and have a "mark read" button; "mark all read" above. The
 * unread count is the header's badge (stores/notifications.ts), set from each answer.
 */
export default function NotificationsInbox({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  const unread = useStore($unread);
  const list = useLoader((): InboxLoader =>
    createLoader({
      fetch: async ({ offset }: { offset: number }, signal) => {
        const page = await listNotifications({ offset, limit: DEFAULT_PAGE_SIZE }, signal);
        $unread.set(page.unreadCount);
        return page;
      },
      combine: nextPage<'notifications', NotificationPage>('notifications'),
    }),
  );
  const { data, loader } = list;
  const retry = () => void loader.retry();
  const { message, mark } = useMarking(loader, t);

  useEffect(() => {
    if (viewer.signedIn) void loader.load({ offset: 0 });
  }, [loader, viewer.signedIn]);

  if (!data) {
    const failure = pageFailure(list, t);
    return failure === null ? (
      <p role="status" className="text-muted">
        {t('common:common.loading')}
      </p>
    ) : (
      <ListFailure text={failure} retry={retry} t={t} />
    );
  }

  const { notifications, total } = data;
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
          onClick={() => void mark('all')}
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
            <Item key={n.id} n={n} mark={(id) => void mark(id)} locale={locale} t={t} />
          ))}
        </ul>
      )}
      <ListEnd
        state={list}
        retry={retry}
        more={
          notifications.length < total
            ? () => void loader.load({ offset: notifications.length })
            : null
        }
        t={t}
      />
    </section>
  );
}
