import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getT, loadAreas } from '../../src/i18n/index.ts';
import type { PageQuery } from '../../src/lib/api/community.ts';
import type {
  Notification,
  NotificationPage,
  WatchingPage,
} from '../../src/lib/api/notifications.ts';
import { keysToCamel } from '../../src/lib/case.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import { createInbox, createWatching } from '../../src/stores/inbox.ts';
import { $unread } from '../../src/stores/notifications.ts';
import { $toasts } from '../../src/stores/toasts.ts';
import { wireSummary } from '../support/wire.ts';

beforeAll(() => loadAreas(['notifications']));
beforeEach(() => {
  $toasts.set([]);
  $unread.set(0);
});

const t = getT('en-US');

const note = (id: number): Notification => ({
  id,
  kind: 'version.published',
  read: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  actor: null,
  dataset: { id: 3, name: 'Rivers' },
  version: 2,
  details: {},
});

/** An inbox of `total` unread notifications, 20 a page; `down` makes the next call fail. */
function inboxApi(total: number) {
  const api = {
    down: false,
    read: new Set<number>(),
    list: ({ offset = 0, limit = 20 }: PageQuery): Promise<NotificationPage> => {
      if (api.down) return Promise.reject(new Error('offline'));
      const ids = Array.from(
        { length: Math.max(0, Math.min(limit, total - offset)) },
        (_, i) => offset + i + 1,
      );
      const unreadCount = total - api.read.size;
      return Promise.resolve({ notifications: ids.map(note), unreadCount, total, offset, limit });
    },
    markRead: (id: number | 'all'): Promise<number> => {
      if (api.down)
        return Promise.reject(new ApiError('down', { status: 503, code: 'SERVICE_UNAVAILABLE' }));
      if (id === 'all') for (let n = 1; n <= total; n++) api.read.add(n);
      else api.read.add(id);
      return Promise.resolve(total - api.read.size);
    },
  };
  return api;
}

const unreadIds = (page: NotificationPage | null) =>
  page?.notifications.filter((n) => !n.read).map((n) => n.id);

describe('the notifications inbox', () => {
  it('shows the first page and the badge, then loads more until all are shown', async () => {
    const inbox = createInbox(inboxApi(25), t);
    await inbox.start();
    expect(inbox.$list.get().data?.notifications).toHaveLength(20);
    expect($unread.get()).toBe(25);
    expect(inbox.$hasMore.get()).toBe(true);
    await inbox.more();
    expect(
      inbox.$list
        .get()
        .data?.notifications.map((n) => n.id)
        .slice(18),
    ).toEqual([19, 20, 21, 22, 23, 24, 25]);
    expect(inbox.$hasMore.get()).toBe(false);
  });

  it('marks one read and then all, the badge following, and says so', async () => {
    const inbox = createInbox(inboxApi(3), t);
    await inbox.start();
    await inbox.mark(2);
    expect(unreadIds(inbox.$list.get().data)).toEqual([1, 3]);
    expect($unread.get()).toBe(2);
    expect(inbox.$message.get()).toBe('');
    await inbox.mark('all');
    expect(unreadIds(inbox.$list.get().data)).toEqual([]);
    expect($unread.get()).toBe(0);
    expect(inbox.$message.get()).toBe(t('notifications:inbox.allRead'));
  });

  it('keeps a notification unread and shows a toast when marking fails', async () => {
    const api = inboxApi(2);
    const inbox = createInbox(api, t);
    await inbox.start();
    api.down = true;
    await inbox.mark(1);
    expect(unreadIds(inbox.$list.get().data)).toEqual([1, 2]);
    expect($toasts.get()[0]).toMatchObject({
      title: t('notifications:inbox.failed'),
      variant: 'destructive',
    });
  });

  it('keeps the page shown when the next fails, and retries that page', async () => {
    const api = inboxApi(30);
    const inbox = createInbox(api, t);
    await inbox.start();
    api.down = true;
    await inbox.more();
    expect(inbox.$list.get()).toMatchObject({ status: 'failed', params: { offset: 20 } });
    expect(inbox.$list.get().data?.notifications).toHaveLength(20);
    api.down = false;
    await inbox.retry();
    expect(inbox.$list.get().data?.notifications).toHaveLength(30);
  });
});

describe('the datasets watched', () => {
  it('drops a dataset from the list once no longer watched, and says so', async () => {
    const datasets = [1, 2, 3].map((id) =>
      keysToCamel<WatchingPage['datasets'][number]>(wireSummary(id)),
    );
    const stopped: number[] = [];
    const watching = createWatching(
      {
        list: () => Promise.resolve({ datasets, total: 3, offset: 0, limit: 20 }),
        setWatching: (id, watch) => {
          stopped.push(id);
          return Promise.resolve({ watching: watch, watchCount: 0 });
        },
      },
      t,
    );
    await watching.start();
    await watching.stop(2, 'Dataset 2');
    expect(stopped).toEqual([2]);
    expect(watching.$list.get().data).toMatchObject({ total: 2, datasets: [{ id: 1 }, { id: 3 }] });
    expect(watching.$message.get()).toBe(`${t('community:watch.stopped')}: Dataset 2`);
  });
});
