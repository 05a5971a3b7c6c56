/**
 * The dataset page's and profile's toggles as stores (stores/toggle.ts): favourite, watch,
 * follow. Each keeps the numbers the page shows in step (`LiveCounts`, lib/live-counts.ts). The
 * API and the page's counts come in as arguments, so the flows run without a browser in tests.
 */
import type { T } from '../i18n/index.ts';
import type { FavoriteStatus } from '../lib/api/community.ts';
import type { WatchStatus } from '../lib/api/notifications.ts';
import type { LiveCounts } from '../lib/live-counts.ts';
import type { FavoriteChange } from './community.ts';
import { createToggle } from './toggle.ts';

export type FavoriteApi = {
  check: (datasetId: number) => Promise<FavoriteStatus>;
  set: (datasetId: number, favoriteId: number | null) => Promise<FavoriteChange>;
};

/**
 * Favouriting a dataset. Adding answers the server's count (the favourite may have existed
 * already, when the check failed or another tab added it); removing takes one away.
 */
export function createFavorite(datasetId: number, api: FavoriteApi, counts: LiveCounts, t: T) {
  return createToggle<FavoriteStatus>({
    check: () => api.check(datasetId),
    async change(status) {
      const next = await api.set(datasetId, status.isFavorited ? status.favoriteId : null);
      if (next.favorites !== undefined) counts.show('favorites', datasetId, next.favorites);
      else if (next.isFavorited !== status.isFavorited) counts.bump('favorites', datasetId, -1);
      return { isFavorited: next.isFavorited, favoriteId: next.favoriteId };
    },
    said: (next) => t(next.isFavorited ? 'community:favorite.added' : 'community:favorite.removed'),
    failed: t('community:favorite.failed'),
    t,
  });
}

export type WatchApi = {
  status: (datasetId: number) => Promise<WatchStatus>;
  set: (datasetId: number, watching: boolean) => Promise<WatchStatus>;
};

/** Watching a dataset (told of its new versions), with the number of watchers. */
export function createWatch(datasetId: number, api: WatchApi, t: T) {
  return createToggle<WatchStatus>({
    check: () => api.status(datasetId),
    change: (status) => api.set(datasetId, !status.watching),
    said: (next) => t(next.watching ? 'community:watch.started' : 'community:watch.stopped'),
    failed: t('community:watch.failed'),
    t,
  });
}

export type FollowApi = {
  status: (userId: number) => Promise<{ isFollowing: boolean }>;
  set: (userId: number, follow: boolean) => Promise<boolean>;
  /** The user's follower count as the server counts it now. */
  followers: (userId: number) => Promise<number>;
};

/**
 * After a follow or an unfollow, the follower count the page shows (if any) becomes the
 * server's: the follow may have been there already (another tab, a failed status lookup).
 * Should the profile not load, the count moves by `delta`.
 */
async function showFollowers(userId: number, delta: number, api: FollowApi, counts: LiveCounts) {
  if (counts.read('followers', userId) === null) return;
  try {
    counts.show('followers', userId, await api.followers(userId));
  } catch {
    if (delta !== 0) counts.bump('followers', userId, delta);
  }
}

/** Following a user (`name`: said when it changes); `known`: the state, known already. */
export function createFollow(
  user: { id: number; name: string; known?: boolean | undefined },
  api: FollowApi,
  counts: LiveCounts,
  t: T,
) {
  return createToggle<boolean>({
    known: user.known,
    check: () =>
      api.status(user.id).then(
        ({ isFollowing }) => isFollowing,
        () => false,
      ),
    async change(following) {
      const now = await api.set(user.id, !following);
      void showFollowers(user.id, now === following ? 0 : now ? 1 : -1, api, counts);
      return now;
    },
    said: (now) =>
      t(now ? 'community:follow.followed' : 'community:follow.unfollowed', { name: user.name }),
    failed: t('community:follow.failed'),
    t,
  });
}
