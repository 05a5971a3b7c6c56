import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { createReadStream } from 'node:fs';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../contracts/datasets.ts';
import type { Context } from '../context.ts';
import { blobs } from '../db/schema.ts';
import { DOWNLOAD_RENDERING, downloadStream } from '../tables/index.ts';
import { createWorkGate } from '../lib/work-gate.ts';
import { parquetFile } from './table-files.ts';

/** What a download is: its sha256 (hex) and its length in bytes. */
export type DownloadDigest = { sha256: string; bytes: number };
export type DownloadDigests = Record<DownloadFormat, DownloadDigest>;
/** As kept in `blobs.download_digests`: with the rendering they were taken of. */
type KeptDigests = DownloadDigests & { rendering: number };

/**
 * Digests of the downloads of a stored table, keyed by its sha256. A download is a pure function
 * of the (content-addressed) table and the format, so an entry never goes stale. They are
 * computed once, right after publish, and kept with the blob (`blobs.download_digests`), so no
 * page view renders a table to hash it; this cache saves the database read.
 */
const known = new LRUCache<string, DownloadDigests>({ max: 20_000 });
/** Digests being computed, so simultaneous requests for one table share one pass. */
const pending = new Map<string, Promise<DownloadDigests>>();

/** At most this many tables are rendered for hashing at once (each is CPU-bound). */
const hashing = createWorkGate({ kind: 'digest', concurrency: 2, queue: Infinity });

/** The sha256 and length of a stream's bytes. */
async function digestOf(bytes: AsyncIterable<Buffer>): Promise<DownloadDigest> {
  const hash = createHash('sha256');
  let length = 0;
  for await (const chunk of bytes) {
    hash.update(chunk);
    length += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes: length };
}

/** A format's download, as the download sends it: the Parquet copy, or a text rendering. */
async function hashDownload(
  ctx: Context,
  sha256: string,
  format: DownloadFormat,
): Promise<DownloadDigest> {
  if (format === 'parquet') {
    return digestOf(createReadStream(await parquetFile(ctx, sha256)));
  }
  return digestOf(downloadStream(ctx.blobs, sha256, format) as AsyncIterable<Buffer>);
}

/** Digests of every format, taken of the downloads this code writes (not an earlier rendering). */
const complete = (value: Partial<KeptDigests> | null | undefined): value is KeptDigests =>
  !!value &&
  value.rendering === DOWNLOAD_RENDERING &&
  DOWNLOAD_FORMATS.every((format) => value[format]);

/** The digests kept for a table, or null when they have not been computed yet (no rendering). */
export async function storedDownloadDigests(
  ctx: Pick<Context, 'db'>,
  sha256: string,
): Promise<DownloadDigests | null> {
  const cached = known.get(sha256);
  if (cached) return cached;
  const [row] = await ctx.db
    .select({ digests: blobs.downloadDigests })
    .from(blobs)
    .where(eq(blobs.sha256, sha256));
  const digests = row?.digests;
  if (!complete(digests)) return null;
  known.set(sha256, digests);
  return digests;
}

/**
 * The sha256 and size of each file that GET …/versions/{v}/download?format=… sends for the
 * stored table `sha256`: read from where they are kept, else rendered once by the same streaming
 * code as the download (constant memory, nothing counted as a download) and kept.
 */
export async function downloadDigests(ctx: Context, sha256: string): Promise<DownloadDigests> {
  const stored = await storedDownloadDigests(ctx, sha256);
  if (stored) return stored;
  let work = pending.get(sha256);
  if (!work) {
    work = hashing
      .run(async () => {
        const hashed = await Promise.all(
          DOWNLOAD_FORMATS.map((format) => hashDownload(ctx, sha256, format)),
        );
        const digests = {
          ...Object.fromEntries(DOWNLOAD_FORMATS.map((format, i) => [format, hashed[i]!])),
          rendering: DOWNLOAD_RENDERING,
        } as KeptDigests;
        await ctx.db
          .update(blobs)
          .set({ downloadDigests: digests })
          .where(eq(blobs.sha256, sha256));
        known.set(sha256, digests);
        return digests;
      })
      .finally(() => pending.delete(sha256));
    pending.set(sha256, work);
  }
  return work;
}

/** Background computations under way (see `downloadDigestsSettled`). */
const background = new Set<Promise<unknown>>();

/**
 * Called after a version is published: computes its digests in the background, off the
 * request path. A failure is only logged; the next reader computes them.
 */
export function computeDownloadDigestsLater(ctx: Context, sha256: string): void {
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => downloadDigests(ctx, sha256))
    .catch((err: unknown) => console.error('computing download digests failed', { sha256, err }))
    .finally(() => background.delete(work));
  background.add(work);
}

/** Resolves when background digest work has finished: before the database is closed. */
export async function downloadDigestsSettled(): Promise<void> {
  while (background.size > 0) await Promise.allSettled([...background]);
}
