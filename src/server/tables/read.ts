import { pipeline } from 'node:stream';
import { createZstdDecompress } from 'node:zlib';
import type { BlobStore } from '../blobs/store.ts';
import { parseJsonExact } from '../../lib/big-integer.ts';
import { parseHeaderLine } from './format.ts';
import { decodeUtf8, lineBatches } from './lines.ts';
import type { Cell, TableHeader } from './types.ts';

/** The header of a stored table and its row lines (still JSON), a batch per decompressed chunk. */
export async function openTableLines(
  blobs: BlobStore,
  sha256: string,
): Promise<{ header: TableHeader; batches: AsyncGenerator<string[]> }> {
  const compressed = blobs.read(sha256);
  // pipeline() destroys the file stream when the reader stops early or anything fails.
  const text = pipeline(compressed, createZstdDecompress(), () => undefined);
  const all = lineBatches(decodeUtf8(text));
  let first: string[] = [];
  while (first.length === 0) {
    const next = await all.next();
    if (next.done) throw new Error('Not a Sheaf table blob');
    first = next.value;
  }
  let header: TableHeader;
  try {
    header = parseHeaderLine(first[0]);
  } catch (err) {
    await all.return(undefined);
    throw err;
  }
  async function* batches(): AsyncGenerator<string[]> {
    try {
      if (first.length > 1) yield first.slice(1);
      yield* all;
    } finally {
      await all.return(undefined);
    }
  }
  return { header, batches: batches() };
}

/** Streams a stored table: its header, then its rows one at a time. */
export async function readTable(
  blobs: BlobStore,
  sha256: string,
): Promise<{ header: TableHeader; rows: AsyncGenerator<Cell[]> }> {
  const { header, batches } = await openTableLines(blobs, sha256);
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const lines of batches) {
      for (const line of lines) yield parseJsonExact(line) as Cell[];
    }
  }
  return { header, rows: rows() };
}

export type TablePage = TableHeader & {
  /** Rows `offset + 1` … `offset + limit`, values in column order. */
  entries: Cell[][];
  offset: number;
  limit: number;
  /** Whether rows follow this page. */
  hasMore: boolean;
};

/**
 * One page of a stored table, reading no further than the page: skipped rows are counted, not
 * parsed, so a late page costs a decompression pass but no memory.
 */
export async function readTablePage(
  blobs: BlobStore,
  sha256: string,
  offset: number,
  limit: number,
): Promise<TablePage> {
  const { header, batches } = await openTableLines(blobs, sha256);
  offset = Math.max(0, Math.floor(offset));
  limit = Math.max(0, Math.floor(limit));
  const entries: Cell[][] = [];
  let index = 0;
  let hasMore = false;
  try {
    outer: for await (const lines of batches) {
      for (const line of lines) {
        if (index >= offset + limit) {
          hasMore = true;
          break outer;
        }
        if (index >= offset) entries.push(parseJsonExact(line) as Cell[]);
        index += 1;
      }
    }
  } finally {
    await batches.return(undefined);
  }
  return { ...header, entries, offset, limit, hasMore };
}

/** Rows as objects keyed by column name, for clients that want `{ column: value }` entries. */
export const toEntryObjects = (attributes: readonly string[], rows: readonly Cell[][]) =>
  rows.map((row) => Object.fromEntries(attributes.map((a, c) => [a, row[c] ?? null])));
