import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { constants, createZstdCompress, type ZstdCompress } from 'node:zlib';
import type { BlobStore } from '../blobs/store.ts';
import { headerLine, rowLine } from './format.ts';
import { PREVIEW_ROWS, type Cell, type StoredTable, type TableHeader } from './types.ts';

const FLUSH_CHARS = 64 * 1024;
const ZSTD_LEVEL = 3;

/**
 * Writes one table blob with constant memory: rows are serialised in batches of about 64 KB, hashed
 * (sha256 of the uncompressed content) and compressed with zstd into a temporary file of the store.
 * `finish` moves it into place, or drops it when the store already holds identical content.
 */
export class TableBlobWriter {
  private readonly blobs: BlobStore;
  private readonly tempPath: string;
  private readonly hash: Hash;
  private readonly zstd: ZstdCompress;
  private readonly done: Promise<void>;
  private parts: string[] = [];
  private chars = 0;
  private count = 0;
  private readonly preview: Cell[][] = [];

  private constructor(blobs: BlobStore, header: TableHeader) {
    this.blobs = blobs;
    this.tempPath = blobs.tempPath();
    this.hash = createHash('sha256');
    this.zstd = createZstdCompress({
      chunkSize: 256 * 1024,
      params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL },
    });
    this.done = pipeline(this.zstd, createWriteStream(this.tempPath));
    // Failures surface in write() or finish(); keep an early one from being "unhandled".
    this.done.catch(() => undefined);
    const line = headerLine(header);
    this.parts.push(line);
    this.chars = line.length;
  }

  static open(blobs: BlobStore, header: TableHeader): TableBlobWriter {
    return new TableBlobWriter(blobs, header);
  }

  /** Adds a row; returns a promise only when a batch had to wait for the disk. */
  write(cells: Cell[]): Promise<void> | undefined {
    this.count += 1;
    if (this.preview.length < PREVIEW_ROWS) this.preview.push(cells);
    return this.push(rowLine(cells));
  }

  private push(line: string): Promise<void> | undefined {
    this.parts.push(line);
    this.chars += line.length;
    return this.chars >= FLUSH_CHARS ? this.flush() : undefined;
  }

  private async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const bytes = Buffer.from(this.parts.join(''));
    this.parts = [];
    this.chars = 0;
    this.hash.update(bytes);
    if (!this.zstd.write(bytes)) await once(this.zstd, 'drain');
  }

  async finish(): Promise<StoredTable> {
    await this.flush();
    this.zstd.end();
    await this.done;
    const sha256 = this.hash.digest('hex');
    const { size } = await stat(this.tempPath);
    if (await this.blobs.has(sha256)) await rm(this.tempPath, { force: true });
    else await this.blobs.putFile(this.tempPath, sha256);
    return { sha256, byteSize: size, entriesCount: this.count, preview: this.preview };
  }

  async abort(): Promise<void> {
    this.zstd.destroy();
    await this.done.catch(() => undefined);
    await rm(this.tempPath, { force: true });
  }
}
