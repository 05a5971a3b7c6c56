import { z } from 'zod';
import { DOWNLOAD_FORMATS } from './limits.ts';
import { datasetIdParamsSchema, versionParamsSchema } from './datasets.ts';
import { orderQueryFields, selectionQueryFields } from './tables.ts';

/**
 * "Download this view": the rows call's `filters`, `q` and `sort` / `order` on a download. With
 * none of them the stored file is served; with any, exactly the rows kept, in that order.
 */
export const downloadViewQuerySchema = z.object({
  ...selectionQueryFields,
  ...orderQueryFields,
});

/** GET /datasets/{id}/versions/{version}/download?format=… */
export const downloadQuerySchema = downloadViewQuerySchema.extend({
  format: z.enum(DOWNLOAD_FORMATS).default('csv'),
});

/**
 * A download's address that names its format (`…/data.parquet`), for tools that pick the reader
 * or the saved file's name from the path (DuckDB's `FROM 'url'`, pandas, wget).
 */
const dataFormatSchema = z.enum(DOWNLOAD_FORMATS).describe('The format, after `data.` in the path');
export const dataFileParamsSchema = versionParamsSchema.extend({ format: dataFormatSchema });
export const latestDataFileParamsSchema = datasetIdParamsSchema.extend({
  format: dataFormatSchema,
});
