import { errors } from '../errors.ts';
import { z } from 'zod';
import {
  addFavoriteBodySchema,
  favoriteCheckParamsSchema,
  favoriteCheckResponseSchema,
  favoriteIdParamsSchema,
  favoriteListQuerySchema,
  favoriteListResponseSchema,
  favoriteSchema,
} from '../../../contracts/community.ts';
import {
  addFavorite,
  checkFavorite,
  listFavorites,
  removeFavorite,
} from '../../services/favorites.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['favorites'];
const security = [{ bearer: [] }];

/** The caller's favourites, and adding one. */
const favoriteListRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/favorites',
    {
      schema: {
        tags,
        security,
        summary: "The caller's favourites, newest first",
        description:
          'Only datasets the caller may see: a favourited dataset made private by its owner is left out (and counted out of total).',
        querystring: favoriteListQuerySchema,
        response: { 200: favoriteListResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listFavorites(ctx, viewer.id, request.query);
    },
  );

  app.post(
    '/favorites',
    {
      schema: {
        tags,
        security,
        summary: 'Favourite a dataset',
        description:
          '201 with the new favourite, or 200 with the existing one when the dataset was already favourited. A dataset the caller may not see is 404 DATASET_NOT_FOUND.',
        body: addFavoriteBodySchema,
        response: {
          200: favoriteSchema,
          201: favoriteSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const { favorite, created } = await addFavorite(ctx, viewer.id, request.body.dataset_id);
      return reply.status(created ? 201 : 200).send(favorite);
    },
  );
};

/** Removing a favourite, and whether a dataset is one. */
const favoriteItemRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.delete(
    '/favorites/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove one of your favourites',
        description: "Someone else's favourite, like a missing one, is 404 FAVORITE_NOT_FOUND.",
        params: favoriteIdParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await removeFavorite(ctx, viewer.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/favorites/check/:dataset_id',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the caller favourited a dataset',
        description: 'A dataset the caller may not see is 404 DATASET_NOT_FOUND.',
        params: favoriteCheckParamsSchema,
        response: {
          200: favoriteCheckResponseSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return checkFavorite(ctx, viewer.id, request.params.dataset_id);
    },
  );
};

export const favoritesRoutes: RoutesPlugin = async (app, options) => {
  await favoriteListRoutes(app, options);
  await favoriteItemRoutes(app, options);
};
