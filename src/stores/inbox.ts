/**
 * The notifications inbox (/notifications) and the datasets watched (the profile's "Watching"),
 * each a paged list (stores/paged-list.ts) with its action: marking read (the header's badge,
 * `$unread`, follows) and stopping to watch (the dataset leaves the list). Failures are toasts.
 * The API comes in as `InboxApi` / `WatchingApi`, so the flows run without a browser in tests.
 */
import type { T } from '../i18n/index.ts';
import type { PageQuery } from '../lib/api/community.ts';
import type { NotificationPage, WatchingPage, WatchStatus } from '../lib/api/notifications.ts';
import { failureText } from '../lib/error-text.ts';
import { $unread } from './notifications.ts';
import { createPagedList } from './paged-list.ts';
import { toastFailure } from './toasts.ts';

export type InboxApi = {
  list: (page: PageQuery, signal: AbortSignal) => Promise<NotificationPage>;
  /** Marks one notification, or all, read; answers the unread count left. */
  markRead: (id: number | 'all') => Promise<number>;
};

/** The list with some (or all, `ids` null) marked read. */
const markedRead = (page: NotificationPage, ids: number[] | null): NotificationPage => ({
  ...page,
  notifications: page.notifications.map((n) =>
    ids === null || ids.includes(n.id) ? { ...n, read: true } : n,
  ),
});

export function createInbox(api: InboxApi, t: T) {
  const list = createPagedList('notifications', async (page, signal) => {
    const answer = await api.list(page, signal);
    $unread.set(answer.unreadCount);
    return answer;
  });
  /** Marks one notification, or all, read: the list and the header's badge follow. */
  async function mark(id: number | 'all') {
    list.$message.set('');
    try {
      $unread.set(await api.markRead(id));
      list.update((page) => markedRead(page, id === 'all' ? null : [id]));
      if (id === 'all') list.$message.set(t('notifications:inbox.allRead'));
    } catch (error) {
      toastFailure(t('notifications:inbox.failed'), failureText(error, t));
    }
  }
  return { ...list, mark };
}

export type WatchingApi = {
  list: (page: PageQuery, signal: AbortSignal) => Promise<WatchingPage>;
  setWatching: (datasetId: number, watching: boolean) => Promise<WatchStatus>;
};

export function createWatching(api: WatchingApi, t: T) {
  const list = createPagedList('datasets', api.list);
  /** Stops watching a dataset: it leaves the list and the status line says so. */
  async function stop(id: number, name: string) {
    list.$message.set('');
    try {
      await api.setWatching(id, false);
      list.update((page) => ({
        ...page,
        datasets: page.datasets.filter((d) => d.id !== id),
        total: Math.max(0, page.total - 1),
      }));
      list.$message.set(`${t('community:watch.stopped')}: ${name}`);
    } catch (error) {
      toastFailure(t('community:watch.failed'), failureText(error, t));
    }
  }
  return { ...list, stop };
}

export type Inbox = ReturnType<typeof createInbox>;
export type Watching = ReturnType<typeof createWatching>;
