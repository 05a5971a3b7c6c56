import { z } from 'zod';
import {
  CONTENT_LIMIT_DEFAULT,
  CONTENT_LIMIT_MAX,
  bigIntegerSchema,
  cellSchema,
} from './datasets.ts';
import { positiveId } from './ids.ts';
import { pageLimit, queryInteger, wholeNumber } from './query-numbers.ts';
import { offsetSchema } from './users.ts';
import { COMPARE_KINDS, FACET_BINS_MAX, ROWS_FILTER_MAX, SORT_ORDERS } from './limits.ts';
import { filtersQuerySchema } from './row-filters.ts';

/**
 * The data viewer's calls: a version's rows (paged, sorted, filtered), its column statistics,
 * and the comparison of two versions. Rules are described in docs/tables.md.
 */

const rowsLimitSchema = pageLimit(CONTENT_LIMIT_MAX, CONTENT_LIMIT_DEFAULT);

const columnNameSchema = z.string().trim().min(1, 'A column name must not be empty');

/* ---------- requests ---------- */

/** Which rows a read keeps: `q` and `filters`, both applying (every row without either). */
export const selectionQueryFields = {
  q: z
    .string()
    .max(ROWS_FILTER_MAX, `q must be at most ${ROWS_FILTER_MAX} characters`)
    .optional()
    .describe('Keeps rows where a string column contains this text, ignoring case'),
  filters: filtersQuerySchema.optional(),
};

/** A read's order: by a column, or the stored order. */
export const orderQueryFields = {
  sort: columnNameSchema
    .optional()
    .describe('A column name; rows keep their stored order without it'),
  order: z.enum(SORT_ORDERS).default('asc'),
};

export const rowsQuerySchema = z.object({
  offset: offsetSchema,
  limit: rowsLimitSchema,
  ...orderQueryFields,
  ...selectionQueryFields,
});
export type RowsQuery = z.infer<typeof rowsQuerySchema>;

const binsRange = `bins must be between 1 and ${FACET_BINS_MAX}`;

export const facetsQuerySchema = z.object({
  column: columnNameSchema.describe('The column whose values are counted'),
  bins: queryInteger(wholeNumber('bins').min(1, binsRange).max(FACET_BINS_MAX, binsRange))
    .optional()
    .describe(
      'Numbers, dates and datetimes: an equal-width histogram of this many bins instead of the most frequent values',
    ),
  ...selectionQueryFields,
});
export type FacetsQuery = z.infer<typeof facetsQuerySchema>;

export const compareQuerySchema = z.object({
  from: positiveId('from'),
  to: positiveId('to'),
  key: z
    .string()
    .trim()
    .optional()
    .describe(
      "The key rows pair by: a column present in both versions, or several separated by commas (`key=id,year`; a name that is itself a column of both is that one column); rows with the same key and other values are changed. Left out: the dataset's whole key (all its columns) when both versions have every column of it, else none; empty (`key=`): none, rows compare whole",
    ),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;

export const compareRowsQuerySchema = compareQuerySchema.extend({
  kind: z.enum(COMPARE_KINDS),
  offset: offsetSchema,
  limit: rowsLimitSchema,
});
export type CompareRowsQuery = z.infer<typeof compareRowsQuerySchema>;

/* ---------- responses ---------- */

const columnSchema = z.object({ name: z.string(), type: z.string() });
export type Column = z.infer<typeof columnSchema>;
export type Cell = z.infer<typeof cellSchema>;

/** A page of a version's rows, values in column order. */
export const tableRowsSchema = z.object({
  columns: z.array(columnSchema),
  rows: z.array(z.array(cellSchema)),
  /**
   * Each row's number in the version's table (1 for its first row), whatever the sort and
   * filter: the viewer's "#" column.
   */
  row_numbers: z.array(z.number().int()),
  /** Rows matching `q` and `filters` (every row without them). */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type TableRows = z.infer<typeof tableRowsSchema>;

/** A histogram edge: a number (an integer past 2^53 exact, as a big integer) or a date's text. */
const boundSchema = z.union([z.number(), z.string(), bigIntegerSchema]);

const histogramSchema = z.array(
  z.object({ from: boundSchema, to: boundSchema, count: z.number().int() }),
);

/**
 * A column's values among the rows kept: the FACET_VALUES most frequent (most frequent first,
 * ties by value, a missing value as null), or with `bins` a histogram like the statistics'.
 */
export const versionFacetsSchema = z.union([
  z.object({
    column: z.string(),
    values: z.array(z.object({ value: cellSchema, count: z.number().int() })),
  }),
  z.object({ column: z.string(), bins: histogramSchema }),
]);
export type VersionFacets = z.infer<typeof versionFacetsSchema>;

const momentSchema = z.union([z.number(), bigIntegerSchema]);

export const columnStatsSchema = z.object({
  name: z.string(),
  type: z.string(),
  /** Values present (rows minus nulls). */
  count: z.number().int(),
  nulls: z.number().int(),
  /** Distinct values present (exact). */
  distinct: z.number().int(),
  min: cellSchema,
  max: cellSchema,
  /**
   * Numbers only; null when there is none (no values, one value for `stddev`) or when it is past
   * the largest double. One of 2^53 or more is a whole number written as digits, which exact JSON
   * readers (Sheaf's among them) read as a big integer.
   */
  mean: momentSchema.nullable().optional(),
  stddev: momentSchema.nullable().optional(),
  /** Numbers, dates and datetimes: at most 20 equal-width bins; `to` is inclusive in the last. */
  histogram: histogramSchema.optional(),
  /** Strings and booleans: the 10 most frequent values, most frequent first. */
  top: z.array(z.object({ value: cellSchema, count: z.number().int() })).optional(),
});
export type ColumnStats = z.infer<typeof columnStatsSchema>;

export const versionStatsSchema = z.object({
  version: z.number().int(),
  rows: z.number().int(),
  columns: z.array(columnStatsSchema),
});
export type VersionStats = z.infer<typeof versionStatsSchema>;

export const versionCompareSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** The key rows were paired by, as `key` names it (columns joined by commas); null: none. */
  key: z.string().nullable(),
  /** The key's columns, in order; null without a key. */
  key_columns: z.array(z.string()).nullable(),
  columns: z.object({
    added: z.array(columnSchema),
    removed: z.array(columnSchema),
    /** Columns in both versions whose type differs. */
    changed: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
  }),
  rows: z.object({
    added: z.number().int(),
    removed: z.number().int(),
    /** Null without `key`: rows then compare whole, so a change is a removal plus an addition. */
    changed: z.number().int().nullable(),
  }),
  /**
   * With `key`: the shared columns (the key aside) whose value differs between rows paired by
   * key, and in how many pairs, most first (a column no pair differs in is left out). Null
   * without `key`.
   */
  changed_columns: z.array(z.object({ name: z.string(), rows: z.number().int() })).nullable(),
  /**
   * With `key`: in each version, how many rows share their key with another row of that version
   * (0 when the key is unique). Repeated keys pair every copy with every copy, so the counts
   * above read high. Null without `key`.
   */
  key_repeats: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
});
export type VersionCompare = z.infer<typeof versionCompareSchema>;

/**
 * A page of compared rows. `columns` names the cells: the `to` version's columns for added rows,
 * the `from` version's for removed rows, the columns both share for changed rows (which carry
 * both sides).
 */
export const compareRowsSchema = z.object({
  kind: z.enum(COMPARE_KINDS),
  columns: z.array(columnSchema),
  rows: z.array(
    z.object({
      from: z.array(cellSchema).nullable(),
      to: z.array(cellSchema).nullable(),
    }),
  ),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type CompareRows = z.infer<typeof compareRowsSchema>;
