import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DownloadFormat } from '../../contracts/datasets.ts';
import type { BlobStore } from '../blobs/store.ts';
import { downloadStream } from '../tables/index.ts';

/** What a rendered download is: its sha256 (hex) and its length in bytes. */
export type DownloadDigest = { sha256: string; bytes: number };

/**
 * Digests of rendered downloads, keyed by `<content sha256>:<format>`. A download is a pure
 * function of the stored table (content-addressed) and the format, so a key never goes stale
 * within a process; a new process (possibly a new renderer) starts empty. ~150 bytes an entry.
 */
const digests = new LRUCache<string, DownloadDigest>({ max: 20_000 });
/** Digests being computed, so simultaneous requests for one download share one pass. */
const pending = new Map<string, Promise<DownloadDigest>>();

/** At most this many downloads are rendered for hashing at once (each is CPU-bound). */
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
  blobs: BlobStore,
  sha256: string,
  format: DownloadFormat,
): Promise<DownloadDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of downloadStream(blobs, sha256, format) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * The sha256 and size of the file that GET …/versions/{v}/download?format=… sends for the
 * stored table `sha256`: rendered once by the same streaming code as the download (constant
 * memory, nothing counted as a download), then remembered for the life of the process.
 */
export async function downloadDigest(
  blobs: BlobStore,
  sha256: string,
  format: DownloadFormat,
): Promise<DownloadDigest> {
  const key = `${sha256}:${format}`;
  const known = digests.get(key);
  if (known) return known;
  let work = pending.get(key);
  if (!work) {
    work = withSlot(() => hashDownload(blobs, sha256, format))
      .then((digest) => {
        digests.set(key, digest);
        return digest;
      })
      .finally(() => pending.delete(key));
    pending.set(key, work);
  }
  return work;
}
