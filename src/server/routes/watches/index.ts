import { errors } from '../errors.ts';
import { datasetIdParamsSchema } from '../../../contracts/datasets.ts';
import {
  watchingListQuerySchema,
  watchingListResponseSchema,
  watchStatusSchema,
} from '../../../contracts/notifications.ts';
import { listWatching, setWatching, watchStatus } from '../../services/watches.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['watches'];
const security = [{ bearer: [] }];
const hidden = 'A dataset the caller may not see is 404 DATASET_NOT_FOUND.';

/** Watching a dataset (told of its new versions), and the caller's watched datasets. */
export const watchesRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/watch',
    {
      schema: {
        tags,
        summary: 'Whether the caller watches a dataset, and how many do',
        description: `watching is false for a guest. ${hidden}`,
        params: datasetIdParamsSchema,
        response: { 200: watchStatusSchema, ...errors(400, 404) },
      },
    },
    async (request) => watchStatus(ctx, request.viewer?.id ?? null, request.params.id),
  );

  for (const [method, watching] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/datasets/:id/watch',
      schema: {
        tags,
        security,
        summary: watching
          ? 'Watch a dataset: be notified of its new versions'
          : 'Stop watching a dataset',
        description: `Doing it again changes nothing. ${hidden}`,
        params: datasetIdParamsSchema,
        response: { 200: watchStatusSchema, ...errors(400, 401, 404) },
      },
      handler: async (request) => {
        const viewer = await request.requireViewer();
        return setWatching(ctx, viewer.id, request.params.id, watching);
      },
    });
  }

  app.get(
    '/users/me/watching',
    {
      schema: {
        tags,
        security,
        summary: 'The datasets the caller watches, most recently watched first',
        description:
          'Only datasets the caller may see: a watched dataset made private by its owner is left out (and counted out of total).',
        querystring: watchingListQuerySchema,
        response: { 200: watchingListResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listWatching(ctx, viewer.id, request.query);
    },
  );
};
