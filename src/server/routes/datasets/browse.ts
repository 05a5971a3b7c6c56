import { errors } from '../errors.ts';
import {
  datasetIdParamsSchema,
  datasetListQuerySchema,
  datasetListResponseSchema,
  datasetSchema,
  datasetSearchResponseSchema,
  datasetStatsSchema,
  myDatasetsQuerySchema,
  searchQuerySchema,
  userPublicDatasetsQuerySchema,
} from '../../../contracts/datasets.ts';
import {
  datasetStats,
  getDataset,
  listDatasets,
  listMyDatasets,
  listUserPublicDatasets,
  searchDatasets,
} from '../../services/datasets/browse.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['datasets'];
const security = [{ bearer: [] }];
const listDescription =
  "List items carry no `versions` (see `latest_version`); GET /datasets/{id} has them. To page far, pass the answer's `next_cursor` as `cursor`: each page then costs the same however deep.";

/** Totals, the public list and the caller's own datasets. */
const listRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/stats',
    {
      schema: {
        tags,
        summary: 'How many public datasets there are and their downloads in total',
        response: { 200: datasetStatsSchema },
      },
    },
    async () => datasetStats(ctx),
  );

  app.get(
    '/datasets',
    {
      schema: {
        tags,
        summary: 'List datasets',
        description: `Public datasets by default. \`is_public=false\` lists the caller's own private datasets; \`owner_id\` of the caller lists all of theirs, of anyone else only the public ones. \`tags\` (comma-separated or repeated) must all be present. With \`query\` and no \`sort\`, ranked by relevance; otherwise \`sort\` defaults to \`recent\`. ${listDescription}`,
        querystring: datasetListQuerySchema,
        response: { 200: datasetListResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => listDatasets(ctx, request.viewer?.id ?? null, request.query),
  );

  app.get(
    '/datasets/me',
    {
      schema: {
        tags,
        security,
        summary: "The caller's own datasets, private ones included",
        description: listDescription,
        querystring: myDatasetsQuerySchema,
        response: { 200: datasetListResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listMyDatasets(ctx, viewer.id, request.query);
    },
  );
};

/** A person's public datasets, search, and one dataset. */
const lookupRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/user/public',
    {
      schema: {
        tags,
        summary: "A user's public datasets, newest first",
        description: `Only a user's first 100 public datasets are listed: \`limit\` is capped at 100, \`total\` counts at most 100 and no page reaches past them. ${listDescription}`,
        querystring: userPublicDatasetsQuerySchema,
        response: { 200: datasetListResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => listUserPublicDatasets(ctx, request.viewer?.id ?? null, request.query),
  );

  app.get(
    '/datasets/search',
    {
      schema: {
        tags,
        summary: 'Search datasets by name, description and tags',
        description: `Chinese and English; ranked with name matches first. 12 per page unless \`limit\` says otherwise; the answer carries page numbers. ${listDescription}`,
        querystring: searchQuerySchema,
        response: { 200: datasetSearchResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => searchDatasets(ctx, request.viewer?.id ?? null, request.query),
  );

  app.get(
    '/datasets/:id',
    {
      schema: {
        tags,
        summary: 'A dataset with its versions (newest first)',
        description: 'A private dataset is 404 DATASET_NOT_FOUND for anyone but its owner.',
        params: datasetIdParamsSchema,
        response: {
          200: datasetSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => getDataset(ctx, request.params.id, request.viewer?.id ?? null),
  );
};

/** Reading datasets: stats, lists, search and detail. Private datasets exist only for their owner. */
export const browseRoutes: RoutesPlugin = async (app, options) => {
  await listRoutes(app, options);
  await lookupRoutes(app, options);
};
