import { z } from 'zod';
import { datasetDescriptionSchema, datasetNameSchema, datasetSummarySchema } from './datasets.ts';
import { positiveId } from './ids.ts';
import { pageLimit } from './query-numbers.ts';
import { limitSchema, offsetSchema, publicUserSchema } from './users.ts';

/** Requests and responses of follows, ratings, favourites, forks and leaderboards. */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A dataset enters the score leaderboard once it has at least this many ratings. */
export const LEADERBOARD_MIN_RATINGS = 3;
const LEADERBOARD_LIMIT_DEFAULT = 20;
const LEADERBOARD_LIMIT_MAX = 100;

const timestamp = z.iso.datetime();

/* ---------- follows ---------- */

export const followStatusSchema = z.object({ is_following: z.boolean() });
export type FollowStatus = z.infer<typeof followStatusSchema>;

export const followListQuerySchema = z.object({ offset: offsetSchema, limit: limitSchema });
export type FollowListQuery = z.infer<typeof followListQuerySchema>;

export const followListResponseSchema = z.object({
  users: z.array(publicUserSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type FollowListResponse = z.infer<typeof followListResponseSchema>;

/* ---------- ratings ---------- */

export const rateBodySchema = z.object({
  score: z
    .number('score must be an integer from 1 to 5')
    .int('score must be an integer from 1 to 5')
    .min(RATING_MIN, 'score must be an integer from 1 to 5')
    .max(RATING_MAX, 'score must be an integer from 1 to 5'),
  order: z
    .object(
      {
        page: z
          .string()
          .regex(/^[A-Za-z0-9_-]{16,64}$/, 'order.page must be 16 to 64 letters, digits, - or _'),
        sequence: z
          .number('order.sequence must be an integer from 1 to 2147483647')
          .int('order.sequence must be an integer from 1 to 2147483647')
          .min(1, 'order.sequence must be an integer from 1 to 2147483647')
          .max(2_147_483_647, 'order.sequence must be an integer from 1 to 2147483647'),
      },
      'order must be an object with page and sequence',
    )
    .optional()
    .describe(
      'Where the save stands among the saves of one page: a random id of the page and its count of saves (1, 2, …). A save with a sequence no greater than that of the score stored from the same page changes nothing and answers the stored score, so an earlier save that arrives later (one sent as the page is left may overtake it) never replaces a newer one.',
    ),
});
export type RatingOrder = NonNullable<z.infer<typeof rateBodySchema>['order']>;

/** The dataset's rating summary and the caller's own score (null: not rated, or a guest). */
export const ratingResponseSchema = z.object({
  score: z.number().int().nullable(),
  average_score: z.number(),
  rating_count: z.number().int(),
});
export type RatingResponse = z.infer<typeof ratingResponseSchema>;

/* ---------- favourites ---------- */

export const favoriteSchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  user_id: z.number().int(),
  dataset: datasetSummarySchema,
  created_at: timestamp,
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoriteListQuerySchema = z.object({ offset: offsetSchema, limit: limitSchema });
export type FavoriteListQuery = z.infer<typeof favoriteListQuerySchema>;

export const favoriteListResponseSchema = z.object({
  favorites: z.array(favoriteSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type FavoriteListResponse = z.infer<typeof favoriteListResponseSchema>;

export const addFavoriteBodySchema = z.object({
  dataset_id: z
    .number('dataset_id must be a positive integer')
    .int('dataset_id must be a positive integer')
    .min(1, 'dataset_id must be a positive integer')
    .max(2_147_483_647, 'dataset_id must be a positive integer'),
});

export const favoriteIdParamsSchema = z.object({ id: positiveId('Favorite id') });
export const favoriteCheckParamsSchema = z.object({ dataset_id: positiveId('Dataset id') });

export const favoriteCheckResponseSchema = z.object({
  is_favorited: z.boolean(),
  favorite_id: z.number().int().nullable(),
});
export type FavoriteCheckResponse = z.infer<typeof favoriteCheckResponseSchema>;

/* ---------- forks ---------- */

/**
 * Fields left out are taken from the source dataset (its name, description and visibility); so
 * is everything when no body is sent (Fastify hands a missing body to the schema as null).
 */
export const forkBodySchema = z
  .object({
    name: datasetNameSchema.optional(),
    description: datasetDescriptionSchema.optional(),
    is_public: z.boolean().optional(),
  })
  .nullish();
export type ForkBody = z.infer<typeof forkBodySchema>;

export const forkSettingsBodySchema = z.object({ allow_forks: z.boolean() });

/* ---------- leaderboards ---------- */

const DATASET_LEADERBOARDS = ['heat', 'downloads', 'score'] as const;
export type DatasetLeaderboard = (typeof DATASET_LEADERBOARDS)[number];
const USER_LEADERBOARDS = ['followers', 'downloads'] as const;
export type UserLeaderboard = (typeof USER_LEADERBOARDS)[number];

const leaderboardLimit = pageLimit(LEADERBOARD_LIMIT_MAX, LEADERBOARD_LIMIT_DEFAULT);

export const datasetLeaderboardQuerySchema = z.object({
  by: z.enum(DATASET_LEADERBOARDS).default('heat'),
  limit: leaderboardLimit,
});
export type DatasetLeaderboardQuery = z.infer<typeof datasetLeaderboardQuerySchema>;

export const userLeaderboardQuerySchema = z.object({
  by: z.enum(USER_LEADERBOARDS).default('followers'),
  limit: leaderboardLimit,
});
export type UserLeaderboardQuery = z.infer<typeof userLeaderboardQuerySchema>;

export const datasetLeaderboardResponseSchema = z.object({
  by: z.enum(DATASET_LEADERBOARDS),
  entries: z.array(
    z.object({
      rank: z.number().int().describe('1-based; equal values share a rank (1, 2, 2, 4)'),
      dataset: datasetSummarySchema,
      value: z
        .number()
        .describe(
          'The figure /leaderboard shows, which ranks go by: heat to three significant digits, the download count, or the average score to one decimal (`dataset` holds the exact heat and average)',
        ),
    }),
  ),
});
export type DatasetLeaderboardResponse = z.infer<typeof datasetLeaderboardResponseSchema>;

export const userLeaderboardResponseSchema = z.object({
  by: z.enum(USER_LEADERBOARDS),
  entries: z.array(
    z.object({
      rank: z.number().int().describe('1-based; equal values share a rank (1, 2, 2, 4)'),
      user: publicUserSchema,
      value: z.number(),
    }),
  ),
});
export type UserLeaderboardResponse = z.infer<typeof userLeaderboardResponseSchema>;
