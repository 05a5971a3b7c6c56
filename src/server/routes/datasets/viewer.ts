import { errors } from '../errors.ts';
import { datasetIdParamsSchema, versionParamsSchema } from '../../../contracts/datasets.ts';
import {
  compareQuerySchema,
  compareRowsQuerySchema,
  compareRowsSchema,
  facetsQuerySchema,
  rowsQuerySchema,
  tableRowsSchema,
  versionCompareSchema,
  versionFacetsSchema,
  versionStatsSchema,
} from '../../../contracts/tables.ts';
import { versionFacets } from '../../services/datasets/facets.ts';
import {
  compareVersionRows,
  compareVersions,
  versionRows,
  versionStats,
} from '../../services/datasets/viewer.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['datasets'];
const readErrors = errors(400, 401, 404);
const privacy =
  'A private dataset answers 404 to everyone but its owner, exactly like `GET /datasets/{id}`.';

/** A column's values or histogram under filters: what the data studio's column menus show. */
const facetsRoute: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/versions/:version/facets',
    {
      schema: {
        tags,
        summary: "A column's most frequent values, or its histogram, under filters",
        description: `Among the rows \`q\` and \`filters\` keep (as for rows): the 20 most frequent values of \`column\` with their counts, most frequent first (a missing value counted as null), or with \`bins\` (1 to 50; numbers, dates and datetimes) an equal-width histogram from the smallest to the largest value kept, shaped like the statistics' (\`to\` inclusive in the last bin). An unknown column is 400 UNKNOWN_COLUMN; a bad filter 400 BAD_FILTER. ${privacy}`,
        params: versionParamsSchema,
        querystring: facetsQuerySchema,
        response: { 200: versionFacetsSchema, ...readErrors },
      },
    },
    async (request) =>
      versionFacets(
        ctx,
        request.params.id,
        request.params.version,
        request.viewer?.id ?? null,
        request.query,
      ),
  );
};

/** The data viewer: any version's rows and column statistics, and two versions compared. */
export const viewerRoutes: RoutesPlugin = async (app, options) => {
  const { ctx } = options;
  await facetsRoute(app, options);
  app.get(
    '/datasets/:id/versions/:version/rows',
    {
      schema: {
        tags,
        summary: "A page of a version's rows, sorted and filtered",
        description: `Values in column order. \`total\` counts the rows matching \`q\` (case-insensitive substring over the string columns) and every filter of \`filters\`; \`row_numbers\` stay the stored row numbers. An unknown \`sort\` column is 400 UNKNOWN_COLUMN; a bad filter (malformed JSON, unknown op or column, a value not of the column's type) is 400 BAD_FILTER naming it. ${privacy}`,
        params: versionParamsSchema,
        querystring: rowsQuerySchema,
        response: { 200: tableRowsSchema, ...readErrors },
      },
    },
    async (request) =>
      versionRows(
        ctx,
        request.params.id,
        request.params.version,
        request.viewer?.id ?? null,
        request.query,
      ),
  );

  app.get(
    '/datasets/:id/versions/:version/stats',
    {
      schema: {
        tags,
        summary: "A version's column statistics",
        description: `Per column: count, nulls, distinct (exact), min and max; mean, standard deviation and a histogram (at most 20 bins) for numbers, dates and datetimes; the 10 most frequent values for strings and booleans. Computed at publish. ${privacy}`,
        params: versionParamsSchema,
        response: { 200: versionStatsSchema, ...readErrors },
      },
    },
    async (request) =>
      versionStats(ctx, request.params.id, request.params.version, request.viewer?.id ?? null),
  );

  app.get(
    '/datasets/:id/compare',
    {
      schema: {
        tags,
        summary: 'Compare two versions of a dataset',
        description: `Column changes and counts of added, removed and changed rows. Without \`key\` rows compare whole over the columns both versions share and \`changed\` is null; with a key rows pair by it: \`key\` names one column of both versions or several separated by commas (\`key=id,year\`), and without \`key\` the dataset's declared key is used, all its columns, when both versions have them (\`key=\`, empty, compares whole rows). A key column either version lacks is 400 UNKNOWN_COLUMN. ${privacy}`,
        params: datasetIdParamsSchema,
        querystring: compareQuerySchema,
        response: { 200: versionCompareSchema, ...readErrors },
      },
    },
    async (request) =>
      compareVersions(ctx, request.params.id, request.viewer?.id ?? null, request.query),
  );

  app.get(
    '/datasets/:id/compare/rows',
    {
      schema: {
        tags,
        summary: 'A page of the added, removed or changed rows between two versions',
        description: `Added rows in the \`to\` version's columns, removed rows in the \`from\` version's, changed rows as both sides in the shared columns. \`key\` pairs rows as for the compare (left out: the dataset's key). ${privacy}`,
        params: datasetIdParamsSchema,
        querystring: compareRowsQuerySchema,
        response: { 200: compareRowsSchema, ...readErrors },
      },
    },
    async (request) =>
      compareVersionRows(ctx, request.params.id, request.viewer?.id ?? null, request.query),
  );
};
