import { z } from 'zod';
import { DOWNLOAD_FORMATS } from './limits.ts';
import { datasetIdParamsSchema, versionParamsSchema } from './datasets.ts';
import { orderQueryFields, selectionQueryFields } from './tables.ts';

/**
 * "Download this view": the rows call's `filters`, `q` and `sort` / `order` on a download. With
 * none of them the stored file is served; with any, exactly the rows kept, in that order.
 */
const downloadViewQuerySchema = z.object({
  ...selectionQueryFields,
  ...orderQueryFields,
});

/**
 * `?key=`: a read key (POST …/versions/{version}/read-key) that reads the version in the name of
 * the user it was issued to, for a reader that cannot send a bearer token (the SQL console's
 * DuckDB reading a private dataset's Parquet file over HTTP).
 */
const readKeyQuerySchema = z.object({
  key: z
    .string()
    .max(2000)
    .optional()
    .describe(
      "A read key of this version (POST …/read-key): read in its holder's name; one that is expired or of another version is 401 READ_KEY_INVALID",
    ),
});

/**
 * A view's selection and order with a read key: what a download's query string takes beside
 * its format.
 */
export const downloadReadQuerySchema = downloadViewQuerySchema.extend(readKeyQuerySchema.shape);

/** GET /datasets/{id}/versions/{version}/download?format=… */
export const downloadQuerySchema = downloadReadQuerySchema.extend({
  format: z.enum(DOWNLOAD_FORMATS).default('csv'),
});

/** POST /datasets/{id}/versions/{version}/read-key: the key and the Parquet file's address with it. */
export const readKeySchema = z.object({
  key: z.string(),
  url: z.string().describe("The version's `data.parquet` address with the key, from the API root"),
  expires_at: z.iso.datetime(),
});
export type ReadKey = z.infer<typeof readKeySchema>;

/**
 * A download's address that names its format (`…/data.parquet`), for tools that pick the reader
 * or the saved file's name from the path (DuckDB's `FROM 'url'`, pandas, wget).
 */
const dataFormatSchema = z.enum(DOWNLOAD_FORMATS).describe('The format, after `data.` in the path');
export const dataFileParamsSchema = versionParamsSchema.extend({ format: dataFormatSchema });
export const latestDataFileParamsSchema = datasetIdParamsSchema.extend({
  format: dataFormatSchema,
});
