/**
 * The signed-in person's unread notification count, as the header's badge shows it: read once
 * per page load (`loadUnread`), and set again by the inbox (stores/inbox.ts) from each answer.
 */
import { atom } from 'nanostores';
import { unreadCount } from '../lib/api/notifications.ts';

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
