import { errors } from '../errors.ts';
import {
  datasetLeaderboardQuerySchema,
  datasetLeaderboardResponseSchema,
  LEADERBOARD_MIN_RATINGS,
  userLeaderboardQuerySchema,
  userLeaderboardResponseSchema,
} from '../../../contracts/community.ts';
import { datasetLeaderboard, userLeaderboard } from '../../services/leaderboard.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['leaderboard'];

export const leaderboardRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/leaderboard/datasets',
    {
      schema: {
        tags,
        summary: 'Top public datasets by heat, downloads or average score',
        description: `by=score lists only datasets with at least ${LEADERBOARD_MIN_RATINGS} ratings. Private datasets never appear, whoever asks. limit: default 20, at most 100.`,
        querystring: datasetLeaderboardQuerySchema,
        response: { 200: datasetLeaderboardResponseSchema, ...errors(400) },
      },
    },
    async (request) => datasetLeaderboard(ctx, request.query),
  );

  app.get(
    '/leaderboard/users',
    {
      schema: {
        tags,
        summary: 'Top users by followers or by downloads of their public datasets',
        description:
          'Only users with a value above zero are listed. limit: default 20, at most 100.',
        querystring: userLeaderboardQuerySchema,
        response: { 200: userLeaderboardResponseSchema, ...errors(400) },
      },
    },
    async (request) => userLeaderboard(ctx, request.query),
  );
};
