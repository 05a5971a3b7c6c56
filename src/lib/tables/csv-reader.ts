/**
 * Reading CSV (RFC 4180) text, one rule for the server's streamed uploads
 * (`src/server/tables/csv.ts`) and the upload form's preview (`draft.ts`), so both read a file
 * alike: `\r\n`, `\n` and `\r` all end a record, even mixed in one file; blank lines are
 * skipped (a line holding `""` is a row with one empty value); a quote inside an unquoted field is
 * kept as a character, and text after a quoted field's closing quote is kept after its value
 * (`"x" ,1` reads `x `, `"x"y` reads `xy`). Only a quoted field left open at the end is an error.
 * A record past `maxRecord` characters of its fields' text (MAX_ROW_CHARS for an upload) stops
 * the reading wherever the chunks cut it, for the server and the form's pass alike.
 */
import type { Problem } from './problems.ts';
import { recordTooLongMessage } from './row-messages.ts';
import { tableError } from './table-errors.ts';

/** What ends a plain run of text: the delimiter, a quote or a line break. */
const SPECIALS = { ',': /[,"\r\n]/g, '\t': /[\t"\r\n]/g } as const;
export type Delimiter = keyof typeof SPECIALS;
const QUOTE = 34;
const CR = 13;
const LF = 10;

/** The reading state of CSV text fed a chunk at a time. */
export class CsvReader {
  private readonly special: RegExp;
  private readonly delimiter: number;
  private readonly maxRecord: number;
  private record: string[] = [];
  /** Characters of the record so far, in ended fields. */
  private recordChars = 0;
  private field = '';
  /**
   * A record longer than `maxRecord` characters (its fields' text, ended or not) was read,
   * wherever the chunks cut it: no more records come.
   */
  tooLong = false;
  /** Something of this field was read (a quote after that is literal). */
  private started = false;
  /** This field began with a quote. */
  private quoted = false;
  private inQuotes = false;
  /** A quote ended the last chunk inside a quoted field. */
  private quotePending = false;
  /** A "\r" ended the last chunk. */
  private skipLf = false;

  constructor(delimiter: Delimiter, maxRecord = Infinity) {
    this.special = new RegExp(SPECIALS[delimiter].source, 'g');
    this.delimiter = delimiter.charCodeAt(0);
    this.maxRecord = maxRecord;
  }

  /** The record so far is longer than `maxRecord`: reading stops. */
  private overLong(): boolean {
    this.tooLong = this.recordChars + this.field.length > this.maxRecord;
    return this.tooLong;
  }

  /** ROW_TOO_LARGE of a reader that stopped after `records` records (the header counts). */
  refusal(records: number): Problem {
    return tableError(records || null, null, 'ROW_TOO_LARGE', recordTooLongMessage(this.maxRecord));
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

  /** The records a chunk completes; once a record is too long, only those before it. */
  feed(chunk: string): string[][] {
    const n = chunk.length;
    const out: string[][] = [];
    if (this.tooLong) return out;
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
        if (this.overLong()) return out;
        const done = this.endRecord();
        if (done) out.push(done);
        if (ch === CR) {
          if (i === n) this.skipLf = true;
          else if (chunk.charCodeAt(i) === LF) i += 1;
        }
      }
    }
    this.overLong();
    return out;
  }

  /** Whether a quoted field is still open (an error once the text has ended). */
  get leftOpen(): boolean {
    return this.inQuotes && !this.quotePending;
  }

  /** The last record, when the text does not end with a line break. */
  finish(): string[] | null {
    return this.started || this.quoted || this.record.length > 0 ? this.endRecord() : null;
  }
}

/**
 * The records of a whole CSV text, and where a quoted field was left open at its end: the number
 * of records before the open one (the header counts), or null when none was.
 */
export function readCsvText(
  text: string,
  delimiter: Delimiter = ',',
): { records: string[][]; open: number | null } {
  const reader = new CsvReader(delimiter);
  const records = text === '' ? [] : reader.feed(text);
  return { records, open: finishRecords(reader, records) };
}

/**
 * Ends a text read into `records`: adds its last record, and returns where a quoted field was
 * left open (the number of records before it), or null when none was.
 */
export function finishRecords(reader: CsvReader, records: string[][]): number | null {
  const open = reader.leftOpen ? records.length : null;
  const last = reader.finish();
  if (last) records.push(last);
  return open;
}
