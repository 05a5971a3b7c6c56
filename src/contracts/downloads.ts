import { z } from 'zod';
import { DOWNLOAD_FORMATS } from './limits.ts';
import { datasetIdParamsSchema, versionParamsSchema } from './datasets.ts';

/** GET /datasets/{id}/versions/{version}/download?format=… */
export const downloadQuerySchema = z.object({ format: z.enum(DOWNLOAD_FORMATS).default('csv') });

/**
 * A download's address that names its format (`…/data.parquet`), for tools that pick the reader
 * or the saved file's name from the path (DuckDB's `FROM 'url'`, pandas, wget).
 */
const dataFormatSchema = z.enum(DOWNLOAD_FORMATS).describe('The format, after `data.` in the path');
export const dataFileParamsSchema = versionParamsSchema.extend({ format: dataFormatSchema });
export const latestDataFileParamsSchema = datasetIdParamsSchema.extend({
  format: dataFormatSchema,
});
