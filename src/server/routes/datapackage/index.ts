import { errors } from '../errors.ts';
import { dataPackageSchema } from '../../../contracts/datapackage.ts';
import { versionParamsSchema } from '../../../contracts/datasets.ts';
import { versionDataPackage } from '../../services/datapackage.ts';
import type { RoutesPlugin } from '../types.ts';
import { PUBLIC_SHARED_CACHE } from '../../../lib/shared-cache.ts';

/** A version's Frictionless Data Package (docs/datasets.md, "Data Package"). */
export const dataPackageRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/versions/:version/datapackage.json',
    {
      schema: {
        tags: ['datasets'],
        summary: "A version's Frictionless Tabular Data Package (datapackage.json)",
        description:
          "One resource, the version's CSV download (absolute URL, sha256 and size), with a Table Schema from the column types, so frictionless, CKAN and Kaggle-style tools read every value as its type. A private dataset is a 404 for everyone but its owner.",
        params: versionParamsSchema,
        response: { 200: dataPackageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewerId = request.viewer?.id ?? null;
      const { id, version } = request.params;
      const descriptor = await versionDataPackage(ctx, id, version, viewerId);
      // As the Croissant document: shared caches keep a guest's copy five minutes at most.
      return reply
        .header('cache-control', viewerId === null ? PUBLIC_SHARED_CACHE : 'private, no-store')
        .send(descriptor);
    },
  );
};
