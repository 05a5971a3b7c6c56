import type { BlobStore } from '../blobs/store.ts';
import { TableValidationError } from './errors.ts';
import { ErrorCollector, tableError } from '../../lib/tables/table-errors.ts';
import { RowShaper, coerceRow } from '../../lib/tables/rows.ts';
import type { StoredTable, Table, TableHeader, TableLimits } from './types.ts';
import { TableBlobWriter } from './writer.ts';

/** Stores a validated table (from `validateTable`) as a blob. */
export async function writeTable(blobs: BlobStore, table: Table): Promise<StoredTable> {
  const writer = TableBlobWriter.open(blobs, table);
  try {
    for (const row of table.rows) {
      const wait = writer.write(row);
      if (wait) await wait;
    }
    return await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/**
 * Stores rows streamed against a known header (declared or already inferred types), with constant
 * memory. Each entry is a list in column order or an object keyed by column; values are coerced to
 * the header's types. Any invalid row fails the whole write with a TableValidationError naming rows
 * and columns (the rest of the stream is still read to count the errors); passing `limits.maxRows`
 * fails at once with TOO_MANY_ROWS.
 */
export async function writeTableFromRows(
  blobs: BlobStore,
  header: TableHeader,
  rows: AsyncIterable<unknown> | Iterable<unknown>,
  options: { limits?: TableLimits } = {},
): Promise<StoredTable> {
  const { attributes } = header;
  const types = attributes.map((a) => header.attributeTypes[a] ?? 'string');
  const maxRows = options.limits?.maxRows ?? Infinity;
  const errors = new ErrorCollector();
  const shaper = new RowShaper(attributes);
  const writer = TableBlobWriter.open(blobs, header);
  try {
    let row = 0;
    for await (const entry of rows) {
      row += 1;
      if (row > maxRows) throw tooManyRows(maxRows);
      const values = shaper.shape(entry, row, errors);
      if (!values) continue;
      const cells = coerceRow(values, types, attributes, row, errors);
      if (cells && !errors.any) {
        const wait = writer.write(cells);
        if (wait) await wait;
      }
    }
    if (errors.any) throw new TableValidationError(errors.list());
    return await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

export const tooManyRows = (maxRows: number) =>
  new TableValidationError([
    tableError(
      null,
      null,
      'TOO_MANY_ROWS',
      `The table has more than ${maxRows} rows; at most ${maxRows} are allowed`,
    ),
  ]);
