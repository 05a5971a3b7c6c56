/**
 * A table being prepared for upload in the browser: read from a CSV, TSV, JSON or JSON Lines
 * file or from CSV text, with the column types the preview proposes. CSV is read by the same
 * rule as the server's (`csv-reader.ts`). Files over LARGE_FILE_BYTES are read only in part (the first SAMPLE_ROWS
 * rows, for the preview and the validation sample) and then sent as a stream; one pass over the
 * whole file checks the rows past the sample and infers the types proposed from every row, as the
 * server infers them.
 */
import { parseTableJson } from './exact-json.ts';
import { keysInOrder, repeatedKeyOf } from './repeated-keys.ts';
import { DraftError } from './draft-error.ts';
import { readJsonTable } from './json-table.ts';
import { isAttributeType, type AttributeType } from './infer.ts';
import { inferTypes } from './type-inference.ts';
import { checkLaterRows, type LaterRows } from './later-rows.ts';
import type { Problem } from './problems.ts';
import { CsvReader, finishRecords, readCsvText, type Delimiter } from './csv-reader.ts';
import { rowValues } from './cells.ts';
import { MAX_ROW_CHARS } from './rows.ts';
import { otherSeparator, type Separator } from './separator.ts';

/** From this size on, a CSV, TSV or JSON Lines file is sampled for the preview and streamed. */
export const LARGE_FILE_BYTES = 8 * 1024 * 1024;
/** Rows read from a large file for its preview and validation. */
export const SAMPLE_ROWS = 1000;

export type DraftSource = {
  kind: 'csv' | 'tsv' | 'jsonl' | 'json' | 'text';
  name: string;
  size: number;
};

/** How a sampled file is sent: its own format, as a stream. */
export const streamFormatOf = (source: DraftSource): 'csv' | 'tsv' | 'jsonl' =>
  source.kind === 'tsv' || source.kind === 'jsonl' ? source.kind : 'csv';

export type TableDraft = {
  source: DraftSource;
  attributes: string[];
  /** Types proposed for each column: declared by a JSON file, else inferred. */
  types: AttributeType[];
  /** Rows: lists in column order or objects keyed by column. */
  entries: unknown[];
  /** Only the first rows were read: the file itself is sent (as a stream). */
  sampled: File | null;
  /** The data rows of the whole file (counted by a pass over it when it was sampled). */
  totalRows: number;
  /**
   * A sampled file: how to check its rows past the sample (again, when types are declared on the
   * page), and the problems found in them with the types proposed (later-rows.ts), added to the
   * server's check of the sample.
   */
  later?: LaterRows;
  problems?: Problem[];
  /** A sampled file: the columns whose proposed type the rows past the sample changed. */
  retyped?: string[];
  /** Types a types file chosen with the table declares (types-file.ts), by column. */
  declared?: Record<string, AttributeType>;
  /** The name of that types file. */
  typesFile?: string;
  /** A columns file chosen with the table (columns-file.ts): its name and descriptions. */
  columnsFile?: { name: string; descriptions: Record<string, string> };
  /** A CSV or TSV file read as one column that looks written with this separator instead. */
  separator?: Separator;
};

function fromRecords(records: string[][], open: number | null) {
  if (open !== null) throw new DraftError('csvQuotes', open || null);
  const [header, ...rows] = records;
  if (!header) throw new DraftError('csvEmpty');
  return { attributes: header, rows };
}

/**
 * Column names and rows of CSV text (the first record names the columns), read by the rule the
 * server reads an upload with (`csv-reader.ts`).
 */
export function parseCsvText(
  text: string,
  delimiter: Delimiter = ',',
): { attributes: string[]; rows: string[][] } {
  const { records, open } = readCsvText(text.replace(/^\uFEFF/, ''), delimiter);
  return fromRecords(records, open);
}

/**
 * UTF-8 text from bytes, a chunk at a time when `stream` (a character cut at the end waits for
 * the next chunk); other encodings (GBK from Excel, say) are refused as the server refuses them.
 */
function utf8Decoder() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return (bytes?: AllowSharedBufferSource, stream = false): string => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw new DraftError('encoding');
    }
  };
}

/** A whole file (or the start of one, `partial`) as UTF-8 text. */
const utf8Text = async (blob: Blob, partial = false) =>
  utf8Decoder()(await blob.arrayBuffer(), partial);

/**
 * The first `rows` records of a CSV file, read in chunks (the rest of the file is not read). A
 * record past MAX_ROW_CHARS stops the reading, as it stops the server's (a quote never closed
 * would otherwise read the rest of the file into one field): the sample is the records before it,
 * and the pass over the whole file reports it as the server does (ROW_TOO_LARGE).
 */
async function sampleCsvFile(file: File, rows: number, delimiter: Delimiter) {
  const reader = new CsvReader(delimiter, MAX_ROW_CHARS);
  const decode = utf8Decoder();
  const records: string[][] = [];
  const chunks = file.stream().getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    const text = done ? decode() : decode(value, true);
    // One by one: a chunk may hold more records than a call takes arguments.
    if (text !== '') for (const record of reader.feed(text)) records.push(record);
    if (records.length > rows) {
      await chunks.cancel();
      return fromRecords(records.slice(0, rows + 1), null);
    }
    if (reader.tooLong) {
      await chunks.cancel();
      return fromRecords(records, null);
    }
    if (done) break;
  }
  const open = finishRecords(reader, records);
  return fromRecords(records, open);
}

/** Builds a draft of rows given as lists; `declared` types win over inferred ones. */
export function draftOf(
  source: DraftSource,
  attributes: string[],
  entries: unknown[],
  declared: Record<string, unknown> = {},
): TableDraft {
  const lists = entries.map((e) => rowValues(attributes, e));
  const inferred = inferTypes(attributes.length, lists);
  const types = attributes.map((a, c) => {
    const d = declared[a];
    return isAttributeType(d) ? d : (inferred[c] ?? 'string');
  });
  return { source, attributes, types, entries, sampled: null, totalRows: entries.length };
}

/** A JSON table: a list of objects, or `{attributes, entries[, attribute_types]}`. */
export function parseJsonTable(text: string, source: DraftSource): TableDraft {
  const { attributes, entries, declared } = readJsonTable(text);
  return draftOf(source, attributes, entries, declared);
}

/**
 * The columns and rows of JSON Lines, by the server's rule for a streamed upload
 * (docs/tables.md): the first line is a list of column names, or the first row as an object
 * whose keys name the columns in the order the line writes them. A later row's key that names no
 * column stays in its row, for the server's check to report (`UNKNOWN_COLUMN`), as the upload of
 * the same file would. `partial`: the text was cut from a longer file, so its last line may be
 * incomplete.
 */
function readJsonLines(
  text: string,
  partial = false,
): { attributes: string[]; entries: unknown[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (partial) lines.pop();
  const values: unknown[] = [];
  let columns: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = parseTableJson(line);
    } catch {
      throw new DraftError('jsonLineSyntax', i + 1);
    }
    const repeated = repeatedKeyOf(line, value);
    if (repeated !== null) throw new DraftError('jsonRepeatedKey', i + 1, repeated);
    if (values.length === 0 && isRecord(value)) columns = keysInOrder(line, value);
    values.push(value);
  }
  const [first, ...rest] = values;
  if (first === undefined) throw new DraftError('csvEmpty');
  if (Array.isArray(first)) {
    const names: unknown[] = first;
    if (!names.every((a): a is string => typeof a === 'string')) {
      throw new DraftError('jsonShape', 1);
    }
    return { attributes: names, entries: rest };
  }
  // After an object, a row may also be a list of values in column order (the server's rule).
  const other = values.findIndex((value) => !isRecord(value) && !Array.isArray(value));
  if (!isRecord(first) || other !== -1)
    throw new DraftError('jsonShape', other === -1 ? 1 : other + 1);
  return { attributes: columns, entries: values };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What kind of table a file holds, by its name or type; null when none Sheaf reads. */
function kindOf(file: File): DraftSource['kind'] | null {
  const name = file.name.toLowerCase();
  if (/\.(jsonl|ndjson)$/.test(name) || file.type === 'application/x-ndjson') return 'jsonl';
  if (name.endsWith('.json') || file.type === 'application/json') return 'json';
  if (/\.(tsv|tab)$/.test(name) || file.type === 'text/tab-separated-values') return 'tsv';
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'csv';
  return null;
}

/** Bytes read from the start of a large JSON Lines file for its preview. */
const JSONL_SAMPLE_BYTES = 1024 * 1024;

/**
 * A draft of a file's sample (`entries`), with the file's rows counted, those past the sample
 * checked as the server's upload would check them, and the types proposed inferred over every
 * row, as the server infers them: one pass over the file, which infers over each row once (the
 * sample's types, that `retyped` compares with, are those the pass had after the sample).
 */
async function sampledDraft(
  source: DraftSource,
  { attributes, entries }: { attributes: string[]; entries: unknown[] },
  file: File,
  header: boolean,
): Promise<TableDraft> {
  const later: LaterRows = {
    format: streamFormatOf(source),
    attributes,
    header,
    fromRow: entries.length + 1,
  };
  const { rows, problems, types, sampleTypes } = await checkLaterRows(file, later);
  const retyped = attributes.filter((_, c) => types[c] !== sampleTypes[c]);
  return {
    source,
    attributes,
    types,
    entries,
    sampled: file,
    totalRows: rows,
    later,
    problems,
    retyped,
  };
}

/** Reads a chosen file (CSV, TSV, JSON or JSON Lines, by its name or type) into a draft. */
export async function readTableFile(file: File): Promise<TableDraft> {
  const kind = kindOf(file);
  if (!kind || kind === 'text') throw new DraftError('fileType');
  const source: DraftSource = { kind, name: file.name, size: file.size };
  if (kind === 'json') return parseJsonTable(await utf8Text(file), source);
  const large = file.size >= LARGE_FILE_BYTES;
  if (kind === 'jsonl') {
    if (!large) {
      const { attributes, entries } = readJsonLines(await utf8Text(file));
      return draftOf(source, attributes, entries);
    }
    const head = await utf8Text(file.slice(0, JSONL_SAMPLE_BYTES), true);
    const { attributes, entries } = readJsonLines(head, true);
    const header = /^\s*\[/.test(head.replace(/^\uFEFF/, ''));
    const sample = { attributes, entries: entries.slice(0, SAMPLE_ROWS) };
    return sampledDraft(source, sample, file, header);
  }
  const delimiter = kind === 'tsv' ? '\t' : ',';
  const { attributes, rows } = large
    ? await sampleCsvFile(file, SAMPLE_ROWS, delimiter)
    : parseCsvText(await utf8Text(file), delimiter);
  const draft = large
    ? await sampledDraft(source, { attributes, entries: rows }, file, false)
    : draftOf(source, attributes, rows);
  const separator = otherSeparator(attributes, rows, delimiter);
  return separator ? { ...draft, separator } : draft;
}
