import { eq, sql } from 'drizzle-orm';
import type { BlobStore, DerivedSuffix } from '../../blobs/store.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { transactionRetried } from '../../db/deadlock.ts';
import { blobs, datasetVersions, proposals } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { StoredTable } from '../../tables/index.ts';

/**
 * Blobs are shared: identical content is stored once and referenced by every version that has
 * it. Claiming (in the transaction that inserts a version) and releasing (after a version is
 * gone or an upload failed) both hold a transaction-scoped advisory lock on the blob's hash, so
 * a release can never delete a file that a concurrent upload is about to reference.
 */
const lockBlob = (tx: Db, sha256: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`);

/** Whether a version or a proposal (its proposed table) references the blob. */
async function referenced(tx: Db, sha256: string): Promise<boolean> {
  const [used] = await tx
    .select({ id: datasetVersions.id })
    .from(datasetVersions)
    .where(eq(datasetVersions.sha256, sha256))
    .limit(1);
  if (used) return true;
  const [proposed] = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(eq(proposals.proposedSha256, sha256))
    .limit(1);
  return proposed !== undefined;
}

/** The file was deleted by a concurrent release between writing it and claiming it. */
class BlobVanishedError extends Error {
  override name = 'BlobVanishedError';
}

/**
 * Inside the transaction that inserts a version or a proposal: records the blob, checking its
 * file is there.
 */
async function claimBlob(tx: Db, store: BlobStore, stored: StoredTable): Promise<void> {
  await lockBlob(tx, stored.sha256);
  if (!(await store.has(stored.sha256))) throw new BlobVanishedError(stored.sha256);
  await tx
    .insert(blobs)
    .values({ sha256: stored.sha256, byteSize: stored.byteSize })
    .onConflictDoNothing();
}

/**
 * Deletes each blob (row and file) that no version and no proposal references any more; returns
 * how many were deleted.
 */
export async function releaseBlobs(ctx: Context, hashes: Iterable<string>): Promise<number> {
  let deleted = 0;
  for (const sha256 of new Set(hashes)) {
    await ctx.db.transaction(async (tx) => {
      await lockBlob(tx, sha256);
      if (await referenced(tx, sha256)) return;
      await tx.delete(blobs).where(eq(blobs.sha256, sha256));
      await ctx.blobs.delete(sha256);
      deleted++;
    });
  }
  return deleted;
}

/**
 * Deletes derived files of a blob that is gone — no version references it, it has neither row
 * nor file — unless written at or after `writtenBefore`: what a build (a Parquet copy, column
 * statistics, a rendered download) under way while its blob was released leaves when it
 * finishes. Holds the blob's lock, as a release does; returns how many files were deleted.
 */
export async function releaseDerived(
  ctx: Context,
  sha256: string,
  suffixes: Iterable<DerivedSuffix>,
  writtenBefore: Date,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockBlob(tx, sha256);
    const [row] = await tx
      .select({ sha256: blobs.sha256 })
      .from(blobs)
      .where(eq(blobs.sha256, sha256))
      .limit(1);
    if (row || (await referenced(tx, sha256)) || (await ctx.blobs.has(sha256))) return 0;
    let deleted = 0;
    for (const suffix of new Set(suffixes)) {
      if (await ctx.blobs.deleteDerived(sha256, suffix, writtenBefore)) deleted++;
    }
    return deleted;
  });
}

/**
 * Writes a blob, then runs `persist` in one transaction that claims it. All or nothing: when
 * anything fails, a blob nobody references is deleted again. `write` is tried twice when the
 * blob vanished under a concurrent release (a streamed upload cannot be re-read: 409).
 */
export async function withStoredBlob<S extends StoredTable, T>(
  ctx: Context,
  write: () => Promise<S>,
  persist: (tx: Db, stored: S) => Promise<T>,
  canRewrite: boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const stored = await write();
    try {
      // A deadlock's victim kept nothing: the transaction runs again on the file already
      // written (claimBlob checks it is still there), which is not written twice.
      return await transactionRetried(ctx.db, async (tx) => {
        await claimBlob(tx, ctx.blobs, stored);
        return persist(tx, stored);
      });
    } catch (err) {
      // The original failure is what the caller must see; a blob left behind by a failed
      // release is unreferenced and harmless (the next claim of it re-checks its file).
      await releaseBlobs(ctx, [stored.sha256]).catch(() => undefined);
      if (!(err instanceof BlobVanishedError)) throw err;
      if (!canRewrite || attempt >= 2)
        throw new AppError(
          409,
          'UPLOAD_CONFLICT',
          'The upload collided with a concurrent deletion of the same content; send it again',
        );
    }
  }
}
