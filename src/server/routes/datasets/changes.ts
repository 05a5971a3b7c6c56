import { errors } from '../errors.ts';
import { datasetIdParamsSchema } from '../../../contracts/datasets.ts';
import { CHANGES_PAGE } from '../../../contracts/limits.ts';
import { changesQuerySchema, changesResponseSchema } from '../../../contracts/changes.ts';
import { versionChanges } from '../../services/datasets/changes.ts';
import type { RoutesPlugin } from '../types.ts';

/** What changed in each version: GET /datasets/{id}/changes?since=N. */
export const changesRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/changes',
    {
      schema: {
        tags: ['datasets'],
        summary: 'What changed in each version after `since`',
        description: `The change summaries of the versions after \`since\` (0 when not given: version 1 counts every row and column as added), oldest first, at most ${CHANGES_PAGE}; ask again with the last version given for the next ones. Rows are paired by the dataset's key when every version of the pair holds it whole and unique, else compared whole (\`key\` null, \`rows_changed\` null). \`since\` must be a non-negative integer (400 VALIDATION_ERROR). A private dataset answers 404 to everyone but its owner, exactly like \`GET /datasets/{id}\`.`,
        params: datasetIdParamsSchema,
        querystring: changesQuerySchema,
        response: { 200: changesResponseSchema, ...errors(400, 401, 404, 503) },
      },
    },
    async (request) =>
      versionChanges(ctx, request.params.id, request.viewer?.id ?? null, request.query.since),
  );
};
