import { eq } from 'drizzle-orm';
import type {
  CreateDatasetBody,
  Dataset,
  DatasetVersion,
  TableContent,
  ValidateBody,
  ValidateResponse,
} from '../../../contracts/datasets.ts';
import { computeDownloadDigestsLater } from '../download-digests.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, datasetVersions } from '../../db/schema.ts';
import { AppError, badRequest, conflict, tooLarge } from '../../errors.ts';
import {
  TableValidationError,
  isLimitError,
  validateTable,
  writeTable,
  type StoredTable,
  type Table,
  type TableError,
  type TableHeader,
} from '../../tables/index.ts';
import { prepareTableFiles } from '../table-files.ts';
import { releaseBlobs, withStoredBlob } from './blob-refs.ts';
import { getDataset } from './browse.ts';
import { askedOf, patchAsked, versionAsked, type VersionFields } from './publish-asks.ts';
import { describedColumns } from './column-descriptions.ts';
import {
  claimIdempotencyKey,
  earlierRequest,
  idempotentRequest,
  recordIdempotencyKey,
  type Published,
} from './idempotency.ts';
import { forgetCounts } from './counts.ts';
import { recomputeHeat } from './heat.ts';
import { announce } from '../activity.ts';
import { summarizeVersion } from './changes.ts';
import { checkKeyUnique } from './keys.ts';
import type { VersionMode } from '../../../contracts/limits.ts';
import {
  checkOwned,
  lockOwned,
  now,
  searchTextOf,
  statedFromBody,
  toVersion,
  type StatedWire,
} from './rows.ts';

/** POST /datasets/validate: checks a table without storing anything. */
export function validateContent(ctx: Context, input: ValidateBody): ValidateResponse {
  const { is_valid, errors } = validateTable(input, ctx.config.limits);
  return { is_valid, errors };
}

/** 413 naming the limit when the table is too big, else 400 listing what is wrong. */
export function tableRejected(errors: TableError[]): AppError {
  const limit = errors.find((e) => isLimitError([e]));
  if (limit) return tooLarge(limit.message, { limit: limit.code, errors });
  const first = errors[0];
  const err = badRequest(`Invalid table: ${first?.message ?? 'the content is not a table'}`, {
    errors,
  });
  return new AppError(err.status, 'INVALID_TABLE', err.message, err.details);
}

/** Rethrows a streamed table's validation failure as the API's 400/413. */
export async function asApiErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof TableValidationError) throw tableRejected(err.errors);
    throw err;
  }
}

export function validTable(ctx: Context, input: TableContent): Table {
  const result = validateTable(input, ctx.config.limits);
  if (!result.table) throw tableRejected(result.errors);
  return result.table;
}

/** Writes the blob of a table the caller already has in memory. */
export const writeValid = (ctx: Context, table: Table) => async () => ({
  ...(await writeTable(ctx.blobs, table)),
  header: { attributes: table.attributes, attributeTypes: table.attributeTypes },
});

export type StoredContent = StoredTable & { header: TableHeader };

/**
 * The blob, then its Parquet copy and column statistics (so the viewer has them the moment the
 * version exists), then the check of the dataset's key on it; a failure there releases the blob
 * again.
 */
export const withTableFiles =
  (ctx: Context, write: () => Promise<StoredContent>, key: readonly string[]) =>
  async (): Promise<StoredContent> => {
    const stored = await write();
    try {
      await prepareTableFiles(ctx, stored.sha256, stored.header);
      await checkKeyUnique(ctx, stored, key);
    } catch (err) {
      await releaseBlobs(ctx, [stored.sha256]).catch(() => undefined);
      throw err;
    }
    return stored;
  };

const versionValues = (
  datasetId: number,
  version: number,
  fields: { changelog: string; mode?: VersionMode | undefined },
  c: StoredContent,
) => ({
  datasetId,
  version,
  changelog: fields.changelog,
  mode: fields.mode ?? 'replace',
  attributes: c.header.attributes,
  attributeTypes: c.header.attributeTypes,
  entriesCount: c.entriesCount,
  byteSize: c.byteSize,
  sha256: c.sha256,
  preview: c.preview,
});

export type DatasetMetadata = Pick<
  CreateDatasetBody,
  'name' | 'description' | 'is_public' | 'language' | 'tags' | 'changelog'
> &
  Partial<Pick<CreateDatasetBody, 'column_descriptions'>> &
  StatedWire;

/**
 * Creates a dataset with its version 1, all or nothing: the blob is written first, then one
 * transaction inserts the blob row, the dataset and the version (see withStoredBlob). With an
 * `Idempotency-Key`, the same transaction claims it, or answers the dataset it made before.
 */
export async function createDatasetWith(
  ctx: Context,
  ownerId: number,
  meta: DatasetMetadata,
  write: () => Promise<StoredContent>,
  canRewrite: boolean,
  key?: string,
): Promise<Published<Dataset>> {
  const columnDescriptions = describedColumns(ctx, {}, meta.column_descriptions);
  const { id, replayed } = await withStoredBlob(
    ctx,
    withTableFiles(ctx, write, meta.key_columns ?? []),
    async (tx: Db, stored) => {
      const req = idempotentRequest(ownerId, key, askedOf('dataset', meta, stored));
      const earlier = req && (await claimIdempotencyKey(tx, req));
      if (earlier) return { id: earlier.datasetId, replayed: true };
      const [row] = await tx
        .insert(datasets)
        .values({
          ownerId,
          name: meta.name,
          description: meta.description,
          isPublic: meta.is_public,
          tags: meta.tags,
          ...statedFromBody(meta),
          columnDescriptions,
          searchText: searchTextOf(meta.name, meta.description, meta.tags),
          latestVersion: 1,
        })
        .returning({ id: datasets.id });
      if (!row) throw new Error('insert returned no row');
      await tx.insert(datasetVersions).values(versionValues(row.id, 1, meta, stored));
      await recomputeHeat(tx, row.id);
      if (req) await recordIdempotencyKey(tx, req, { datasetId: row.id, versionId: null });
      return { id: row.id, replayed: false };
    },
    canRewrite,
  );
  const dataset = await getDataset(ctx, id, ownerId);
  if (replayed) return { made: dataset, replayed };
  forgetCounts(ctx.db);
  for (const version of dataset.versions) computeDownloadDigestsLater(ctx, version.sha256);
  return { made: dataset, replayed };
}

/** POST /datasets with a JSON body. */
export function createDataset(
  ctx: Context,
  ownerId: number,
  input: CreateDatasetBody,
  key?: string,
): Promise<Published<Dataset>> {
  const table = validTable(ctx, input);
  return createDatasetWith(ctx, ownerId, input, writeValid(ctx, table), true, key);
}

/** The version an earlier request with the same key added. */
async function versionMade(tx: Db, versionId: number | null): Promise<DatasetVersion> {
  const [row] = await tx
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId ?? -1));
  if (!row) throw new Error('an idempotency key of a new version names no version');
  return toVersion(row);
}

/** 409 VERSION_CONFLICT: a patch was built on a version that is no longer the latest. */
const baseMoved = () =>
  conflict(
    'Another version was published while this patch was applied; send the patch again',
    'VERSION_CONFLICT',
  );

/**
 * Adds the next version to the caller's dataset, all or nothing, claiming the
 * `Idempotency-Key` if one was sent (see createDatasetWith). A patch sent again with its key
 * answers the version it made before anything is built. `within` runs in the transaction that
 * inserts the version (a proposal's merge marks it merged there).
 */
export async function addVersionWith(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  fields: VersionFields,
  write: () => Promise<StoredContent>,
  canRewrite: boolean,
  key?: string,
  within?: (tx: Db, made: DatasetVersion) => Promise<void>,
): Promise<Published<DatasetVersion>> {
  const { keyColumns } = await checkOwned(ctx.db, datasetId, viewerId);
  if (fields.patch !== undefined && key !== undefined) {
    const req = idempotentRequest(viewerId, key, patchAsked(fields, datasetId));
    const earlier = req && (await earlierRequest(ctx.db, req));
    if (earlier) return { made: await versionMade(ctx.db, earlier.versionId), replayed: true };
  }
  const added = await withStoredBlob(
    ctx,
    withTableFiles(ctx, write, keyColumns),
    async (tx: Db, stored) => {
      const req = idempotentRequest(viewerId, key, versionAsked(fields, datasetId, stored));
      const earlier = req && (await claimIdempotencyKey(tx, req));
      if (earlier) return { made: await versionMade(tx, earlier.versionId), replayed: true };
      const dataset = await lockOwned(tx, datasetId, viewerId);
      if (fields.base !== undefined && fields.base !== dataset.latestVersion) throw baseMoved();
      const version = dataset.latestVersion + 1;
      const [row] = await tx
        .insert(datasetVersions)
        .values(versionValues(datasetId, version, fields, stored))
        .returning();
      if (!row) throw new Error('insert returned no row');
      await tx
        .update(datasets)
        .set({ latestVersion: version, updatedAt: now })
        .where(eq(datasets.id, datasetId));
      if (req) await recordIdempotencyKey(tx, req, { datasetId, versionId: row.id });
      const made = toVersion(row);
      if (within) await within(tx, made);
      return { made, replayed: false };
    },
    canRewrite,
  );
  if (!added.replayed) {
    computeDownloadDigestsLater(ctx, added.made.sha256);
    const { version } = added.made;
    await summarizeVersion(ctx, datasetId, version);
    await announce(ctx, { kind: 'version.published', actorId: viewerId, datasetId, version });
  }
  return added;
}

/** POST /datasets/{id}/versions with a JSON body: owner only (403, or 404 when private). */
export async function addVersion(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  input: TableContent & { changelog: string },
  key?: string,
): Promise<Published<DatasetVersion>> {
  await checkOwned(ctx.db, datasetId, viewerId);
  const table = validTable(ctx, input);
  return addVersionWith(ctx, viewerId, datasetId, input, writeValid(ctx, table), true, key);
}
