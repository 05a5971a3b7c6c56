import { errors } from '../errors.ts';
import {
  followListQuerySchema,
  followListResponseSchema,
  followStatusSchema,
} from '../../../contracts/community.ts';
import { userIdParamsSchema } from '../../../contracts/users.ts';
import {
  follow,
  followStatus,
  listFollowers,
  listFollowing,
  unfollow,
} from '../../services/follows.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['follows'];
const security = [{ bearer: [] }];

/** Following and unfollowing: the same call, but for its method, words and action. */
const followRoutes: RoutesPlugin = async (app, { ctx }) => {
  const toggles = [
    {
      method: 'POST',
      summary: 'Follow a user',
      description:
        'Idempotent. Following yourself is 400 CANNOT_FOLLOW_SELF; a missing user is 404 USER_NOT_FOUND.',
      act: follow,
    },
    {
      method: 'DELETE',
      summary: 'Stop following a user',
      description: 'Idempotent: unfollowing someone you do not follow answers is_following false.',
      act: unfollow,
    },
  ] as const;
  for (const { method, summary, description, act } of toggles) {
    app.route({
      method,
      url: '/users/:id/follow',
      schema: {
        tags,
        security,
        summary,
        description,
        params: userIdParamsSchema,
        response: {
          200: followStatusSchema,
          ...errors(400, 401, 404),
        },
      },
      handler: async (request) => {
        const viewer = await request.requireViewer();
        return act(ctx, viewer.id, request.params.id);
      },
    });
  }
};

/** Whether one follows someone, and who follows whom. */
const followListRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/users/:id/follow-status',
    {
      schema: {
        tags,
        summary: 'Whether the caller follows a user',
        description: 'A guest (no token) follows nobody: is_following false.',
        params: userIdParamsSchema,
        response: { 200: followStatusSchema, ...errors(400, 404) },
      },
    },
    async (request) => followStatus(ctx, request.viewer?.id ?? null, request.params.id),
  );

  app.get(
    '/users/:id/following',
    {
      schema: {
        tags,
        summary: 'Users this user follows, most recently followed first',
        params: userIdParamsSchema,
        querystring: followListQuerySchema,
        response: { 200: followListResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => listFollowing(ctx, request.params.id, request.query),
  );

  app.get(
    '/users/:id/followers',
    {
      schema: {
        tags,
        summary: 'Users who follow this user, most recent first',
        params: userIdParamsSchema,
        querystring: followListQuerySchema,
        response: { 200: followListResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => listFollowers(ctx, request.params.id, request.query),
  );
};

export const followsRoutes: RoutesPlugin = async (app, options) => {
  await followRoutes(app, options);
  await followListRoutes(app, options);
};
