import { z } from 'zod';
import { errors } from '../errors.ts';
import { datasetIdParamsSchema } from '../../../contracts/datasets.ts';
import {
  saveQueryBodySchema,
  savedQueryListQuerySchema,
  savedQueryListSchema,
  savedQueryParamsSchema,
  savedQuerySchema,
} from '../../../contracts/saved-queries.ts';
import { SAVED_QUERIES_MAX } from '../../../contracts/limits.ts';
import {
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  saveQuery,
} from '../../services/saved-queries.ts';
import type { RoutesPlugin } from '../types.ts';
import { readKeyRoutes } from './read-keys.ts';

const tags = ['saved queries'];
const security = [{ bearer: [] }];
const hidden = 'A dataset the caller may not see is 404 DATASET_NOT_FOUND.';

/** Queries saved on a dataset's SQL tab: public with the dataset, shared by link. */
const savedQueriesRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/queries',
    {
      schema: {
        tags,
        summary: 'The queries saved on a dataset, newest first',
        description: `Public with the dataset. ${hidden}`,
        params: datasetIdParamsSchema,
        querystring: savedQueryListQuerySchema,
        response: { 200: savedQueryListSchema, ...errors(400, 404) },
      },
    },
    async (request) =>
      listSavedQueries(ctx, request.viewer?.id ?? null, request.params.id, request.query),
  );

  app.get(
    '/datasets/:id/queries/:queryId',
    {
      schema: {
        tags,
        summary: 'One saved query (what a shared link opens)',
        description: `A query not saved on this dataset is 404 SAVED_QUERY_NOT_FOUND. ${hidden}`,
        params: savedQueryParamsSchema,
        response: { 200: savedQuerySchema, ...errors(400, 404) },
      },
    },
    async (request) =>
      getSavedQuery(ctx, request.viewer?.id ?? null, request.params.id, request.params.queryId),
  );

  app.post(
    '/datasets/:id/queries',
    {
      schema: {
        tags,
        security,
        summary: 'Save a query on a dataset',
        description: `Any signed-in user who may see the dataset. A dataset holds at most ${SAVED_QUERIES_MAX} (409 SAVED_QUERY_LIMIT_REACHED). ${hidden}`,
        params: datasetIdParamsSchema,
        body: saveQueryBodySchema,
        response: { 201: savedQuerySchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const saved = await saveQuery(ctx, viewer.id, request.params.id, request.body);
      return reply.status(201).send(saved);
    },
  );

  app.delete(
    '/datasets/:id/queries/:queryId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved query',
        description: `Its author or the dataset's owner: anyone else is 403 FORBIDDEN. ${hidden}`,
        params: savedQueryParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await deleteSavedQuery(ctx, viewer.id, request.params.id, request.params.queryId);
      return reply.status(204).send(null);
    },
  );
};

/** What the SQL console asks the API: saved queries, and read keys for private datasets. */
export const sqlRoutes: RoutesPlugin = async (app, options) => {
  await savedQueriesRoutes(app, options);
  await readKeyRoutes(app, options);
};
