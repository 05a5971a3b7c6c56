import type { AttributeType } from '../../lib/tables/infer.ts';
import type { Cell } from '../../lib/tables/values.ts';
import type { Problem } from '../../lib/tables/problems.ts';

/** The column types, in inference order: one list, shared with the browser's preview. */
export { ATTRIBUTE_TYPES, type AttributeType } from '../../lib/tables/infer.ts';
/** Values and the limit on errors listed, shared with the upload form's check of a large file. */
export type { Cell } from '../../lib/tables/values.ts';
export { MAX_ERRORS } from '../../lib/tables/table-errors.ts';

/** Column names in order and the type of each column. */
export type TableHeader = {
  attributes: string[];
  attributeTypes: Record<string, AttributeType>;
};

/** A validated, normalised table: every cell already coerced to its column's type. */
export type Table = TableHeader & { rows: Cell[][] };

/** From `ctx.config.limits`. */
export type TableLimits = { maxColumns: number; maxRows: number };

/**
 * One problem with a table. `row` is 1-based over the data rows (a CSV header line is not counted),
 * `null` for problems with the whole table or its header; `column` is the column name, or `null`.
 */
export type TableError = Problem;

/** What a finished blob write reports; `preview` holds the first rows for the version record. */
export type StoredTable = {
  sha256: string;
  /** Size of the stored (compressed) blob in bytes. */
  byteSize: number;
  entriesCount: number;
  preview: Cell[][];
};

/** Longest column name, in characters: one limit, shared with column descriptions. */
export { MAX_ATTRIBUTE_LENGTH } from '../../contracts/limits.ts';
/** Rows kept as the preview of a version. */
export const PREVIEW_ROWS = 20;
