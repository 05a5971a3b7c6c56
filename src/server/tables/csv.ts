import { TableValidationError, emptyInput } from './errors.ts';
import { tableError } from '../../lib/tables/table-errors.ts';
import { decodeUtf8, keepOpen } from './lines.ts';
import { MAX_ROW_CHARS } from '../../lib/tables/rows.ts';
import { openQuoteMessage } from '../../lib/tables/row-messages.ts';
import { CsvReader, type Delimiter } from '../../lib/tables/csv-reader.ts';

/* Reading CSV uploads (RFC 4180); src/lib/tables/csv-writer.ts writes CSV. */

/**
 * Records of CSV text, each a list of fields. Accepts "\r\n", "\n" or "\r" line ends, skips blank
 * lines and is lenient about stray quotes inside a field; fails on a quoted field left open at the
 * end, or a record past MAX_ROW_CHARS.
 */
async function* csvRecords(
  text: AsyncIterable<string>,
  delimiter: Delimiter = ',',
): AsyncGenerator<string[]> {
  const reader = new CsvReader(delimiter, MAX_ROW_CHARS);
  let emitted = 0;
  for await (const chunk of text) {
    if (chunk.length === 0) continue;
    const out = reader.feed(chunk);
    emitted += out.length;
    for (const done of out) yield done;
    if (reader.tooLong) throw new TableValidationError([reader.refusal(emitted)]);
  }
  if (reader.leftOpen) {
    throw new TableValidationError([
      tableError(emitted || null, null, 'CSV_UNTERMINATED_QUOTE', openQuoteMessage(emitted)),
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
