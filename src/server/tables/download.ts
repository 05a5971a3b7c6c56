import { Readable } from 'node:stream';
import type { BlobStore } from '../blobs/store.ts';
import { csvRecord } from './csv.ts';
import { parseJsonExact } from '../../lib/big-integer.ts';
import { openTableLines } from './read.ts';
import type { Cell } from './types.ts';
import type { TextDownloadFormat } from '../../contracts/dataset-fields.ts';

/** The formats written here from the rows as they stream: the contract's text formats. */
export type DownloadFormat = TextDownloadFormat;

const CONTENT_TYPES: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

export const contentTypeOf = (format: DownloadFormat): string => CONTENT_TYPES[format];
export const extensionOf = (format: DownloadFormat): string => `.${format}`;

/** Byte order mark at the start of CSV downloads, so Excel reads them as UTF-8. */
const CSV_BOM = '\uFEFF';

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

function formatterOf(format: DownloadFormat, attributes: string[]): Formatter {
  if (format === 'csv') {
    return {
      start: () => `${CSV_BOM}${csvRecord(attributes)}\r\n`,
      row: (cells) => `${csvRecord(cells)}\r\n`,
      end: () => '',
    };
  }
  const object = objectWriter(attributes);
  if (format === 'jsonl')
    return { start: () => '', row: (cells) => `${object(cells)}\n`, end: () => '' };
  return {
    start: () => '[',
    row: (cells, first) => `${first ? '\n' : ',\n'}${object(cells)}`,
    end: (empty) => (empty ? ']\n' : '\n]\n'),
  };
}

/**
 * A stored table as a download, streamed with constant memory (one decompressed chunk at a time,
 * paced by the reader). Check that the blob exists first: a missing blob fails the stream.
 */
export function downloadStream(blobs: BlobStore, sha256: string, format: DownloadFormat): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    const { header, batches } = await openTableLines(blobs, sha256);
    const formatter = formatterOf(format, header.attributes);
    let first = true;
    let out = formatter.start(header.attributes);
    for await (const lines of batches) {
      for (const line of lines) {
        out += formatter.row(parseJsonExact(line) as Cell[], first);
        first = false;
      }
      if (out !== '') yield Buffer.from(out);
      out = '';
    }
    out += formatter.end(first);
    if (out !== '') yield Buffer.from(out);
  }
  return Readable.from(chunks(), { objectMode: false });
}
