import { TableValidationError, tableError } from './errors.ts';
import { MAX_ROW_CHARS, decodeUtf8, keepOpen } from './lines.ts';
import { isBigInteger } from './big-integer.ts';
import type { Cell } from './types.ts';

/* RFC 4180 CSV, both ways. */

const NEEDS_QUOTES = /[",\r\n]|^[ \t]|[ \t]$/;

/** One field: quoted only when it holds a quote, comma or line break, or starts or ends with a space or tab. */
export function csvField(cell: Cell | string): string {
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

/**
 * Records of CSV text, each a list of fields. Accepts "\r\n", "\n" or "\r" line ends, skips blank
 * lines and is lenient about stray quotes inside a field; fails on a quoted field left open at the
 * end, or a record past MAX_ROW_CHARS.
 */
export async function* csvRecords(
  text: AsyncIterable<string>,
  delimiter: Delimiter = ',',
): AsyncGenerator<string[]> {
  const SPECIAL = new RegExp(SPECIALS[delimiter].source, 'g');
  const DELIMITER = delimiter.charCodeAt(0);
  let record: string[] = [];
  let recordChars = 0;
  let field = '';
  let started = false; // something of this field was read (a quote after that is literal)
  let quoted = false; // this field began with a quote
  let inQuotes = false;
  let quotePending = false; // a quote ended the last chunk inside a quoted field
  let skipLf = false; // a "\r" ended the last chunk
  let emitted = 0;

  const endField = () => {
    record.push(field);
    recordChars += field.length;
    field = '';
    started = false;
    quoted = false;
  };
  /** Ends the record; null for a blank line. */
  const endRecord = (): string[] | null => {
    const blank = record.length === 0 && field === '' && !quoted;
    endField();
    const done = record;
    record = [];
    recordChars = 0;
    return blank ? null : done;
  };

  for await (const chunk of text) {
    const n = chunk.length;
    if (n === 0) continue;
    const out: string[][] = [];
    let i = 0;
    if (skipLf) {
      skipLf = false;
      if (chunk.charCodeAt(0) === LF) i = 1;
    }
    if (quotePending) {
      quotePending = false;
      if (chunk.charCodeAt(0) === QUOTE) {
        field += '"';
        i = 1;
      } else inQuotes = false;
    }
    while (i < n) {
      if (inQuotes) {
        const q = chunk.indexOf('"', i);
        if (q === -1) {
          field += chunk.slice(i);
          break;
        }
        field += chunk.slice(i, q);
        if (q + 1 === n) {
          quotePending = true;
          break;
        }
        if (chunk.charCodeAt(q + 1) === QUOTE) {
          field += '"';
          i = q + 2;
        } else {
          inQuotes = false;
          i = q + 1;
        }
        continue;
      }
      SPECIAL.lastIndex = i;
      const match = SPECIAL.exec(chunk);
      const j = match ? match.index : n;
      if (j > i) {
        field += chunk.slice(i, j);
        started = true;
      }
      if (!match) break;
      i = j + 1;
      const ch = chunk.charCodeAt(j);
      if (ch === DELIMITER) endField();
      else if (ch === QUOTE) {
        if (started) field += '"';
        else inQuotes = quoted = started = true;
      } else {
        const done = endRecord();
        if (done) out.push(done);
        if (ch === CR) {
          if (i === n) skipLf = true;
          else if (chunk.charCodeAt(i) === LF) i += 1;
        }
      }
    }
    if (recordChars + field.length > MAX_ROW_CHARS) {
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
  if (inQuotes && !quotePending) {
    throw new TableValidationError([
      tableError(
        emitted || null,
        null,
        'CSV_UNTERMINATED_QUOTE',
        `${emitted ? `Row ${emitted}` : 'The header'}: a quoted field is never closed`,
      ),
    ]);
  }
  if (started || quoted || record.length > 0) {
    const done = endRecord();
    if (done) yield done;
  }
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
    throw new TableValidationError([
      tableError(
        null,
        null,
        'EMPTY_INPUT',
        'The file is empty: its first line must name the columns',
      ),
    ]);
  }
  return { attributes: first.value, rows: records };
}
