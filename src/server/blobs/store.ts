import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** Immutable, content-addressed storage for dataset version content. */
export type BlobStore = {
  /**
   * Moves a finished temporary file into the store under its sha256; identical content is kept
   * once. Derived files an earlier copy left (a build that finished after its release) are
   * dropped, to be built again: the sweep may be removing them.
   */
  putFile: (tempPath: string, sha256: string) => Promise<void>;
  /** A path for a temporary file inside the store's volume (so the final move is a rename). */
  tempPath: () => string;
  has: (sha256: string) => Promise<boolean>;
  /** The blob's bytes; a missing blob fails with code `ENOENT` in every store. */
  read: (sha256: string) => Readable;
  delete: (sha256: string) => Promise<void>;
  /** Every stored blob with the time its file was last written (for garbage collection). */
  list: () => AsyncIterable<{ sha256: string; writtenAt: Date }>;
  /**
   * Every derived file with the time it was last written, whether its blob is stored or not (a
   * build that finished after its blob was deleted leaves one behind; for garbage collection).
   */
  listDerived: () => AsyncIterable<{ sha256: string; suffix: DerivedSuffix; writtenAt: Date }>;
  /**
   * Removes the derived file unless it was written at or after `writtenBefore` (looked at again
   * now: a build may have just written it anew); whether it removed one.
   */
  deleteDerived: (sha256: string, suffix: DerivedSuffix, writtenBefore: Date) => Promise<boolean>;
  /** The folder holding everything (the only one the table engine may read). */
  root: string;
  /**
   * Where a file derived from a blob lives (its Parquet copy, its column statistics): beside
   * the blob, named by its sha256 and `suffix`. `delete` removes them with the blob.
   */
  derivedPath: (sha256: string, suffix: DerivedSuffix) => string;
  /** Moves a finished temporary file into place as a derived file. */
  putDerived: (tempPath: string, sha256: string, suffix: DerivedSuffix) => Promise<void>;
  /** Whether the derived file exists (here or in the remote store), without bringing it here. */
  hasDerived: (sha256: string, suffix: DerivedSuffix) => Promise<boolean>;
  /** Whether the derived file is at `derivedPath`, brought there first when kept remotely. */
  fetchDerived: (sha256: string, suffix: DerivedSuffix) => Promise<boolean>;
  /**
   * Only a store clients can reach themselves (S3): a URL that lets anyone who holds it read the
   * derived file (byte ranges too) with `link.method` for `link.expiresIn` seconds.
   */
  derivedUrl?: (sha256: string, suffix: DerivedSuffix, link: DerivedLink) => Promise<string>;
};

/** A `derivedUrl`: the request it allows, how long, and the headers the store answers with. */
export type DerivedLink = {
  method: 'GET' | 'HEAD';
  expiresIn: number;
  contentType: string;
  contentDisposition: string;
};

/**
 * Text downloads rendered once into a file (for `derivedUrl`): the clients fetch them from the
 * store, so no working copy keeps them.
 */
export const RENDERED_SUFFIXES = ['.r2.csv', '.r2.tsv', '.r2.json', '.r2.jsonl'] as const;
/** The rendered suffix of each text format; `r2` is the rendering (`DOWNLOAD_RENDERING`). */
export const RENDERED_SUFFIX = {
  csv: '.r2.csv',
  tsv: '.r2.tsv',
  json: '.r2.json',
  jsonl: '.r2.jsonl',
} as const;
/** Files an earlier rendering wrote: never read, only removed with their blob. */
const EARLIER_RENDERED = ['.csv', '.json', '.jsonl'] as const;
export const DERIVED_SUFFIXES = [
  '.parquet',
  '.stats.json',
  ...RENDERED_SUFFIXES,
  ...EARLIER_RENDERED,
] as const;
export type DerivedSuffix = (typeof DERIVED_SUFFIXES)[number];

/** `<sha256><suffix>` → its blob and suffix, when it names a derived file. */
export function derivedFileOf(name: string): { sha256: string; suffix: DerivedSuffix } | undefined {
  const sha256 = name.slice(0, 64);
  const suffix = DERIVED_SUFFIXES.find((s) => name.slice(64) === s);
  return suffix && /^[0-9a-f]{64}$/.test(sha256) ? { sha256, suffix } : undefined;
}

/**
 * Writes a derived file through a temporary file in the store's volume (`write` fills it) and
 * moves it into place; a failure leaves no temporary file behind.
 */
export async function writeDerived(
  store: BlobStore,
  sha256: string,
  suffix: DerivedSuffix,
  write: (temp: string) => Promise<unknown>,
): Promise<void> {
  const temp = `${store.tempPath()}${suffix}`;
  try {
    await write(temp);
    await store.putDerived(temp, sha256, suffix);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
