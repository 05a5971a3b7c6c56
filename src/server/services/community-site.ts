import type { z } from 'zod';
import {
  datasetLeaderboardQuerySchema,
  followListQuerySchema,
  userLeaderboardQuerySchema,
  type DatasetLeaderboardResponse,
  type FollowListResponse,
  type UserLeaderboardResponse,
} from '../../contracts/community.ts';
import {
  PUBLIC_DATASETS_PER_USER,
  userPublicDatasetsQuerySchema,
  type DatasetListResponse,
} from '../../contracts/datasets.ts';
import type { Context } from '../context.ts';
import { nullIfNotFound } from '../errors.ts';
import { listUserPublicDatasets } from './datasets/browse.ts';
import { listFollowers, listFollowing } from './follows.ts';
import { datasetLeaderboard, userLeaderboard } from './leaderboard.ts';

/** Raw page parameters (from the URL), checked like the API checks them; null when invalid. */
const parsed = <S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> | null => {
  const result = schema.safeParse(input);
  return result.success ? result.data : null;
};

type Page = z.input<typeof followListQuerySchema>;

/**
 * Community reads for SSR pages (leaderboard, profiles, follow lists), in the API's snake_case
 * shapes and as a guest sees them: public datasets and active users only.
 */
export function communitySiteReads(ctx: Context) {
  return {
    /**
     * Both leaderboards, each ordered `by` its default unless given (datasets: heat, users:
     * followers), `limit` entries each (default 20, at most 100); null when a parameter is invalid.
     */
    leaderboard: async (
      input: {
        datasets?: z.input<typeof datasetLeaderboardQuerySchema>['by'];
        users?: z.input<typeof userLeaderboardQuerySchema>['by'];
        limit?: number | string;
      } = {},
    ): Promise<{ datasets: DatasetLeaderboardResponse; users: UserLeaderboardResponse } | null> => {
      const datasetQuery = parsed(datasetLeaderboardQuerySchema, {
        by: input.datasets,
        limit: input.limit,
      });
      const userQuery = parsed(userLeaderboardQuerySchema, { by: input.users, limit: input.limit });
      if (!datasetQuery || !userQuery) return null;
      const [datasets, users] = await Promise.all([
        datasetLeaderboard(ctx, datasetQuery),
        userLeaderboard(ctx, userQuery),
      ]);
      return { datasets, users };
    },
    /** Who follows the user, newest first; null when there is no such user or the page is invalid. */
    followers: async (userId: number, page: Page = {}): Promise<FollowListResponse | null> => {
      const query = parsed(followListQuerySchema, page);
      return query && nullIfNotFound(listFollowers(ctx, userId, query));
    },
    /** Whom the user follows, newest first; null when there is no such user or the page is invalid. */
    following: async (userId: number, page: Page = {}): Promise<FollowListResponse | null> => {
      const query = parsed(followListQuerySchema, page);
      return query && nullIfNotFound(listFollowing(ctx, userId, query));
    },
    /**
     * The user's public datasets, newest first: all of them up to the 100 a user's list shows
     * (PUBLIC_DATASETS_PER_USER) unless a smaller page is asked; null when invalid.
     */
    publicDatasetsOf: async (
      userId: number,
      page: { offset?: number | string; limit?: number | string } = {},
    ): Promise<DatasetListResponse | null> => {
      const query = parsed(userPublicDatasetsQuerySchema, {
        user_id: String(userId),
        offset: page.offset,
        limit: page.limit ?? PUBLIC_DATASETS_PER_USER,
      });
      return query && listUserPublicDatasets(ctx, null, query);
    },
  };
}
