import { useEffect } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { listFollowing, type FollowPage } from '../../lib/api/community.ts';
import { listUserPublicDatasets } from '../../lib/api/datasets.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { createLoader, nextPage } from '../../stores/loader.ts';
import { useLoader } from '../useLoader.ts';
import FollowButton from './FollowButton.tsx';
import { ListEnd, ListFailure, pageFailure } from './ListFailure.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import { useViewer } from './useViewer.ts';

type PublicUser = FollowPage['users'][number];

/** Recent public datasets shown under each followed user. */
const RECENT_DATASETS = 3;

function RecentDatasets({ userId, locale, t }: { userId: number; locale: Locale; t: T }) {
  const { status, data, loader } = useLoader(() =>
    createLoader({ fetch: (id: number) => listUserPublicDatasets(id, { limit: RECENT_DATASETS }) }),
  );
  useEffect(() => void loader.load(userId), [loader, userId]);

  const datasets = data?.datasets;
  if (status === 'failed') {
    return <p className="text-sm text-muted">{t('community:list.failed')}</p>;
  }
  if (!datasets) return <p className="text-sm text-muted">{t('common:common.loading')}</p>;
  if (datasets.length === 0) {
    return <p className="text-sm text-muted">{t('community:following.noDatasets')}</p>;
  }
  return (
    <ul className="flex flex-col gap-1">
      {datasets.map((d) => {
        const updated = new Date(d.updatedAt);
        return (
          <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <a href={localizePath(`/datasets/${d.id}`, locale)} className="min-w-0 wrap-anywhere">
              {d.name}
            </a>
            <time dateTime={isoDate(updated)} className="text-sm text-muted">
              {formatDate(updated, locale)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

function FollowedUser({
  user,
  path,
  locale,
  t,
}: {
  user: PublicUser;
  path: string;
  locale: Locale;
  t: T;
}) {
  const name = user.nickname || user.username;
  const headingId = `following-${user.id}`;
  return (
    <article
      className="card flex min-w-0 flex-col gap-3 p-5"
      aria-labelledby={headingId}
      data-testid="followed-user"
    >
      <div className="flex flex-wrap items-center gap-3">
        <UserAvatar user={user} size="md" />
        {/* At least 10rem for the name: on a phone the button moves under it rather than
            squeezing a long name into a narrow column. */}
        <div className="min-w-0 flex-[1_1_10rem]">
          <h3 id={headingId} className="text-lg font-bold wrap-anywhere">
            <a href={localizePath(`/users/${user.id}`, locale)}>{name}</a>
          </h3>
          <p className="text-sm wrap-anywhere text-muted">@{user.username}</p>
        </div>
        <FollowButton userId={user.id} name={name} following path={path} locale={locale} />
      </div>
      <div>
        <h4 className="mb-1 text-sm font-semibold text-muted">{t('community:following.recent')}</h4>
        <RecentDatasets userId={user.id} locale={locale} t={t} />
      </div>
    </article>
  );
}

/**
 * /following: the people the signed-in user follows, most recently followed first, each with
 * their recent public datasets and an unfollow toggle; 20 at a time with "load more".
 */
export default function FollowingList({ path, locale }: { path: string; locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  const me = viewer.signedIn ? viewer.id : null;
  const following = useLoader(() =>
    createLoader({
      fetch: ({ userId, offset }: { userId: number; offset: number }, signal) =>
        listFollowing(userId, { offset, limit: DEFAULT_PAGE_SIZE }, signal),
      combine: nextPage<'users', FollowPage>('users'),
    }),
  );
  const { data, loader } = following;
  const retry = () => void loader.retry();

  useEffect(() => {
    if (me !== null) void loader.load({ userId: me, offset: 0 });
  }, [loader, me]);

  if (!data || me === null) {
    const failure = pageFailure(following, t);
    return failure === null ? (
      <p role="status" className="text-muted">
        {t('common:common.loading')}
      </p>
    ) : (
      <ListFailure text={failure} retry={retry} t={t} />
    );
  }

  const { users, total } = data;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="following-list-heading">
      <h2 id="following-list-heading" className="text-lg font-bold">
        {t('community:following.count', { count: total })}
      </h2>
      {users.length === 0 ? (
        <p>
          {t('community:following.empty')}{' '}
          <a href={localizePath('/leaderboard?board=users-followers', locale)}>
            {t('community:following.discover')}
          </a>
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {users.map((user) => (
            <li key={user.id}>
              <FollowedUser user={user} path={path} locale={locale} t={t} />
            </li>
          ))}
        </ul>
      )}
      <ListEnd
        state={following}
        retry={retry}
        more={
          users.length < total ? () => void loader.load({ userId: me, offset: users.length }) : null
        }
        t={t}
      />
    </section>
  );
}
