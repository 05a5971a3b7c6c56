import { errors } from '../errors.ts';
import { z } from 'zod';
import {
  contentQuerySchema,
  createVersionBodySchema,
  createVersionUploadQuerySchema,
  datasetIdParamsSchema,
  datasetVersionSchema,
  versionContentSchema,
  versionListResponseSchema,
  versionParamsSchema,
} from '../../../contracts/datasets.ts';
import {
  dataFileParamsSchema,
  downloadQuerySchema,
  latestDataFileParamsSchema,
  downloadReadQuerySchema,
} from '../../../contracts/downloads.ts';
import { publishHeadersSchema } from '../../../contracts/idempotency.ts';
import { badRequest } from '../../errors.ts';
import { addVersion } from '../../services/datasets/content.ts';
import { DOWNLOAD_LINK_SECONDS } from '../../services/datasets/downloads.ts';
import { answerDownload } from './view-downloads.ts';
import { addVersionFromUpload } from '../../services/datasets/uploads.ts';
import { addPatch, patchOfBody } from '../../services/datasets/patches.ts';
import { latestContent, listVersions } from '../../services/datasets/versions.ts';
import type { RoutesPlugin } from '../types.ts';
import { answerPublished } from './idempotent.ts';
import { multipartUpload } from './multipart.ts';
import { uploadDescription, uploadOf } from './uploads.ts';

const tags = ['datasets'];
const security = [{ bearer: [] }];
/** A file in a download's answer: its bytes, of this media type. */
const file = (type: string) => ({ schema: z.string().meta({ contentMediaType: type }) });

const linkMinutes = DOWNLOAD_LINK_SECONDS / 60;

/** A response header: its JSON schema and what it says (plugins/openapi.ts declares it). */
const header = (description: string, schema: object = { type: 'string' }) => ({
  ...schema,
  description,
});

/** The headers every answer with the file (or part of it) carries. */
const fileHeaders = {
  ETag: header(
    'Strong: the same bytes for the version and format, whatever the store (none for a view)',
  ),
  'Last-Modified': header('When the version was published (none for a view)'),
  'Accept-Ranges': header('`bytes`; `none` for a view (`filters`, `q` or `sort`)', {
    type: 'string',
    enum: ['bytes', 'none'],
  }),
  'Content-Length': header('The bytes in this answer', { type: 'integer', minimum: 0 }),
  'Content-Disposition': header(
    '`attachment`, the file named after the dataset and version (`filename*` in UTF-8 for other names)',
  ),
  'Cache-Control': header(
    'A public version: shared caches may keep it a few minutes and must revalidate; a private one: `private`',
  ),
};

/** The request headers a download reads: conditional and range requests. */
const downloadHeadersSchema = z.object({
  range: z
    .string()
    .optional()
    .describe('`bytes=first-last`, `bytes=first-` or `bytes=-suffix`: one range, answered 206'),
  'if-none-match': z
    .string()
    .optional()
    .describe('An ETag of an earlier answer: 304 when it still holds'),
  'if-modified-since': z
    .string()
    .optional()
    .describe('An HTTP date: 304 when the version is not newer'),
  'if-range': z
    .string()
    .optional()
    .describe('An ETag: the range only while it holds, else the whole file'),
});

/** What a download answers: the file, part of it, a link to it (BLOB_REDIRECT), or nothing new. */
const downloadResponses = {
  200: {
    description: 'The file',
    headers: fileHeaders,
    content: {
      'text/csv': file('text/csv'),
      'text/tab-separated-values': file('text/tab-separated-values'),
      'application/json': {
        schema: z
          .array(z.record(z.string(), z.unknown()))
          .describe('The rows, each an object keyed by column name'),
      },
      'application/x-ndjson': file('application/x-ndjson'),
      'application/vnd.apache.parquet': file('application/vnd.apache.parquet'),
    },
  },
  206: {
    description: 'Part of the file (a `Range` request)',
    headers: {
      ...fileHeaders,
      'Content-Range': header('`bytes first-last/size`'),
    },
    content: {
      'text/csv': file('text/csv'),
      'text/tab-separated-values': file('text/tab-separated-values'),
      'application/json': file('application/json'),
      'application/x-ndjson': file('application/x-ndjson'),
      'application/vnd.apache.parquet': file('application/vnd.apache.parquet'),
    },
  },
  302: z
    .null()
    .describe(
      `With \`BLOB_REDIRECT=true\`: \`Location\` is a presigned URL of the table store, valid for ${linkMinutes} minutes, that serves the file with the same \`Content-Type\` and \`Content-Disposition\``,
    ),
  304: z
    .null()
    .describe(
      'Not modified: `If-None-Match` names the ETag, or (without `If-None-Match`) `If-Modified-Since` is not before `Last-Modified`',
    ),
  ...errors(416, 400, 401, 404),
};

/** A dataset's versions: the list, and publishing a new one. */
const versionHistoryRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/versions',
    {
      schema: {
        tags,
        summary: "A dataset's versions, newest first",
        params: datasetIdParamsSchema,
        response: {
          200: versionListResponseSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => listVersions(ctx, request.params.id, request.viewer?.id ?? null),
  );

  app.post(
    '/datasets/:id/versions',
    {
      config: { streamedTable: true, tableBody: true },
      schema: {
        tags,
        security,
        summary: 'Add the next version of a dataset',
        description: `Owner only: 403 FORBIDDEN for someone else's public dataset, 404 for a private one. All or nothing, with the same content errors as creating a dataset. ${uploadDescription} The changelog then goes in the query. With \`mode=append|upsert|delete\` the body (in any of these forms) is a change to the latest version instead of a whole table: its columns are the latest version's (the key's only for \`delete\`), its rows checked with the latest version's types; the new version is built from the latest one and stored like any other. Refused whole: 400 INVALID_TABLE for an invalid row, PATCH_COLUMNS_MISMATCH, PATCH_TYPE_MISMATCH, KEY_REQUIRED (upsert and delete without a key), KEY_NOT_FOUND (a deleted key no row has); 409 VERSION_CONFLICT when another version was published meanwhile. Every version of a dataset with a key is checked against it: 400 DUPLICATE_KEY or EMPTY_KEY naming the first row at fault, KEY_COLUMN_UNKNOWN when a key column is missing.`,
        params: datasetIdParamsSchema,
        headers: publishHeadersSchema,
        body: createVersionBodySchema.nullish(),
        querystring: createVersionUploadQuerySchema,
        response: {
          201: datasetVersionSchema,
          ...errors(400, 401, 403, 404, 409, 413),
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const { id } = request.params;
      const key = request.headers['idempotency-key'];
      const form = await multipartUpload(request, createVersionUploadQuerySchema);
      const upload = form ?? { fields: request.query, upload: uploadOf(request) };
      if (upload.upload) {
        const published = await addVersionFromUpload(
          ctx,
          viewer.id,
          id,
          upload.fields,
          upload.upload,
          key,
        );
        return answerPublished(reply, published);
      }
      const { body } = request;
      if (!body) throw badRequest('Request body is required');
      const { mode } = request.query;
      if (mode === 'replace') {
        return answerPublished(reply, await addVersion(ctx, viewer.id, id, body, key));
      }
      const fields = { changelog: body.changelog, mode };
      const patch = await addPatch(ctx, viewer.id, id, fields, patchOfBody(body), true, key);
      return answerPublished(reply, patch);
    },
  );
};

/** A version's content: the latest one's rows, and downloads. */
const versionContentRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/version',
    {
      schema: {
        tags,
        summary: "A page of the latest version's rows",
        params: datasetIdParamsSchema,
        querystring: contentQuerySchema,
        response: {
          200: versionContentSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) =>
      latestContent(ctx, request.params.id, request.viewer?.id ?? null, request.query),
  );

  app.get(
    '/datasets/:id/versions/:version/download',
    {
      // Sent as stored, so Content-Length, byte ranges and the ETag describe the same bytes.
      compress: false,
      schema: {
        tags,
        summary: 'Download a version as CSV, TSV, JSON, JSON Lines or Parquet',
        description: `Streamed, with \`Content-Disposition: attachment\` naming the file after the dataset and version. A download counts once per downloader (signed-in user, else IP address) and version within 5 minutes. Every format has a known length and a strong ETag, and answers \`Range: bytes=…\` with 206 (one range; 416 past the end), \`HEAD\`, and \`If-None-Match\` / \`If-Range\`; range requests, HEAD and answers 304 do not count as downloads. With \`BLOB_REDIRECT=true\` (table files in S3) the answer is instead 302 to a presigned URL of the store, valid for ${linkMinutes} minutes, which serves the same bytes (ranges too) under the same file name; visibility is checked and the download counted before it (\`Cache-Control: private, no-store\`). The URL lets anyone who holds it download the file until it expires. \`…/versions/{version}/data.<format>\` answers the same with the format in the path. With \`filters\`, \`q\` or \`sort\` (as the rows call takes them) the answer is that view instead: exactly the rows kept, in that order, in the same encoding, streamed with its \`Content-Length\` but without ranges or ETag (\`Cache-Control\` as for the stored file: shared for five minutes when public, \`private, no-store\` when private); bad filters are 400 BAD_FILTER, an unknown sort column 400 UNKNOWN_COLUMN.`,
        params: versionParamsSchema,
        querystring: downloadQuerySchema,
        headers: downloadHeadersSchema,
        response: downloadResponses,
      },
    },
    async (request, reply) =>
      answerDownload(ctx, request, reply, { ...request.params, ...request.query }),
  );

  app.get(
    '/datasets/:id/versions/:version/data.:format',
    {
      compress: false,
      schema: {
        tags,
        summary: 'Download a version, the format named by the path (data.parquet, data.csv, …)',
        description:
          "Exactly what `…/download?format=<format>` answers (ranges, ETag, counting, BLOB_REDIRECT), at an address that ends in the format, for tools that choose the reader or the saved file name from the path: DuckDB `SELECT … FROM '…/data.parquet'`, pandas, wget.",
        params: dataFileParamsSchema,
        querystring: downloadReadQuerySchema,
        headers: downloadHeadersSchema,
        response: downloadResponses,
      },
    },
    async (request, reply) =>
      answerDownload(ctx, request, reply, { ...request.params, ...request.query }),
  );

  app.get(
    '/datasets/:id/latest/data.:format',
    {
      compress: false,
      schema: {
        tags,
        summary: 'Download the latest version, the format named by the path',
        description:
          "The dataset's latest version as `…/versions/{version}/data.<format>` answers it: an address that follows new versions (each version keeps its own ETag).",
        params: latestDataFileParamsSchema,
        querystring: downloadReadQuerySchema,
        headers: downloadHeadersSchema,
        response: downloadResponses,
      },
    },
    async (request, reply) =>
      answerDownload(ctx, request, reply, {
        ...request.params,
        ...request.query,
        version: 'latest',
      }),
  );
};

/** Versions: list, add, read a page, download. */
export const versionRoutes: RoutesPlugin = async (app, options) => {
  await versionHistoryRoutes(app, options);
  await versionContentRoutes(app, options);
};
