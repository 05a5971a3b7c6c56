import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parseTableJson } from '../../lib/tables/exact-json.ts';
import { decodeUtf8, lineBatches } from './lines.ts';

const FLUSH_CHARS = 64 * 1024;

/** Rows kept in a temporary file (one JSON list per line) to be read again, with constant memory. */
export class RowSpool {
  readonly path: string;
  private readonly out: WriteStream;
  private readonly closed: Promise<unknown>;
  private parts: string[] = [];
  private chars = 0;

  constructor(path: string) {
    this.path = path;
    this.out = createWriteStream(path);
    this.closed = once(this.out, 'close');
    this.closed.catch(() => undefined);
  }

  /** Adds a row; returns a promise only when a batch had to wait for the disk. */
  write(values: readonly unknown[]): Promise<void> | undefined {
    const line = `${JSON.stringify(values)}\n`;
    this.parts.push(line);
    this.chars += line.length;
    return this.chars >= FLUSH_CHARS ? this.flush() : undefined;
  }

  private async flush(): Promise<void> {
    const text = this.parts.join('');
    this.parts = [];
    this.chars = 0;
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  /** Finishes writing and reads the rows back. */
  async *rows(): AsyncGenerator<unknown[]> {
    await this.flush();
    this.out.end();
    await this.closed;
    for await (const lines of lineBatches(decodeUtf8(createReadStream(this.path)))) {
      for (const line of lines) yield parseTableJson(line) as unknown[];
    }
  }

  async remove(): Promise<void> {
    if (!this.out.closed) this.out.destroy();
    // The file is opened asynchronously: wait until the stream has closed (it may still be
    // opening, and would create the file after an early rm), then remove it.
    await this.closed.catch(() => undefined);
    await rm(this.path, { force: true });
  }
}
