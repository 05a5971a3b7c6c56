import { errors } from '../errors.ts';
import { versionParamsSchema } from '../../../contracts/datasets.ts';
import { readKeySchema } from '../../../contracts/downloads.ts';
import { issueReadKey } from '../../services/read-keys.ts';
import type { RoutesPlugin } from '../types.ts';

/** Read keys: a version's Parquet file for a reader that cannot send a bearer token. */
export const readKeyRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/datasets/:id/versions/:version/read-key',
    {
      schema: {
        tags: ['datasets'],
        security: [{ bearer: [] }],
        summary: "A short-lived key that reads a version's downloads in the caller's name",
        description:
          "For the SQL console's DuckDB, which reads Parquet over HTTP ranges and cannot send a bearer token: `url` (from the API root) is the version's `data.parquet` with `?key=`, valid for an hour, for this version only, and only while the caller may see the dataset. A dataset the caller may not see is 404 DATASET_NOT_FOUND.",
        params: versionParamsSchema,
        response: { 200: readKeySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return issueReadKey(ctx, viewer.id, request.params.id, request.params.version);
    },
  );
};
