import type { Problem } from './problems.ts';
import { lineTooLongMessage } from './row-messages.ts';
import { tableError } from './table-errors.ts';

/**
 * The lines of a text read a chunk at a time (without their "\n" or "\r\n"), by one rule for the
 * server's streamed JSON Lines upload (`lineBatches` in src/server/tables/lines.ts) and the
 * upload form's pass over a large file (later-rows.ts): a line may hold at most `max`
 * characters, counted as a string's length counts them (UTF-16 code units, not bytes, a "\r"
 * before the "\n" included), wherever the chunks cut it. Once a line is longer, ended or not,
 * reading stops there: `tooLong` is set and no more lines come.
 */
export class LineReader {
  /** A line longer than `max` was read: no more lines come. */
  tooLong = false;
  private partial = '';
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** The lines `chunk` ends, in order; once a line is too long, only those before it. */
  feed(chunk: string): string[] {
    if (this.tooLong) return [];
    // Only the chunk is split: a long line is not split again with every chunk that adds to it.
    const lines = chunk.split('\n');
    const last = lines.pop() ?? '';
    if (lines.length === 0) {
      this.partial += last;
    } else {
      lines[0] = this.partial + (lines[0] ?? '');
      this.partial = last;
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (line.length > this.max) return this.stop(lines, i);
      if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
    }
    if (this.partial.length > this.max) this.stop(lines, lines.length);
    return lines;
  }

  /** The text after the last "\n", when there is any (and no line was too long). */
  finish(): string | null {
    const last = this.partial;
    this.partial = '';
    if (this.tooLong || last === '') return null;
    return last.endsWith('\r') ? last.slice(0, -1) : last;
  }

  /** ROW_TOO_LARGE, naming the limit: the problem of a reader that stopped on a long line. */
  refusal(): Problem {
    return tableError(null, null, 'ROW_TOO_LARGE', lineTooLongMessage(this.max));
  }

  private stop(lines: string[], end: number): string[] {
    this.tooLong = true;
    this.partial = '';
    lines.length = end;
    return lines;
  }
}
