import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../../src/server/blobs/store.ts';
import {
  downloadStream,
  ingestTable,
  parseCsvStream,
  readTable,
  writeTableFromRows,
  type TableHeader,
} from '../../../src/server/tables/index.ts';
import { tempStore } from './support.ts';

const ROWS = 200_000;
const LIMITS = { maxColumns: 10, maxRows: ROWS };

/** A store that remembers the temporary paths it hands out and the read streams it opens. */
function watched(blobs: BlobStore) {
  const temps: string[] = [];
  const reads: ReadStream[] = [];
  const store: BlobStore = {
    ...blobs,
    tempPath: () => {
      const p = blobs.tempPath();
      temps.push(p);
      return p;
    },
    read: (sha) => {
      const s = blobs.read(sha) as ReadStream;
      reads.push(s);
      return s;
    },
  };
  return { store, temps, reads };
}

const sizeOf = async (file: string) => (await stat(file).catch(() => ({ size: 0 }))).size;

/** Bytes already written to the store's temporary files. */
const written = async (temps: string[]) =>
  (await Promise.all(temps.map(sizeOf))).reduce((a, b) => a + b, 0);

describe('streaming with constant memory', { timeout: 120_000 }, () => {
  it(`writes ${ROWS} streamed rows as they come, not after holding them`, async () => {
    const { blobs } = await tempStore();
    const { store, temps } = watched(blobs);
    let writtenMidway = 0;
    async function* rows() {
      for (let i = 0; i < ROWS; i++) {
        if (i === ROWS - 1000) writtenMidway = await written(temps);
        yield [i, `第 ${i} 行, "quoted"`, i % 7 === 0 ? null : i / 4];
      }
    }
    const header: TableHeader = {
      attributes: ['n', 'label', 'x'],
      attributeTypes: { n: 'integer', label: 'string', x: 'number' },
    };
    const stored = await writeTableFromRows(store, header, rows());
    expect(stored.entriesCount).toBe(ROWS);
    // Most of the compressed blob was on disk before the last rows had even been produced.
    expect(writtenMidway).toBeGreaterThan(stored.byteSize / 2);
    let count = 0;
    let last: unknown[] = [];
    for await (const row of (await readTable(blobs, stored.sha256)).rows) {
      count += 1;
      last = row;
    }
    expect(count).toBe(ROWS);
    expect(last).toEqual([ROWS - 1, `第 ${ROWS - 1} 行, "quoted"`, (ROWS - 1) / 4]);
  });

  it(`ingests a ${ROWS}-row CSV stream while reading it, then downloads it lazily`, async () => {
    const { blobs, root } = await tempStore();
    const { store, temps, reads } = watched(blobs);
    let writtenMidway = 0;
    async function* csv() {
      yield '\uFEFFn,label,day\r\n';
      let chunk = '';
      for (let i = 0; i < ROWS; i++) {
        chunk += `${i},"名 ${i}",2024-01-${String((i % 28) + 1).padStart(2, '0')}\r\n`;
        if (chunk.length > 8192) {
          yield chunk;
          chunk = '';
        }
        if (i === ROWS - 1000) writtenMidway = await written(temps);
      }
      yield chunk;
    }
    const { attributes, rows } = await parseCsvStream(Readable.from(csv()));
    const stored = await ingestTable(store, { attributes, rows }, LIMITS);
    expect(stored.entriesCount).toBe(ROWS);
    expect(stored.header.attributeTypes).toEqual({ n: 'integer', label: 'string', day: 'date' });
    expect(writtenMidway).toBeGreaterThan(stored.byteSize / 2);

    const download = downloadStream(store, stored.sha256, 'csv');
    const iterator = download[Symbol.asyncIterator]();
    const first = (await iterator.next()).value as Buffer;
    expect(first.toString('utf8')).toMatch(/^\uFEFFn,label,day\r\n0,名 0,2024-01-01\r\n/);
    const blobFile = path.join(root, stored.sha256.slice(0, 2), stored.sha256.slice(2));
    const blobSize = await sizeOf(blobFile);
    // Only the start of the blob has been read to produce the first chunk.
    expect(reads[0]?.bytesRead).toBeLessThan(blobSize / 2);
    let bytes = first.length;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      bytes += (next.value as Buffer).length;
    }
    expect(reads[0]?.bytesRead).toBe(blobSize);
    const expectedBytes =
      3 +
      'n,label,day\r\n'.length +
      Buffer.byteLength(
        Array.from(
          { length: ROWS },
          (_, i) => `${i},名 ${i},2024-01-${String((i % 28) + 1).padStart(2, '0')}\r\n`,
        ).join(''),
      );
    expect(bytes).toBe(expectedBytes);
  });

  it('stops reading the blob when the download is abandoned', async () => {
    const { blobs } = await tempStore();
    const { store, reads } = watched(blobs);
    async function* rows() {
      // Hex digests compress poorly, so the blob is much larger than the read-ahead buffers.
      for (let i = 0; i < 50_000; i++)
        yield [i, createHash('sha256').update(String(i)).digest('hex')];
    }
    const stored = await writeTableFromRows(
      store,
      { attributes: ['n', 's'], attributeTypes: { n: 'integer', s: 'string' } },
      rows(),
    );
    const download = downloadStream(store, stored.sha256, 'jsonl');
    for await (const chunk of download) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break;
    }
    const file = reads[0]!;
    // Closing the file is how the abandoned download lets go (the test times out otherwise).
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    expect(download.destroyed).toBe(true);
    expect(file.bytesRead).toBeLessThan(stored.byteSize);
  });
});
