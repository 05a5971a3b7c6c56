import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { followStatus } from '../../lib/api/community.ts';
import { getProfile } from '../../lib/api/users.ts';
import { liveCountsIn } from '../../lib/live-counts.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { setFollowing } from '../../stores/community.ts';
import { createFollow, type FollowApi } from '../../stores/community-toggles.ts';
import { useToggle } from './useToggle.ts';
import { guestPlaceholder, useViewer } from './useViewer.ts';

type Props = {
  userId: number;
  /** Their display name: part of the button's name (lists hold several) and the announcement. */
  name: string;
  /** Known already (a list of the people you follow): skips the status lookup. */
  following?: boolean;
  /** This page's path, to come back to after signing in. */
  path: string;
  locale: Locale;
};

const followApi: FollowApi = {
  status: followStatus,
  set: setFollowing,
  followers: async (userId) => (await getProfile(userId)).stats.followers,
};

/**
 * Follows a user: a toggle button (aria-pressed), its state from the follow status once
 * mounted. Not shown on your own profile; guests get a sign-in link. Disabled while a request
 * runs, so a double click sends one.
 */
export default function FollowButton({ userId, name, following, path, locale }: Props) {
  const t = getT(locale);
  const viewer = useViewer();
  const self = viewer.signedIn && viewer.id === userId;
  const {
    status: isFollowing,
    pending,
    message,
    toggle,
  } = useToggle(
    () => createFollow({ id: userId, name, known: following }, followApi, liveCountsIn(locale), t),
    viewer.signedIn && !self,
  );

  if (!viewer.signedIn) {
    return (
      <a href={loginUrl(locale, path)} className="btn btn-secondary" {...guestPlaceholder(viewer)}>
        {t('community:follow.signIn')}
      </a>
    );
  }
  if (self || viewer.id === null) return null;

  const pressed = isFollowing === true;
  return (
    <>
      <button
        type="button"
        className={pressed ? 'btn btn-secondary' : 'btn btn-primary'}
        aria-pressed={pressed}
        aria-busy={pending || isFollowing === null}
        // Kept focusable while saving (a disabled button would drop keyboard focus).
        aria-disabled={pending || undefined}
        disabled={isFollowing === null}
        onClick={toggle}
        data-testid="follow-button"
      >
        {/* Seen: "✓ 已关注" when followed; heard: the same name in both states, with aria-pressed. */}
        {pressed ? (
          <>
            <span aria-hidden="true">✓ {t('community:follow.followingState')}</span>
            <span className="sr-only">{t('community:follow.button')}</span>
          </>
        ) : (
          t('community:follow.button')
        )}
        <span className="sr-only"> {name}</span>
      </button>
      <span role="status" className="sr-only">
        {message}
      </span>
    </>
  );
}
