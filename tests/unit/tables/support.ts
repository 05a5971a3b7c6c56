import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createFsBlobStore } from '../../../src/server/blobs/fs-store.ts';
import type { BlobStore } from '../../../src/server/blobs/store.ts';
import { tempDirs } from '../../support/temp-dirs.ts';

export const LIMITS = { maxColumns: 20, maxRows: 100_000 };

const tempDir = tempDirs('sheaf-tables-');

/** A blob store in a fresh temporary directory, removed after the test. */
export async function tempStore(): Promise<{ blobs: BlobStore; root: string }> {
  const root = tempDir();
  return { blobs: await createFsBlobStore(root), root };
}

/** Files stored as blobs (`ab/cdef…`), and leftovers in `tmp/`. */
export async function storedFiles(root: string): Promise<{ blobs: string[]; temp: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  return {
    blobs: files.filter((f) => !f.startsWith('tmp')),
    temp: files.filter((f) => f.startsWith('tmp')),
  };
}

/** A byte stream of `text`, cut into pieces of `size` bytes (to cross every boundary). */
export function bytes(text: string | Buffer, size = 1 << 16): Readable {
  const all = typeof text === 'string' ? Buffer.from(text) : text;
  const pieces: Buffer[] = [];
  for (let i = 0; i < all.length; i += size) pieces.push(all.subarray(i, i + size));
  return Readable.from(pieces);
}

export async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}
