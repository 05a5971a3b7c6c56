import { useEffect, useState } from 'react';
import { useOneAtATime } from './useOneAtATime.ts';
import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { followStatus } from '../../lib/api/community.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { setFollowing } from '../../stores/community.ts';
import { bumpLiveCount, liveCount, showLiveCount } from '../../lib/live-counts.ts';
import { getProfile } from '../../lib/api/users.ts';
import { numberFormat } from '../../lib/intl.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { failureText } from '../../lib/error-text.ts';
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

/** Whether the viewer follows the user: `known`, else asked once mounted (`ask`); null until then. */
function useFollowing(userId: number, known: boolean | undefined, ask: boolean) {
  const [isFollowing, setIsFollowing] = useState<boolean | null>(known ?? null);
  useEffect(() => {
    if (!ask || known !== undefined) return;
    let live = true;
    followStatus(userId).then(
      (status) => live && setIsFollowing(status.isFollowing),
      () => live && setIsFollowing(false),
    );
    return () => {
      live = false;
    };
  }, [ask, known, userId]);
  return [isFollowing, setIsFollowing] as const;
}

/**
 * After a follow or an unfollow, the follower count the page shows (if any) becomes the server's:
 * the follow may have been there already (another tab, a failed status lookup). Should the
 * profile not load, the count moves by `delta`.
 */
async function showFollowers(userId: number, delta: number, locale: Locale) {
  if (liveCount('followers', userId) === null) return;
  try {
    const { followers } = (await getProfile(userId)).stats;
    showLiveCount('followers', userId, followers, numberFormat(locale).format(followers));
  } catch {
    if (delta !== 0) bumpLiveCount('followers', userId, delta, locale);
  }
}

/**
 * Follows a user: a toggle button (aria-pressed), its state from the follow status once
 * mounted. Not shown on your own profile; guests get a sign-in link. Disabled while a request
 * runs, so a double click sends one.
 */
export default function FollowButton({ userId, name, following, path, locale }: Props) {
  const t = getT(locale);
  const viewer = useViewer();
  const self = viewer.signedIn && viewer.id === userId;
  const [isFollowing, setIsFollowing] = useFollowing(userId, following, viewer.signedIn && !self);
  const { pending, run } = useOneAtATime();
  const [message, setMessage] = useState('');

  if (!viewer.signedIn) {
    return (
      <a href={loginUrl(locale, path)} className="btn btn-secondary" {...guestPlaceholder(viewer)}>
        {t('community:follow.signIn')}
      </a>
    );
  }
  if (self || viewer.id === null) return null;

  const toggle = () =>
    run(async () => {
      if (isFollowing === null) return;
      setMessage('');
      try {
        const now = await setFollowing(userId, !isFollowing);
        void showFollowers(userId, now === isFollowing ? 0 : now ? 1 : -1, locale);
        setIsFollowing(now);
        setMessage(t(now ? 'community:follow.followed' : 'community:follow.unfollowed', { name }));
      } catch (error) {
        toastFailure(t('community:follow.failed'), failureText(error, t));
      }
    });

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
        onClick={() => void toggle()}
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
