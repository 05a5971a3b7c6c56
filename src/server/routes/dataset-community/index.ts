import { errors } from '../errors.ts';
import {
  forkBodySchema,
  forkSettingsBodySchema,
  rateBodySchema,
  ratingResponseSchema,
} from '../../../contracts/community.ts';
import { datasetIdParamsSchema, datasetSchema } from '../../../contracts/datasets.ts';
import { forkDataset, setForkSettings } from '../../services/forks.ts';
import { getRating, rateDataset } from '../../services/ratings.ts';
import type { RoutesPlugin } from '../types.ts';

const security = [{ bearer: [] }];

/** Rating a dataset, and its rating. */
const ratingRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/datasets/:id/rate',
    {
      schema: {
        tags: ['ratings'],
        security,
        summary: 'Rate a dataset 1–5 (a new score replaces your previous one)',
        description:
          'score must be an integer from 1 to 5. Owners cannot rate their own dataset: 403 CANNOT_RATE_OWN_DATASET. A dataset the caller may not see is 404 DATASET_NOT_FOUND.',
        params: datasetIdParamsSchema,
        body: rateBodySchema,
        response: {
          200: ratingResponseSchema,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { score, order } = request.body;
      return rateDataset(ctx, viewer.id, request.params.id, score, order);
    },
  );

  app.get(
    '/datasets/:id/rating',
    {
      schema: {
        tags: ['ratings'],
        summary: "A dataset's average score and count, and the caller's own score",
        description: 'score is null when the caller has not rated the dataset, or is a guest.',
        params: datasetIdParamsSchema,
        response: { 200: ratingResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => getRating(ctx, request.viewer?.id ?? null, request.params.id),
  );
};

/** Forking a dataset, and whether it may be forked. */
const forkRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/datasets/:id/fork',
    {
      schema: {
        tags: ['forks'],
        security,
        summary: 'Fork a dataset into a new dataset of yours',
        description:
          'The fork shares the source versions (same content, nothing copied), tags and language; name, description and is_public default to the source. 403 FORK_NOT_ALLOWED when the owner disallowed forks; a dataset the caller may not see is 404 DATASET_NOT_FOUND.',
        params: datasetIdParamsSchema,
        body: forkBodySchema,
        response: {
          201: datasetSchema,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const fork = await forkDataset(ctx, viewer.id, request.params.id, request.body);
      return reply.status(201).send(fork);
    },
  );

  app.put(
    '/datasets/:id/fork-settings',
    {
      schema: {
        tags: ['forks'],
        security,
        summary: 'Allow or disallow forks of your dataset',
        description:
          "Owner only: someone else's public dataset is 403 FORBIDDEN, a private one 404 DATASET_NOT_FOUND.",
        params: datasetIdParamsSchema,
        body: forkSettingsBodySchema,
        response: {
          200: datasetSchema,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return setForkSettings(ctx, viewer.id, request.params.id, request.body.allow_forks);
    },
  );
};

/** What other users do with a dataset: rate it and fork it; and the owner's fork setting. */
export const datasetCommunityRoutes: RoutesPlugin = async (app, options) => {
  await ratingRoutes(app, options);
  await forkRoutes(app, options);
};
