/**
 * Table content: validation, the blob format, reading, downloads and streamed uploads.
 * Rules, types, limits and formats are described in docs/tables.md.
 *
 * API
 * - validateTable({ attributes, attribute_types?, entries }, limits)
 *     → { is_valid, errors: TableError[], table?: Table }; `table.rows` are normalised `Cell[][]`.
 *     Limit breaches come back as errors coded TOO_MANY_COLUMNS / TOO_MANY_ROWS (`isLimitError`).
 * - writeTable(blobs, table) → StoredTable { sha256, byteSize, entriesCount, preview }
 * - writeTableFromRows(blobs, header, rows, { limits? }) → StoredTable; rows are lists or objects,
 *     coerced to the header's types; throws TableValidationError.
 * - ingestTable(blobs, { attributes, attributeTypes?, rows }, limits) → StoredTable & { header }:
 *     a streamed upload whose types may still need inferring (two passes, constant memory).
 * - parseCsvStream(readable, { maxBytes? }) / parseJsonlStream(readable, { maxBytes? })
 *     → { attributes, rows } to hand to ingestTable; both throw TableValidationError.
 * - readTable(blobs, sha256) → { header, rows: AsyncGenerator<Cell[]> }
 * - readTablePage(blobs, sha256, offset, limit) → { attributes, attributeTypes, entries, offset,
 *     limit, hasMore }; toEntryObjects(attributes, entries) for `{ column: value }` entries.
 * - downloadStream(blobs, sha256, 'csv' | 'json' | 'jsonl') → Readable; contentTypeOf(format),
 *     extensionOf(format).
 */
export type { AttributeType, Cell, StoredTable, Table, TableError, TableHeader } from './types.ts';
export { MAX_ERRORS, PREVIEW_ROWS } from './types.ts';
export { TableValidationError, isLimitError } from './errors.ts';
export { declaredTypesOf, validateTable, type DeclaredTypes } from './validate.ts';
export { writeTable, writeTableFromRows } from './write.ts';
export { ingestTable } from './ingest.ts';
export { parseCsvStream } from './csv.ts';
export { parseJsonlStream } from './jsonl.ts';
export { readTable, readTablePage, toEntryObjects } from './read.ts';
export {
  DOWNLOAD_RENDERING,
  contentTypeOf,
  downloadStream,
  extensionOf,
  type DownloadFormat,
} from './download.ts';
