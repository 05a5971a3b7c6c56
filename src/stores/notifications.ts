/**
 * The signed-in person's unread notification count, as the header's badge shows it: read once
 * per page load (`loadUnread`), and set again by whatever marks notifications read.
 */
import { atom } from 'nanostores';
import { markRead, unreadCount } from '../lib/api/notifications.ts';

export const $unread = atom<number>(0);

let asked = false;

/** Reads the count once per page (again only after a failure). */
export function loadUnread(): void {
  if (asked) return;
  asked = true;
  unreadCount()
    .then((n) => $unread.set(n))
    .catch(() => {
      asked = false;
    });
}

/** Marks one notification, or all, read; the badge follows. */
export async function markNotificationsRead(id: number | 'all'): Promise<void> {
  $unread.set(await markRead(id));
}
