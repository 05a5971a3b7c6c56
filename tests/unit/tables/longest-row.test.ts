/**
 * The longest row of an upload, one rule for the server's readers and the upload form's pass
 * (`LineReader` for JSON Lines, `CsvReader` for CSV and TSV): a line or record is measured
 * whole, wherever the chunks of the upload cut it, in characters as a string counts them (not in
 * bytes). The server used to look at its length only where a chunk ended, so a line or record
 * that ended inside the chunk that took it past the limit was read.
 */
import { describe, expect, it } from 'vitest';
import { CsvReader } from '../../../src/lib/tables/csv-reader.ts';
import { LineReader } from '../../../src/lib/tables/line-reader.ts';
import { TableValidationError, parseCsvStream } from '../../../src/server/tables/index.ts';
import { decodeUtf8, lineBatches } from '../../../src/server/tables/lines.ts';
import { MAX_ROW_CHARS } from '../../../src/lib/tables/rows.ts';
import { bytes } from './support.ts';

const MAX = 8;

/** The lines the server reads from `pieces`, and the problem that stopped it (if any). */
async function serverLines(pieces: string[], max = MAX) {
  const lines: string[] = [];
  try {
    for await (const batch of lineBatches(chunks(pieces), max)) lines.push(...batch);
    return { lines, problems: [] };
  } catch (error) {
    if (!(error instanceof TableValidationError)) throw error;
    return { lines, problems: error.errors };
  }
}

async function* chunks(pieces: string[]): AsyncGenerator<string> {
  for (const piece of pieces) yield await Promise.resolve(piece);
}

/** The lines the form's pass reads from `pieces` (the same reader, fed as the pass feeds it). */
function formLines(pieces: string[]) {
  const reader = new LineReader(MAX);
  const lines: string[] = [];
  for (const piece of pieces) {
    lines.push(...reader.feed(piece));
    if (reader.tooLong) return { lines, problems: [reader.refusal()] };
  }
  const last = reader.finish();
  return { lines: last === null ? lines : [...lines, last], problems: [] };
}

/** `text` cut in three at every pair of places. */
function* cuts(text: string): Generator<string[]> {
  for (let i = 0; i <= text.length; i++) {
    for (let j = i; j <= text.length; j++)
      yield [text.slice(0, i), text.slice(i, j), text.slice(j)];
  }
}

const TOO_LONG = {
  row: null,
  column: null,
  code: 'ROW_TOO_LARGE',
  message: `A line is longer than ${MAX} characters`,
};

describe('the longest line of a JSON Lines upload', () => {
  it('refuses a line one character too long wherever the chunks cut it, after the lines before it', async () => {
    const text = `[1]\r\n${'x'.repeat(MAX + 1)}\n[2]\n`;
    for (const pieces of cuts(text)) {
      const read = await serverLines(pieces);
      expect(read, JSON.stringify(pieces)).toEqual({ lines: ['[1]'], problems: [TOO_LONG] });
      expect(formLines(pieces)).toEqual(read);
    }
  });

  it('refuses a last line without a line end, one still open, one too long by its "\\r"', async () => {
    const long = ['x'.repeat(MAX + 1), 'x'.repeat(MAX * 3), `${'x'.repeat(MAX)}\r\n[2]`];
    for (const text of long.map((line) => `[1]\n${line}`)) {
      for (const pieces of cuts(text)) {
        const read = await serverLines(pieces);
        expect(read.problems, JSON.stringify(pieces)).toEqual([TOO_LONG]);
        expect(formLines(pieces)).toEqual(read);
      }
    }
  });

  it('takes a line of exactly the limit: its "\\n" is not counted, a "\\r" before it is', async () => {
    const text = `${'x'.repeat(MAX)}\n${'y'.repeat(MAX - 1)}\r\n\n${'z'.repeat(MAX)}`;
    const lines = ['x'.repeat(MAX), 'y'.repeat(MAX - 1), '', 'z'.repeat(MAX)];
    for (const pieces of cuts(text)) {
      expect(await serverLines(pieces)).toEqual({ lines, problems: [] });
      expect(formLines(pieces)).toEqual({ lines, problems: [] });
    }
  });

  it('counts characters, not bytes: 8 characters (16 bytes) are a line, 9 are not', async () => {
    for (const size of [1, 2, 5]) {
      const text = (n: number) => decodeUtf8(bytes(`["${'中'.repeat(n)}"]\n[1]\n`, size));
      expect((await serverLines(await textOf(text(MAX - 4)), MAX)).problems).toEqual([]);
      expect((await serverLines(await textOf(text(MAX - 3)), MAX)).problems).toEqual([TOO_LONG]);
    }
  });
});

/** The chunks of a decoded text, as the reader gets them. */
async function textOf(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe("the longest record of a CSV upload (its fields' text)", () => {
  /** The refusal of the record after the header and one row: row 2. */
  const refusal = (max: number) => ({
    row: 2,
    column: null,
    code: 'ROW_TOO_LARGE',
    message: `A row is longer than ${max} characters`,
  });

  /** The records the form's pass reads with a limit of MAX characters. */
  function formRecords(pieces: string[]) {
    const reader = new CsvReader(',', MAX);
    const records: string[][] = [];
    for (const piece of pieces) {
      records.push(...reader.feed(piece));
      if (reader.tooLong) return { records, problems: [reader.refusal(records.length)] };
    }
    const last = reader.finish();
    return { records: last ? [...records, last] : records, problems: [] };
  }

  it('takes a record of the limit and refuses one more wherever the chunks cut it', () => {
    const record = (n: number) => `"${'y'.repeat(n - 2)}","z,"`;
    for (const pieces of cuts(`a,b\n1,x\n${record(MAX)}\n2,w`)) {
      expect(formRecords(pieces).problems, JSON.stringify(pieces)).toEqual([]);
    }
    for (const pieces of cuts(`a,b\n1,x\n${record(MAX + 1)}\n2,w\n`)) {
      expect(formRecords(pieces), JSON.stringify(pieces)).toEqual({
        records: [
          ['a', 'b'],
          ['1', 'x'],
        ],
        problems: [refusal(MAX)],
      });
    }
  });

  it('the server refuses a record one character too long that ends inside a chunk', async () => {
    // The chunk that takes the record past the limit also ends it.
    const long = 'x'.repeat(MAX_ROW_CHARS);
    const text = `a,b\n1,x\n2,${long}\n3,y\n`;
    const { rows } = await parseCsvStream(bytes(text, MAX_ROW_CHARS / 2 + 3));
    const read: unknown[] = [];
    const refused = await (async () => {
      for await (const record of rows) read.push(record);
    })().catch((error: unknown) => error);
    expect(read).toEqual([['1', 'x']]);
    expect(refused).toBeInstanceOf(TableValidationError);
    expect((refused as TableValidationError).errors).toEqual([refusal(MAX_ROW_CHARS)]);
  });
});
