import { eq } from 'drizzle-orm';
import type { Dataset, UpdateDatasetBody } from '../../../contracts/datasets.ts';
import type { Context } from '../../context.ts';
import { datasets, datasetVersions, proposals } from '../../db/schema.ts';
import { transactionRetried } from '../../db/deadlock.ts';
import { lockCaller } from '../accounts.ts';
import { lockAny, recount } from '../dataset-counters.ts';
import { forgetPrivateOrigins } from '../forks.ts';
import { releaseBlobs } from './blob-refs.ts';
import { getDataset } from './browse.ts';
import { describedColumns } from './column-descriptions.ts';
import { rememberDeleted } from './deleted.ts';
import { forgetCounts } from './counts.ts';
import { checkNewKey } from './keys.ts';
import { lockOwned, now, searchTextOf, statedFromBody } from './rows.ts';

/** PUT /datasets/{id}: the owner changes metadata; fields left out keep their value. */
export async function updateDataset(
  ctx: Context,
  viewerId: number,
  id: number,
  input: UpdateDatasetBody,
): Promise<Dataset> {
  await checkNewKey(ctx, id, viewerId, input.key_columns);
  // Waiting for the dataset's row, a change can be picked as the victim of a deadlock it only
  // queues behind (docs/reliability.md): it kept nothing and runs again.
  await transactionRetried(ctx.db, async (tx) => {
    await lockCaller(tx, viewerId);
    await lockOwned(tx, id, viewerId);
    const [current] = await tx
      .select({
        name: datasets.name,
        description: datasets.description,
        tags: datasets.tags,
        columnDescriptions: datasets.columnDescriptions,
      })
      .from(datasets)
      .where(eq(datasets.id, id));
    if (!current) return;
    const name = input.name ?? current.name;
    const description = input.description ?? current.description;
    const tags = input.tags ?? current.tags;
    await tx
      .update(datasets)
      .set({
        name,
        description,
        tags,
        searchText: searchTextOf(name, description, tags),
        ...(input.is_public === undefined ? {} : { isPublic: input.is_public }),
        ...statedFromBody(input),
        ...(input.column_descriptions && {
          columnDescriptions: describedColumns(
            ctx,
            current.columnDescriptions,
            input.column_descriptions,
          ),
        }),
        updatedAt: now,
      })
      .where(eq(datasets.id, id));
  });
  forgetCounts(ctx.db);
  return getDataset(ctx, id, viewerId);
}

/**
 * DELETE /datasets/{id}: the owner deletes the dataset with its versions, ratings and
 * favourites (forks keep existing, no longer linked to it). Blobs that no other version
 * references are reclaimed afterwards.
 */
export async function deleteDataset(ctx: Context, viewerId: number, id: number): Promise<void> {
  // A deadlock's victim (waiting for a row of others caught in one) runs again: it kept nothing,
  // and the blobs are released only after the commit.
  const hashes = await transactionRetried(ctx.db, async (tx) => {
    // The account first, as its deletion does: that deletion locks this fork's origin, then
    // deletes this dataset; taken in the other order, the two would wait for each other.
    await lockCaller(tx, viewerId);
    // Then the origin, before the dataset: datasets are locked oldest first, an origin before
    // its forks, as the origin's deletion does (it clears their forked_from_id). A fork
    // locked first would wait for its origin while the origin's deletion waits for it.
    const [row] = await tx
      .select({ forkedFromId: datasets.forkedFromId })
      .from(datasets)
      .where(eq(datasets.id, id));
    const originId = row?.forkedFromId ?? null;
    const originKept = originId !== null && (await lockAny(tx, originId));
    await lockOwned(tx, id, viewerId);
    const versions = await tx
      .select({ sha256: datasetVersions.sha256 })
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, id));
    const proposed = await tx
      .select({ sha256: proposals.proposedSha256 })
      .from(proposals)
      .where(eq(proposals.datasetId, id));
    await forgetPrivateOrigins(tx, eq(datasets.id, id));
    await rememberDeleted(tx, eq(datasets.id, id));
    await tx.delete(datasets).where(eq(datasets.id, id));
    // A deleted fork no longer counts among its origin's forks.
    if (originKept) await recount(tx, originId, { forks: true });
    return [...versions, ...proposed].map((v) => v.sha256);
  });
  forgetCounts(ctx.db);
  await releaseBlobs(ctx, hashes);
}
