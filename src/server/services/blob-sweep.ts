import type { Context } from '../context.ts';
import { releaseBlobs } from './datasets/blob-refs.ts';

/** Files younger than this are left alone: an upload may be about to claim them. */
const BLOB_SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

export type BlobSweep = { checked: number; removed: number };

/**
 * Removes blob files that no version references and that were written more than an hour ago:
 * what a process killed between writing a file and committing its version leaves behind, or a
 * release that failed. Each candidate goes through `releaseBlobs`, which holds the blob's
 * advisory lock and re-checks the references, so a concurrent upload of the same content is safe.
 */
export async function sweepBlobs(
  ctx: Context,
  now = Date.now(),
  minAgeMs = BLOB_SWEEP_MIN_AGE_MS,
): Promise<BlobSweep> {
  const old: string[] = [];
  let checked = 0;
  for await (const blob of ctx.blobs.list()) {
    checked++;
    if (now - blob.writtenAt.getTime() >= minAgeMs) old.push(blob.sha256);
  }
  return { checked, removed: await releaseBlobs(ctx, old) };
}
