import { TableValidationError, tableError, emptyInput } from './errors.ts';
import { MAX_ROW_CHARS, decodeUtf8, keepOpen } from './lines.ts';
import { isBigInteger } from './big-integer.ts';
import type { Cell } from './types.ts';

/* RFC 4180 CSV, both ways. */

const NEEDS_QUOTES = /[",\r\n]|^[ \t]|[ \t]$/;

/** One field: quoted only when it holds a quote, comma or line break, or starts or ends with a space or tab. */
function csvField(cell: Cell | string): string {
  if (cell === null) return '';
  if (isBigInteger(cell)) return cell.rawJSON;
  if (typeof cell !== 'string') return String(cell);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * One record, without its line end. A one-column row without a value is written `""`, since an
 * empty line would be read back as no row at all.
 */
export function csvRecord(cells: readonly (Cell | string)[]): string {
  if (cells.length === 1 && cells[0] === null) return '""';
  let out = '';
  for (let c = 0; c < cells.length; c++) out += (c === 0 ? '' : ',') + csvField(cells[c] ?? null);
  return out;
}

/** What ends a plain run of text: the delimiter, a quote or a line break. */
const SPECIALS = { ',': /[,"\r\n]/g, '\t': /[\t"\r\n]/g } as const;
export type Delimiter = keyof typeof SPECIALS;
const QUOTE = 34;
const CR = 13;
const LF = 10;

/** The reading state of CSV text fed a chunk at a time (see csvRecords). */
class CsvReader {
  private readonly special: RegExp;
  private readonly delimiter: number;
  private record: string[] = [];
  /** Characters of the record so far, in ended fields. */
  recordChars = 0;
  field = '';
  /** Something of this field was read (a quote after that is literal). */
  private started = false;
  /** This field began with a quote. */
  private quoted = false;
  inQuotes = false;
  /** A quote ended the last chunk inside a quoted field. */
  quotePending = false;
  /** A "\r" ended the last chunk. */
  private skipLf = false;

  constructor(delimiter: Delimiter) {
    this.special = new RegExp(SPECIALS[delimiter].source, 'g');
    this.delimiter = delimiter.charCodeAt(0);
  }

  private endField() {
    this.record.push(this.field);
    this.recordChars += this.field.length;
    this.field = '';
    this.started = false;
    this.quoted = false;
  }

  /** Ends the record; null for a blank line. */
  private endRecord(): string[] | null {
    const blank = this.record.length === 0 && this.field === '' && !this.quoted;
    this.endField();
    const done = this.record;
    this.record = [];
    this.recordChars = 0;
    return blank ? null : done;
  }

  /** Where reading a chunk starts, after what the last chunk left pending. */
  private resume(chunk: string): number {
    let i = 0;
    if (this.skipLf) {
      this.skipLf = false;
      if (chunk.charCodeAt(0) === LF) i = 1;
    }
    if (this.quotePending) {
      this.quotePending = false;
      if (chunk.charCodeAt(0) === QUOTE) {
        this.field += '"';
        i = 1;
      } else this.inQuotes = false;
    }
    return i;
  }

  /** Reads inside a quoted field from `i`; returns where to go on, or -1 at the chunk's end. */
  private quotedRun(chunk: string, i: number): number {
    const q = chunk.indexOf('"', i);
    if (q === -1) {
      this.field += chunk.slice(i);
      return -1;
    }
    this.field += chunk.slice(i, q);
    if (q + 1 === chunk.length) {
      this.quotePending = true;
      return -1;
    }
    if (chunk.charCodeAt(q + 1) === QUOTE) {
      this.field += '"';
      return q + 2;
    }
    this.inQuotes = false;
    return q + 1;
  }

  /** The records a chunk completes. */
  feed(chunk: string): string[][] {
    const n = chunk.length;
    const out: string[][] = [];
    let i = this.resume(chunk);
    while (i < n) {
      if (this.inQuotes) {
        i = this.quotedRun(chunk, i);
        if (i === -1) break;
        continue;
      }
      this.special.lastIndex = i;
      const match = this.special.exec(chunk);
      const j = match ? match.index : n;
      if (j > i) {
        this.field += chunk.slice(i, j);
        this.started = true;
      }
      if (!match) break;
      i = j + 1;
      const ch = chunk.charCodeAt(j);
      if (ch === this.delimiter) this.endField();
      else if (ch === QUOTE) {
        if (this.started) this.field += '"';
        else this.inQuotes = this.quoted = this.started = true;
      } else {
        const done = this.endRecord();
        if (done) out.push(done);
        if (ch === CR) {
          if (i === n) this.skipLf = true;
          else if (chunk.charCodeAt(i) === LF) i += 1;
        }
      }
    }
    return out;
  }

  /** The last record, when the text does not end with a line break. */
  finish(): string[] | null {
    return this.started || this.quoted || this.record.length > 0 ? this.endRecord() : null;
  }
}

/**
 * Records of CSV text, each a list of fields. Accepts "\r\n", "\n" or "\r" line ends, skips blank
 * lines and is lenient about stray quotes inside a field; fails on a quoted field left open at the
 * end, or a record past MAX_ROW_CHARS.
 */
async function* csvRecords(
  text: AsyncIterable<string>,
  delimiter: Delimiter = ',',
): AsyncGenerator<string[]> {
  const reader = new CsvReader(delimiter);
  let emitted = 0;
  for await (const chunk of text) {
    if (chunk.length === 0) continue;
    const out = reader.feed(chunk);
    if (reader.recordChars + reader.field.length > MAX_ROW_CHARS) {
      throw new TableValidationError([
        tableError(
          emitted + out.length || null,
          null,
          'ROW_TOO_LARGE',
          `A row is longer than ${MAX_ROW_CHARS} characters`,
        ),
      ]);
    }
    emitted += out.length;
    for (const done of out) yield done;
  }
  if (reader.inQuotes && !reader.quotePending) {
    throw new TableValidationError([
      tableError(
        emitted || null,
        null,
        'CSV_UNTERMINATED_QUOTE',
        `${emitted ? `Row ${emitted}` : 'The header'}: a quoted field is never closed`,
      ),
    ]);
  }
  const last = reader.finish();
  if (last) yield last;
}

/**
 * Reads a CSV upload (UTF-8, with or without a BOM; comma-separated, or tab-separated for TSV
 * with the same quoting; the first record names the columns). Returns the column names and the
 * data rows as lists of text, streamed. The input is not destroyed when reading stops early.
 */
export async function parseCsvStream(
  input: AsyncIterable<Uint8Array | string>,
  options: { maxBytes?: number; delimiter?: Delimiter } = {},
): Promise<{ attributes: string[]; rows: AsyncGenerator<string[]> }> {
  const records = csvRecords(decodeUtf8(keepOpen(input), options.maxBytes), options.delimiter);
  const first = await records.next();
  if (first.done) {
    throw emptyInput();
  }
  return { attributes: first.value, rows: records };
}
