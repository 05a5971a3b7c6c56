import type { Dataset, DatasetVersion } from '../../../contracts/datasets.ts';
import type { Context } from '../../context.ts';
import {
  declaredTypesOf,
  ingestTable,
  parseCsvStream,
  parseJsonlStream,
  type DeclaredTypes,
} from '../../tables/index.ts';
import {
  addVersionWith,
  asApiErrors,
  createDatasetWith,
  type DatasetMetadata,
  type StoredContent,
} from './content.ts';
import type { Published } from './idempotency.ts';
import { addPatch } from './patches.ts';
import type { VersionMode } from '../../../contracts/limits.ts';
import { checkOwned } from './rows.ts';

/**
 * A big table sent as the raw request body (`text/csv`, `text/tab-separated-values` or
 * `application/x-ndjson`, optionally `Content-Encoding: gzip`), read as a
 * stream: memory stays constant whatever its size, up to MAX_UPLOAD_MB (then 413).
 */
export type Upload = { format: 'csv' | 'tsv' | 'jsonl'; body: AsyncIterable<Uint8Array> };

/**
 * Parses and stores the upload; declared types are checked like a JSON body's, the other
 * columns' types inferred over all rows. 400/413 when invalid.
 */
export const ingestUpload =
  (ctx: Context, upload: Upload, types: DeclaredTypes) => (): Promise<StoredContent> =>
    asApiErrors(
      (async () => {
        const parsed = await parseUpload(ctx, upload);
        const attributeTypes = declaredTypesOf(types);
        return ingestTable(ctx.blobs, { ...parsed, attributeTypes }, ctx.config.limits);
      })(),
    );

/** The upload's columns and a stream of its rows (throws TableValidationError). */
export function parseUpload(ctx: Context, upload: Upload) {
  const options = { maxBytes: ctx.config.limits.maxUploadBytes };
  return upload.format === 'jsonl'
    ? parseJsonlStream(upload.body, options)
    : parseCsvStream(upload.body, { ...options, delimiter: upload.format === 'tsv' ? '\t' : ',' });
}

/** POST /datasets with a streamed body; the metadata comes from the query. */
export function createDatasetFromUpload(
  ctx: Context,
  ownerId: number,
  meta: DatasetMetadata & DeclaredTypes,
  upload: Upload,
  key?: string,
): Promise<Published<Dataset>> {
  return createDatasetWith(ctx, ownerId, meta, ingestUpload(ctx, upload, meta), false, key);
}

/** POST /datasets/{id}/versions with a streamed body: owner only (403, or 404 when private). */
export async function addVersionFromUpload(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  fields: { changelog: string; mode: VersionMode } & DeclaredTypes,
  upload: Upload,
  key?: string,
): Promise<Published<DatasetVersion>> {
  const { mode } = fields;
  if (mode !== 'replace') {
    const rows = async () => ({
      ...(await parseUpload(ctx, upload)),
      attributeTypes: declaredTypesOf(fields),
    });
    const patch = { changelog: fields.changelog, mode };
    return addPatch(ctx, viewerId, datasetId, patch, rows, false, key);
  }
  await checkOwned(ctx.db, datasetId, viewerId);
  const write = ingestUpload(ctx, upload, fields);
  return addVersionWith(ctx, viewerId, datasetId, fields, write, false, key);
}
