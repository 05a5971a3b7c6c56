import { getT } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { PublicUser } from '../../lib/api/types.ts';
import { numberFormat } from '../../lib/intl.ts';
import { UserAvatar } from './UserAvatar.tsx';

/** What a list shows of a user (the same fields in the API's wire and browser shapes). */
type ListedUser = Pick<PublicUser, 'id' | 'username' | 'nickname' | 'avatar'>;
export type UserListPage = { users: ListedUser[]; total: number };

type Props = { id: string; heading: string; empty: string; page: UserListPage; locale: Locale };

/**
 * A titled list of users (a profile's followers or following): picture, name link, @username,
 * and how many of how many are shown. Rendered on the server; FollowersList keeps one current.
 */
export function UserList({ id, heading, empty, page, locale }: Props) {
  const t = getT(locale);
  const number = numberFormat(locale);
  return (
    <section className="card flex min-w-0 flex-col gap-3 p-5" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold">
        {heading} <span className="font-normal text-muted">({number.format(page.total)})</span>
      </h2>
      {page.users.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid={id}>
            {page.users.map((user) => (
              <li key={user.id} className="flex items-center gap-3">
                <UserAvatar user={user} size="sm" />
                <span className="min-w-0 wrap-anywhere">
                  <a href={localizePath(`/users/${user.id}`, locale)} className="font-medium">
                    {user.nickname || user.username}
                  </a>{' '}
                  <span className="text-sm text-muted">@{user.username}</span>
                </span>
              </li>
            ))}
          </ul>
          {page.total > page.users.length && (
            <p className="text-sm text-muted">
              {t('community:profile.usersShown', {
                shown: page.users.length,
                total: page.total,
              })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
