/**
 * What the community controls do, as actions the islands call: rating (the latest score wins
 * when several are chosen quickly, e.g. clicks on several stars, or one as the page is left),
 * favouriting and following (one request at a time per dataset or user, so a double click never
 * sends two), forking.
 * Failures reject with the ApiError (the island shows it). Caches are kept right by
 * lib/api/community.ts.
 */
import { map } from 'nanostores';
import * as communityApi from '../lib/api/community.ts';
import { randomToken } from '../lib/oauth.ts';
import type { FavoriteStatus, ForkInput, ForkedDataset, Rating } from '../lib/api/community.ts';

const running = new Map<string, Promise<unknown>>();

/** One request at a time per key: a call while one runs gets the running one's answer. */
function single<T>(key: string, run: () => Promise<T>): Promise<T> {
  const current = running.get(key);
  if (current) return current as Promise<T>;
  const request = run().finally(() => running.delete(key));
  running.set(key, request);
  return request;
}

const wantedScore = new Map<number, number>();
const ratingQueue = new Map<number, Promise<unknown>>();
/** This page's id and its count of scores saved: each save's `order` (POST /rate). */
const ratingPage = randomToken(16);
let ratingsSaved = 0;

/**
 * Saves the caller's score for a dataset. Calls are sent one after another; a call overtaken by
 * a newer score before its turn is skipped and answers null, so the last score chosen is the
 * one saved (the rate control waits for the arrow keys to rest: islands/community/useRating.ts).
 * A score saved as the page is left (`leaving`) is sent at once instead: it may reach the server
 * before a save still under way, which the server then does not apply, as each save carries its
 * place among the page's saves.
 */
export function saveRating(
  datasetId: number,
  score: number,
  leaving = false,
): Promise<Rating | null> {
  wantedScore.set(datasetId, score);
  const order = { page: ratingPage, sequence: ++ratingsSaved };
  const previous = ratingQueue.get(datasetId) ?? Promise.resolve();
  // Leaving the page: sent at once, as a request that outlives the page (the page may be gone
  // before the one before it answers).
  const next = leaving
    ? communityApi.rateDataset(datasetId, score, { order, leaving: true })
    : previous
        .catch(() => undefined)
        .then(() =>
          wantedScore.get(datasetId) === score
            ? communityApi.rateDataset(datasetId, score, { order })
            : null,
        );
  ratingQueue.set(datasetId, next);
  void next
    .catch(() => undefined)
    .finally(() => {
      if (ratingQueue.get(datasetId) === next) ratingQueue.delete(datasetId);
    });
  return next;
}

/**
 * A favourite's new status; after adding one, also the dataset's favourite count as the server
 * counted it (the favourite may have existed already, e.g. added in another tab).
 */
export type FavoriteChange = FavoriteStatus & { favorites?: number };

/** Favourites (`favoriteId` null) or un-favourites a dataset; answers the new status. */
export function setFavorite(datasetId: number, favoriteId: number | null): Promise<FavoriteChange> {
  return single(`favorite:${datasetId}`, async () => {
    if (favoriteId === null) {
      const favorite = await communityApi.addFavorite(datasetId);
      return {
        isFavorited: true,
        favoriteId: favorite.id,
        favorites: favorite.dataset.favoriteCount,
      };
    }
    await communityApi.removeFavorite(favoriteId, datasetId);
    return { isFavorited: false, favoriteId: null };
  });
}

/**
 * How many follows or unfollows of each user (by id) this page has made: what shows that user's
 * followers reads them again when it changes (islands/community/FollowersList.tsx).
 */
export const $followChanges = map<Record<number, number>>({});

/** Follows or stops following a user; answers whether the caller now follows them. */
export function setFollowing(userId: number, follow: boolean): Promise<boolean> {
  return single(`follow:${userId}`, async () => {
    const { isFollowing } = follow
      ? await communityApi.followUser(userId)
      : await communityApi.unfollowUser(userId);
    $followChanges.setKey(userId, ($followChanges.get()[userId] ?? 0) + 1);
    return isFollowing;
  });
}

/** Forks a dataset (once at a time); answers the new dataset. */
export function forkDataset(datasetId: number, input: ForkInput): Promise<ForkedDataset> {
  return single(`fork:${datasetId}`, () => communityApi.forkDataset(datasetId, input));
}

/** Allows or disallows forks of the caller's dataset; answers the saved setting. */
export function setAllowFork(datasetId: number, allow: boolean): Promise<boolean> {
  return single(`fork-settings:${datasetId}`, async () => {
    const dataset = await communityApi.setForkSettings(datasetId, allow);
    return dataset.allowFork;
  });
}
