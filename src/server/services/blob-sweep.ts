import type { Context } from '../context.ts';
import type { DerivedSuffix } from '../blobs/store.ts';
import { releaseBlobs, releaseDerived } from './datasets/blob-refs.ts';

/** Files younger than this are left alone: an upload may be about to claim them. */
const BLOB_SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/** Blobs listed and removed, and derived files removed whose blob was gone. */
export type BlobSweep = { checked: number; removed: number; derivedRemoved: number };

/**
 * Removes blob files that no version references and that were written more than an hour ago:
 * what a process killed between writing a file and committing its version leaves behind, or a
 * release that failed. Each candidate goes through `releaseBlobs`, which holds the blob's
 * advisory lock and re-checks the references, so a concurrent upload of the same content is safe.
 * Then derived files more than an hour old whose blob is gone (`sweepDerived`).
 */
export async function sweepBlobs(
  ctx: Context,
  now = Date.now(),
  minAgeMs = BLOB_SWEEP_MIN_AGE_MS,
): Promise<BlobSweep> {
  const old: string[] = [];
  const listed = new Set<string>();
  for await (const blob of ctx.blobs.list()) {
    listed.add(blob.sha256);
    if (now - blob.writtenAt.getTime() >= minAgeMs) old.push(blob.sha256);
  }
  const removed = await releaseBlobs(ctx, old);
  const derivedRemoved = await sweepDerived(ctx, listed, new Date(now - minAgeMs));
  return { checked: listed.size, removed, derivedRemoved };
}

/**
 * A build of a derived file (Parquet copy, statistics, rendered download) under way while its
 * blob is released finishes after the release and leaves its file beside no blob, which the
 * blob pass never sees. Such files written before `writtenBefore` whose blob was not `listed`
 * go through `releaseDerived`, which re-checks under the blob's lock that the blob is gone.
 * A blob stored anew drops the derived files an earlier copy left (`BlobStore.putFile`), so
 * none that an upload uses is ever this old.
 */
async function sweepDerived(ctx: Context, listed: Set<string>, writtenBefore: Date) {
  const stray = new Map<string, DerivedSuffix[]>();
  for await (const file of ctx.blobs.listDerived()) {
    if (listed.has(file.sha256) || file.writtenAt >= writtenBefore) continue;
    stray.set(file.sha256, [...(stray.get(file.sha256) ?? []), file.suffix]);
  }
  let removed = 0;
  for (const [sha256, suffixes] of stray) {
    removed += await releaseDerived(ctx, sha256, suffixes, writtenBefore);
  }
  return removed;
}
