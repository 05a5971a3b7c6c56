import { errors } from '../errors.ts';
import { PUBLIC_SHARED_CACHE } from '../../../lib/shared-cache.ts';
import { croissantDocumentSchema } from '../../../contracts/croissant.ts';
import { datasetIdParamsSchema } from '../../../contracts/datasets.ts';
import { datasetCroissant } from '../../services/croissant.ts';
import type { RoutesPlugin } from '../types.ts';

const CONTENT_TYPE = 'application/ld+json; charset=utf-8';

/** /datasets/{id}/croissant: structured data for search engines and ML tools. See docs/seo.md. */
export const croissantRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/croissant',
    {
      schema: {
        tags: ['datasets'],
        summary: "A dataset's schema.org Dataset and Croissant 1.0 description (JSON-LD)",
        description:
          'Describes the latest version: its CSV, JSON and JSON Lines downloads (absolute URLs, sha256 and size of each file) and its columns with their types. The same document is embedded in the dataset page. A private dataset is a 404 for everyone but its owner.',
        params: datasetIdParamsSchema,
        response: {
          200: {
            description: 'The JSON-LD document',
            content: { 'application/ld+json': { schema: croissantDocumentSchema } },
          },
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const viewerId = request.viewer?.id ?? null;
      const document = await datasetCroissant(ctx, request.params.id, viewerId);
      // A guest only ever sees public datasets; a signed-in caller may be reading their own private one.
      return reply
        .header('content-type', CONTENT_TYPE)
        .header('cache-control', viewerId === null ? PUBLIC_SHARED_CACHE : 'private, no-store')
        .send(document);
    },
  );
};
