import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { TEXT_DOWNLOAD_FORMATS, type TextDownloadFormat } from '../../contracts/datasets.ts';
import type { BlobStore } from '../blobs/store.ts';
import type { Context } from '../context.ts';
import { blobs } from '../db/schema.ts';
import { DOWNLOAD_RENDERING, downloadStream } from '../tables/index.ts';

/** What a rendered download is: its sha256 (hex) and its length in bytes. */
export type DownloadDigest = { sha256: string; bytes: number };
export type DownloadDigests = Record<TextDownloadFormat, DownloadDigest>;
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
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function hashDownload(
  store: BlobStore,
  sha256: string,
  format: TextDownloadFormat,
): Promise<DownloadDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of downloadStream(store, sha256, format) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Digests of every format, taken of the downloads this code writes (not an earlier rendering). */
const complete = (value: Partial<KeptDigests> | null | undefined): value is KeptDigests =>
  !!value &&
  value.rendering === DOWNLOAD_RENDERING &&
  TEXT_DOWNLOAD_FORMATS.every((format) => value[format]);

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
export async function downloadDigests(
  ctx: Pick<Context, 'db' | 'blobs'>,
  sha256: string,
): Promise<DownloadDigests> {
  const stored = await storedDownloadDigests(ctx, sha256);
  if (stored) return stored;
  let work = pending.get(sha256);
  if (!work) {
    work = withSlot(async () => {
      const hashed = await Promise.all(
        TEXT_DOWNLOAD_FORMATS.map((format) => hashDownload(ctx.blobs, sha256, format)),
      );
      const digests = {
        ...Object.fromEntries(TEXT_DOWNLOAD_FORMATS.map((format, i) => [format, hashed[i]!])),
        rendering: DOWNLOAD_RENDERING,
      } as KeptDigests;
      await ctx.db.update(blobs).set({ downloadDigests: digests }).where(eq(blobs.sha256, sha256));
      known.set(sha256, digests);
      return digests;
    }).finally(() => pending.delete(sha256));
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
export function computeDownloadDigestsLater(
  ctx: Pick<Context, 'db' | 'blobs'>,
  sha256: string,
): void {
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
