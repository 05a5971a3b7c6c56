import { z } from 'zod';
import { changelogSchema, uploadTypeFields } from './dataset-fields.ts';
import { KEY_COLUMNS_MAX, MAX_ATTRIBUTE_LENGTH, VERSION_MODES } from './limits.ts';

/* A dataset's key and how a new version is made (docs/living-datasets.md). */

/**
 * The key's columns: unique names, at most KEY_COLUMNS_MAX, each a column of the latest version
 * (checked against the table when it is known). Empty: no key.
 */
export const keyColumnsSchema = z
  .array(z.string().trim().min(1).max(MAX_ATTRIBUTE_LENGTH))
  .max(KEY_COLUMNS_MAX)
  .refine((names) => new Set(names).size === names.length, 'A column is named twice in the key')
  .describe(
    `Columns whose values name a row: unique and never empty in every version (at most ${KEY_COLUMNS_MAX}); \`[]\` for none`,
  );

/** The key in a query: comma-separated (`key_columns=id,year`) or repeated. */
export const queryKeyColumns = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .pipe(keyColumnsSchema)
  .meta({ type: 'string', description: 'Key columns, comma-separated, e.g. `id,year`' });

/** The query (or form fields) of a streamed new version. */
export const versionUploadFields = {
  changelog: changelogSchema.default(''),
  mode: z
    .enum(VERSION_MODES)
    .default('replace')
    .describe(
      '`replace` (the default): the body is the whole new table. `append`: rows added at the end. `upsert`: rows replacing those with the same key in place, the others added at the end. `delete`: the key values of rows to remove (only the key columns). A patch is built from the latest version and refused whole if any row is invalid; upsert and delete need a declared key',
    ),
  ...uploadTypeFields,
};
