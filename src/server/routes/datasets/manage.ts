import { errors } from '../errors.ts';
import { z } from 'zod';
import {
  createDatasetBodySchema,
  createDatasetUploadQuerySchema,
  datasetIdParamsSchema,
  datasetSchema,
  updateDatasetBodySchema,
  validateBodySchema,
  validateResponseSchema,
} from '../../../contracts/datasets.ts';
import { badRequest, invalidFields } from '../../errors.ts';
import { publishHeadersSchema } from '../../../contracts/idempotency.ts';
import { createDataset, validateContent } from '../../services/datasets/content.ts';
import { limitBody } from '../body-limit.ts';
import { deleteDataset, updateDataset } from '../../services/datasets/manage.ts';
import { createDatasetFromUpload } from '../../services/datasets/uploads.ts';
import type { RoutesPlugin } from '../types.ts';
import { multipartUpload } from './multipart.ts';
import { answerPublished } from './idempotent.ts';
import { uploadDescription, uploadOf } from './uploads.ts';

const tags = ['datasets'];
const security = [{ bearer: [] }];
const ownerOnly =
  "Owner only: 403 FORBIDDEN for someone else's public dataset, 404 DATASET_NOT_FOUND for a private one.";

/** Checking a table before publishing it. */
const checkRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/datasets/validate',
    {
      config: { tableBody: true },
      schema: {
        tags,
        summary: 'Check table content without storing it',
        description:
          'Errors name the 1-based row and the column; TOO_MANY_ROWS / TOO_MANY_COLUMNS report a size limit.',
        body: validateBodySchema,
        response: {
          200: validateResponseSchema,
          ...errors(400, 401, 413),
        },
      },
      // Without a token the body may be at most MAX_GUEST_VALIDATE_MB, checked before reading it.
      preParsing: async (request, _reply, payload) =>
        request.headers.authorization
          ? payload
          : limitBody(request, payload, ctx.config.limits.maxGuestValidateBytes),
    },
    async (request) => validateContent(ctx, request.body),
  );
};

/** Publishing a new dataset. */
const publishRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/datasets',
    {
      config: { streamedTable: true, tableBody: true },
      schema: {
        tags,
        security,
        summary: 'Create a dataset with its version 1',
        description: `All or nothing. Invalid content is 400 INVALID_TABLE with \`details.errors\`; a table past a size limit is 413 PAYLOAD_TOO_LARGE naming the limit. ${uploadDescription} The metadata then goes in the query (\`name\` required).`,
        headers: publishHeadersSchema,
        body: createDatasetBodySchema.nullish(),
        querystring: createDatasetUploadQuerySchema,
        response: {
          201: datasetSchema,
          ...errors(400, 401, 409, 413),
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const key = request.headers['idempotency-key'];
      const form = await multipartUpload(request, createDatasetUploadQuerySchema);
      if (form) {
        const { name, ...meta } = form.fields;
        if (name === undefined) {
          throw badRequest('Invalid name: Required (send the fields before the file)', [
            { field: 'name', message: 'Required' },
          ]);
        }
        const published = await createDatasetFromUpload(
          ctx,
          viewer.id,
          { name, ...meta },
          form.upload,
          key,
        );
        return answerPublished(reply, published);
      }
      const upload = uploadOf(request);
      if (upload) {
        const { name, ...meta } = request.query;
        if (name === undefined) {
          throw invalidFields([
            { field: 'name', message: 'A streamed upload needs the name in the query' },
          ]);
        }
        const published = await createDatasetFromUpload(
          ctx,
          viewer.id,
          { name, ...meta },
          upload,
          key,
        );
        return answerPublished(reply, published);
      }
      if (!request.body) throw badRequest('Request body is required');
      return answerPublished(reply, await createDataset(ctx, viewer.id, request.body, key));
    },
  );
};

/** Changing and deleting a dataset. */
const editRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.put(
    '/datasets/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change a dataset's name, description, visibility, language or tags",
        description: `Fields left out keep their value. ${ownerOnly}`,
        params: datasetIdParamsSchema,
        body: updateDatasetBodySchema,
        response: {
          200: datasetSchema,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return updateDataset(ctx, viewer.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/datasets/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a dataset and its versions',
        description: `Content no other dataset shares is deleted too. ${ownerOnly}`,
        params: datasetIdParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await deleteDataset(ctx, viewer.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Creating, changing and deleting datasets, and checking content before upload. */
export const manageRoutes: RoutesPlugin = async (app, options) => {
  await checkRoutes(app, options);
  await publishRoutes(app, options);
  await editRoutes(app, options);
};
