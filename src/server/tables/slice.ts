import { Readable } from 'node:stream';

/**
 * Bytes `start` … `end` (inclusive) of a stream: earlier bytes are read and dropped, and the
 * source is closed as soon as `end` is reached, so a resumed download costs a pass over what
 * precedes it but never memory.
 */
export function sliceStream(source: Readable, start: number, end: number): Readable {
  async function* slice(): AsyncGenerator<Buffer> {
    let position = 0;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        const from = Math.max(0, start - position);
        const to = Math.min(chunk.length, end + 1 - position);
        position += chunk.length;
        if (to > from) yield chunk.subarray(from, to);
        if (position > end) break;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
