import { findForbiddenText, forbiddenCharacter } from '../text-rules.ts';
import { CsvReader } from './csv-reader.ts';
import { parseTableJson } from './exact-json.ts';
import type { AttributeType } from './infer.ts';
import type { TableProblemCode } from '../../contracts/error-codes.ts';
import { LineReader } from './line-reader.ts';
import type { Problem } from './problems.ts';
import { repeatedKeyOf } from './repeated-keys.ts';
import {
  NOT_UTF8_MESSAGE,
  forbiddenCharacterMessage,
  notJsonMessage,
  openQuoteMessage,
  repeatedKeyMessage,
} from './row-messages.ts';
import { MAX_ROW_CHARS, RowShaper, coerceRow } from './rows.ts';
import { ErrorCollector, tableError } from './table-errors.ts';
import { TypeInference } from './type-inference.ts';

/** How to read the rows of a large file past the sample the upload form read. */
export type LaterRows = {
  format: 'csv' | 'tsv' | 'jsonl';
  /** The columns, as the file's first line (or record) names them. */
  attributes: readonly string[];
  /** JSON Lines: the first line lists the column names (rows are counted after it). */
  header: boolean;
  /** The first row to check: the rows before it are the sample, which the server checks. */
  fromRow: number;
};

/** What one pass over a large file found. */
export type LaterRowsFound = {
  /** The data rows of the whole file. */
  rows: number;
  problems: Problem[];
  /** The declared types, and the others inferred over every row. */
  types: AttributeType[];
  /** The same, inferred over the sample's rows only (those before `fromRow`). */
  sampleTypes: AttributeType[];
};

/**
 * One pass over a large file chosen in the upload form (CSV, TSV or JSON Lines), which the form
 * reads only in part: its rows, and the problems of every row from `fromRow` on that the server's
 * streamed upload refuses, found by the server's own checks (`rows.ts`: a row's shape, a value
 * that is no scalar, two keys naming one column once trimmed, a value its `declared` type
 * refuses), with its codes and messages (`row-messages.ts`). The reader's checks are the
 * server's too: bytes that are not UTF-8, a control character (raw, or in JSON Lines written as
 * an escape such as `\u0000`), a line that is not JSON or gives a key twice, a row longer than
 * MAX_ROW_CHARS, a quote never closed. Columns without a declared type take any value, as the
 * server infers their types over the whole file: `types` are the declared ones and those it
 * infers, by its rule (`TypeInference`) over every row the pass read, the sample's included
 * (each row is inferred over once: `sampleTypes` are the types as they stood after the sample,
 * for the form's preview). The file streams through a chunk at a time; at most 100 problems are
 * kept (`ErrorCollector`). The server stops at the first problem of reading (a line that is not
 * JSON, say); this pass names every one it can read past, and stops where the server stops
 * reading for good (a row too long, bytes that are not UTF-8).
 */
export async function checkLaterRows(
  file: Blob,
  later: LaterRows,
  declared: Readonly<Record<string, AttributeType>> = {},
): Promise<LaterRowsFound> {
  const check = new RowCheck(later, declared);
  const text = textOf(file, check.errors);
  const rows =
    later.format === 'jsonl'
      ? await jsonLines(text, check, later.header)
      : await csvRecords(text, check, later.format === 'tsv' ? '\t' : ',');
  const types = check.inference.types();
  return { rows, problems: check.errors.list(), types, sampleTypes: check.sampleTypes ?? types };
}

/** The server's row check (`RowShaper`, then `coerceRow` with the declared types). */
class RowCheck {
  readonly errors = new ErrorCollector();
  /** The sample's problems are the server's check of it: these are not kept. */
  private readonly sampleErrors = new ErrorCollector();
  readonly inference: TypeInference;
  /** The types inferred over the sample, once a row past it is read. */
  sampleTypes: AttributeType[] | null = null;
  private readonly shaper: RowShaper;
  private readonly attributes: string[];
  private readonly types: AttributeType[];
  private readonly anyDeclared: boolean;
  private readonly fromRow: number;

  constructor(later: LaterRows, declared: Readonly<Record<string, AttributeType>>) {
    // Column names are trimmed, as the server's header check trims them.
    this.attributes = later.attributes.map((a) => a.trim());
    this.shaper = new RowShaper(this.attributes);
    this.types = later.attributes.map((a) => declared[a] ?? 'string');
    this.anyDeclared = later.attributes.some((a) => declared[a] !== undefined);
    this.fromRow = later.fromRow;
    this.inference = new TypeInference(later.attributes.map((a) => declared[a]));
  }

  /** Where the problems of row `row` go: those of the sample are dropped. */
  private errorsOf(row: number): ErrorCollector {
    return row < this.fromRow ? this.sampleErrors : this.errors;
  }

  /** A problem of reading the file (it is the server's, wherever it is). */
  add(row: number | null, column: string | null, code: TableProblemCode, message: string): void {
    this.errors.add(tableError(row, column, code, message));
  }

  /** A problem of row `row`'s line (kept past the sample only). */
  addRow(row: number, column: string | null, code: TableProblemCode, message: string): void {
    this.errorsOf(row).add(tableError(row, column, code, message));
  }

  /**
   * Row `row` (a list of values or an object keyed by column): its values inferred over, and
   * past the sample checked.
   */
  entry(entry: unknown, row: number): void {
    const errors = this.errorsOf(row);
    const values = this.shaper.shape(entry, row, errors);
    if (!values) return;
    if (this.sampleTypes === null && row >= this.fromRow) this.sampleTypes = this.inference.types();
    this.inference.observe(values);
    // Text takes any value the shape let through: only a declared type can refuse one.
    if (this.anyDeclared && row >= this.fromRow) {
      coerceRow(values, this.types, this.attributes, row, errors);
    }
  }
}

/**
 * The file's text, a chunk at a time (a BOM dropped), as the server decodes an upload: bytes
 * that are not UTF-8 end it; the first control character is reported (for the whole file).
 */
async function* textOf(file: Blob, errors: ErrorCollector): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = file.stream().getReader();
  let clean = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      let text: string;
      try {
        text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      } catch {
        errors.add(tableError(null, null, 'INVALID_ENCODING', NOT_UTF8_MESSAGE));
        return;
      }
      const character = clean ? forbiddenCharacter(text) : null;
      if (character) {
        clean = false;
        errors.add(
          tableError(null, null, 'INVALID_CHARACTERS', forbiddenCharacterMessage(character)),
        );
      }
      if (text !== '') yield text;
      if (done) return;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/** JSON Lines: the rows (non-blank lines after a header list), each read (past the sample, checked). */
async function jsonLines(
  text: AsyncIterable<string>,
  check: RowCheck,
  header: boolean,
): Promise<number> {
  let lines = 0;
  const rowsOf = (count: number) => (header ? Math.max(count - 1, 0) : count);
  const take = (line: string) => {
    if (line.trim() === '') return;
    lines += 1;
    const row = header ? lines - 1 : lines;
    if (row >= 1) jsonRow(line, row, check);
  };
  const reader = new LineReader(MAX_ROW_CHARS);
  for await (const chunk of text) {
    for (const line of reader.feed(chunk)) take(line);
    if (reader.tooLong) {
      check.errors.add(reader.refusal());
      return rowsOf(lines);
    }
  }
  const last = reader.finish();
  if (last !== null) take(last);
  return rowsOf(lines);
}

/** A JSON Lines row, read as the server reads its line (`src/server/tables/jsonl.ts`). */
function jsonRow(line: string, row: number, check: RowCheck): void {
  let value: unknown;
  try {
    value = parseTableJson(line);
  } catch {
    check.addRow(row, null, 'INVALID_JSON', notJsonMessage(row));
    return;
  }
  const repeated = repeatedKeyOf(line, value);
  if (repeated !== null) {
    check.addRow(row, repeated, 'DUPLICATE_COLUMN', repeatedKeyMessage(row, repeated));
    return;
  }
  const escaped = line.includes('\\u') ? findForbiddenText(value) : null;
  if (escaped) {
    check.addRow(row, null, 'INVALID_CHARACTERS', forbiddenCharacterMessage(escaped.character));
    return;
  }
  check.entry(value, row);
}

/** CSV or TSV: the data rows (records after the header), each read (past the sample, checked). */
async function csvRecords(
  text: AsyncIterable<string>,
  check: RowCheck,
  delimiter: ',' | '\t',
): Promise<number> {
  const reader = new CsvReader(delimiter, MAX_ROW_CHARS);
  let records = 0;
  const take = (record: string[]) => {
    records += 1;
    const row = records - 1;
    if (row >= 1) check.entry(record, row);
  };
  const rows = () => Math.max(records - 1, 0);
  for await (const chunk of text) {
    for (const record of reader.feed(chunk)) take(record);
    if (reader.tooLong) {
      check.errors.add(reader.refusal(records));
      return rows();
    }
  }
  if (reader.leftOpen) {
    check.add(records || null, null, 'CSV_UNTERMINATED_QUOTE', openQuoteMessage(records));
    return rows();
  }
  const last = reader.finish();
  if (last) take(last);
  return rows();
}
