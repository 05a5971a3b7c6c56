import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { listFollowers } from '../../lib/api/community.ts';
import { $followChanges } from '../../stores/community.ts';
import { UserList, type UserListPage } from './UserList.tsx';

type Props = {
  userId: number;
  /** The first page as the server rendered it, and its size. */
  page: UserListPage;
  limit: number;
  heading: string;
  empty: string;
  locale: Locale;
};

/**
 * A profile's followers: the server's first page, read again whenever the visitor follows or
 * stops following this user on the page (the follow button's change, `$followChanges`), so the
 * list and its count follow the button without a reload. A failed read keeps the list shown.
 */
export default function FollowersList({ userId, page, limit, heading, empty, locale }: Props) {
  const version = useStore($followChanges)[userId] ?? 0;
  const [shown, setShown] = useState(page);
  useEffect(() => {
    if (version === 0) return;
    let live = true;
    listFollowers(userId, { limit }).then(
      (fresh) => live && setShown(fresh),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [version, userId, limit]);
  return (
    <UserList id="user-followers" heading={heading} empty={empty} page={shown} locale={locale} />
  );
}
