import { Readable } from 'node:stream';
import type { BlobStore } from '../blobs/store.ts';
import { CSV_BOM, CSV_LINE_END, csvRecord } from '../../lib/tables/csv-writer.ts';
import { parseJsonExact } from '../../lib/big-integer.ts';
import { openTableLines } from './read.ts';
import type { Cell, TableHeader } from './types.ts';
import { bigInteger, isBigInteger } from './big-integer.ts';
import type { TextDownloadFormat } from '../../contracts/dataset-fields.ts';

/** The formats written here from the rows as they stream: the contract's text formats. */
export type DownloadFormat = TextDownloadFormat;

const CONTENT_TYPES: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

export const contentTypeOf = (format: DownloadFormat): string => CONTENT_TYPES[format];
export const extensionOf = (format: DownloadFormat): string => `.${format}`;

/**
 * Which rendering of the text downloads this code writes, bumped whenever their bytes change, so
 * that download digests, entity tags and rendered files of another rendering are never taken for
 * these. 2: whole numbers of `number` columns are written `2.0`; a zero-row table's JSON Lines
 * file is its list of column names.
 */
export const DOWNLOAD_RENDERING = 2;

type Formatter = {
  start: (attributes: string[]) => string;
  row: (cells: Cell[], first: boolean) => string;
  end: (empty: boolean) => string;
};

/** `{"name":value,…}` in column order (JSON.stringify of an object would move integer-like keys first). */
function objectWriter(attributes: string[]): (cells: Cell[]) => string {
  const keys = attributes.map((a, c) => `${c === 0 ? '{' : ','}${JSON.stringify(a)}:`);
  return (cells) => {
    let out = '';
    for (let c = 0; c < keys.length; c++) out += keys[c] + JSON.stringify(cells[c] ?? null);
    return `${out}}`;
  };
}

/**
 * A whole number of a `number` column written with a fraction (`2.0`, `1152921504606846976.0`),
 * so that reading the file again, by Sheaf, pandas or DuckDB, gives a number column rather than
 * an integer one. `1e+21` already says it is not an integer.
 */
function asNumber(cell: Cell): Cell {
  const text =
    typeof cell === 'number' && Number.isInteger(cell)
      ? String(cell)
      : isBigInteger(cell)
        ? cell.rawJSON
        : null;
  return text === null || text.includes('e') ? cell : bigInteger(`${text}.0`);
}

/** The row with the whole numbers of its `number` columns written as numbers (see asNumber). */
function numbersOf(header: TableHeader): (cells: Cell[]) => Cell[] {
  const numbers = header.attributes.flatMap((a, c) =>
    header.attributeTypes[a] === 'number' ? [c] : [],
  );
  if (numbers.length === 0) return (cells) => cells;
  return (cells) => {
    for (const c of numbers) cells[c] = asNumber(cells[c] ?? null);
    return cells;
  };
}

function formatterOf(format: DownloadFormat, attributes: string[]): Formatter {
  if (format === 'csv' || format === 'tsv') {
    const delimiter = format === 'csv' ? ',' : '\t';
    return {
      start: () => `${CSV_BOM}${csvRecord(attributes, delimiter)}${CSV_LINE_END}`,
      row: (cells) => `${csvRecord(cells, delimiter)}${CSV_LINE_END}`,
      end: () => '',
    };
  }
  const object = objectWriter(attributes);
  if (format === 'jsonl') {
    // Without rows, the column names as the header line a JSON Lines upload takes.
    const end = (empty: boolean) => (empty ? `${JSON.stringify(attributes)}\n` : '');
    return { start: () => '', row: (cells) => `${object(cells)}\n`, end };
  }
  return {
    start: () => '[',
    row: (cells, first) => `${first ? '\n' : ',\n'}${object(cells)}`,
    end: (empty) => (empty ? ']\n' : '\n]\n'),
  };
}

/**
 * A download's text in `format` from rows given in batches (each row as the blob holds it),
 * one piece per batch: the rendering of every text download, whole or of a view.
 */
export async function* renderRows(
  format: DownloadFormat,
  header: TableHeader,
  batches: AsyncIterable<Cell[][]>,
): AsyncGenerator<string> {
  const formatter = formatterOf(format, header.attributes);
  const typed = numbersOf(header);
  let first = true;
  let out = formatter.start(header.attributes);
  for await (const rows of batches) {
    for (const row of rows) {
      out += formatter.row(typed(row), first);
      first = false;
    }
    if (out !== '') yield out;
    out = '';
  }
  out += formatter.end(first);
  if (out !== '') yield out;
}

/**
 * A stored table as a download, streamed with constant memory (one decompressed chunk at a time,
 * paced by the reader). Check that the blob exists first: a missing blob fails the stream.
 */
export function downloadStream(blobs: BlobStore, sha256: string, format: DownloadFormat): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    const { header, batches } = await openTableLines(blobs, sha256);
    async function* rows(): AsyncGenerator<Cell[][]> {
      for await (const lines of batches) yield lines.map((line) => parseJsonExact(line) as Cell[]);
    }
    for await (const text of renderRows(format, header, rows())) yield Buffer.from(text);
  }
  return Readable.from(chunks(), { objectMode: false });
}
