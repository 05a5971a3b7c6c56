/**
 * Community calls, one function each: ratings, favourites, follows, forks, fork
 * settings and the leaderboards, with the cache rules of docs/browser-client.md: forking clears all caches,
 * changing the fork setting drops the dataset's entries. A failed favourite-status lookup
 * quietly answers "not favourited" (docs/browser-client.md).
 *
 * The browser (camelCase) types of these calls are declared here too: `Camelize` of the wire
 * types in src/contracts/community.ts, imported as types only.
 */
import type {
  DatasetLeaderboard,
  DatasetLeaderboardResponse,
  FavoriteCheckResponse,
  FavoriteListResponse,
  Favorite as WireFavorite,
  FollowListResponse,
  RatingOrder,
  RatingResponse,
  UserLeaderboard,
  UserLeaderboardResponse,
} from '../../contracts/community.ts';
import type { Dataset as WireDataset } from '../../contracts/datasets.ts';
import { clearAllCaches, invalidateDataset, invalidateUser } from '../cache.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';

/** A dataset's average score and count, and the caller's own score (null: none, or a guest). */
export type Rating = Camelize<RatingResponse>;
export type Favorite = Camelize<WireFavorite>;
export type FavoritePage = Camelize<FavoriteListResponse>;
export type FavoriteStatus = Camelize<FavoriteCheckResponse>;
export type FollowPage = Camelize<FollowListResponse>;
type DatasetRanking = Camelize<DatasetLeaderboardResponse>;
type UserRanking = Camelize<UserLeaderboardResponse>;
/** The new dataset a fork answers (with its versions). */
export type ForkedDataset = Camelize<WireDataset>;

/** Name, description and visibility of a fork; what is left out is taken from the source. */
export type ForkInput = { name?: string; description?: string; isPublic?: boolean };
export type PageQuery = { offset?: number; limit?: number };

const NOT_FAVORITED: FavoriteStatus = { isFavorited: false, favoriteId: null };

/** Runs a change and then drops what it may have made stale, whether it succeeded or not. */
async function changing<T>(change: Promise<T>, forget: () => void): Promise<T> {
  try {
    return await change;
  } finally {
    forget();
  }
}

/* ---------- ratings ---------- */

/**
 * POST /datasets/{id}/rate with a score from 1 to 5 (a new score replaces the caller's previous
 * one). The dataset's average changes, so its cache entries (and every list) are dropped.
 * `order`: the page's id and count of saves, so an earlier save arriving later is not applied;
 * `leaving`: sent as the page is left, so the request outlives the page.
 */
export function rateDataset(
  datasetId: number,
  score: number,
  { order, leaving = false }: { order?: RatingOrder; leaving?: boolean } = {},
): Promise<Rating> {
  return changing(
    apiRequest<Rating>(`/datasets/${datasetId}/rate`, {
      method: 'POST',
      body: { score, ...(order && { order }) },
      auth: 'required',
      keepalive: leaving,
    }),
    () => invalidateDataset(datasetId),
  );
}

/** GET /datasets/{id}/rating: the average, the count and the caller's own score. Not cached. */
export function getRating(datasetId: number): Promise<Rating> {
  return apiRequest<Rating>(`/datasets/${datasetId}/rating`);
}

/* ---------- favourites ---------- */

/** GET /favorites: the caller's favourites, newest first. */
export function listFavorites(page: PageQuery = {}, signal?: AbortSignal): Promise<FavoritePage> {
  return apiRequest<FavoritePage>('/favorites', {
    query: page,
    auth: 'required',
    ...(signal && { signal }),
  });
}

/** POST /favorites with datasetId; an existing favourite is answered again, never doubled. */
export function addFavorite(datasetId: number): Promise<Favorite> {
  return changing(
    apiRequest<Favorite>('/favorites', {
      method: 'POST',
      body: { datasetId },
      auth: 'required',
    }),
    () => invalidateDataset(datasetId),
  );
}

/** DELETE /favorites/{id} (the favourite's id, not the dataset's). */
export async function removeFavorite(favoriteId: number, datasetId?: number): Promise<void> {
  await changing(
    apiRequest<unknown>(`/favorites/${favoriteId}`, { method: 'DELETE', auth: 'required' }),
    () => {
      if (datasetId !== undefined) invalidateDataset(datasetId);
    },
  );
}

/**
 * GET /favorites/check/{datasetId}: whether the caller favourited the dataset, and the
 * favourite's id. Any failure (signed out, network, a dataset gone) quietly answers false.
 */
export async function checkFavorite(datasetId: number): Promise<FavoriteStatus> {
  try {
    return await apiRequest<FavoriteStatus>(`/favorites/check/${datasetId}`, { auth: 'required' });
  } catch {
    return NOT_FAVORITED;
  }
}

/* ---------- follows ---------- */

const followChange = (userId: number, method: 'POST' | 'DELETE') =>
  changing(
    apiRequest<{ isFollowing: boolean }>(`/users/${userId}/follow`, { method, auth: 'required' }),
    () => invalidateUser(userId),
  );

/** POST /users/{id}/follow; answers isFollowing. The user's cached profile (counts) is dropped. */
export const followUser = (userId: number) => followChange(userId, 'POST');

/** DELETE /users/{id}/follow; answers isFollowing. */
export const unfollowUser = (userId: number) => followChange(userId, 'DELETE');

/** GET /users/{id}/follow-status: whether the caller follows the user (a guest follows nobody). */
export function followStatus(userId: number): Promise<{ isFollowing: boolean }> {
  return apiRequest<{ isFollowing: boolean }>(`/users/${userId}/follow-status`);
}

/**
 * GET /users/{id}/followers with offset (default 0) and limit (default 20), newest first.
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function listFollowers(userId: number, page: PageQuery = {}): Promise<FollowPage> {
  return apiRequest<FollowPage>(`/users/${userId}/followers`, { query: page });
}

/** GET /users/{id}/following with offset (default 0) and limit (default 20), newest first. */
export function listFollowing(
  userId: number,
  page: PageQuery = {},
  signal?: AbortSignal,
): Promise<FollowPage> {
  return apiRequest<FollowPage>(`/users/${userId}/following`, {
    query: page,
    ...(signal && { signal }),
  });
}

/* ---------- forks ---------- */

/** POST /datasets/{id}/fork with name, description, is_public; answers the new dataset. Clears all caches. */
export function forkDataset(datasetId: number, input: ForkInput = {}): Promise<ForkedDataset> {
  return changing(
    apiRequest<ForkedDataset>(`/datasets/${datasetId}/fork`, {
      method: 'POST',
      body: input,
      auth: 'required',
    }),
    clearAllCaches,
  );
}

/** PUT /datasets/{id}/fork-settings with allow_forks (owner only). Drops the dataset's entries. */
export function setForkSettings(datasetId: number, allowForks: boolean): Promise<ForkedDataset> {
  return changing(
    apiRequest<ForkedDataset>(`/datasets/${datasetId}/fork-settings`, {
      method: 'PUT',
      body: { allowForks },
      auth: 'required',
    }),
    () => invalidateDataset(datasetId),
  );
}

/* ---------- leaderboards ---------- */

/**
 * GET /leaderboard/datasets: top public datasets by heat, downloads or average score (score
 * lists only datasets with at least LEADERBOARD_MIN_RATINGS ratings).
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function datasetLeaderboard(
  by: DatasetLeaderboard = 'heat',
  limit?: number,
): Promise<DatasetRanking> {
  return apiRequest<DatasetRanking>('/leaderboard/datasets', { query: { by, limit } });
}

/**
 * GET /leaderboard/users: top users by followers or by downloads of their public datasets.
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function userLeaderboard(
  by: UserLeaderboard = 'followers',
  limit?: number,
): Promise<UserRanking> {
  return apiRequest<UserRanking>('/leaderboard/users', { query: { by, limit } });
}
