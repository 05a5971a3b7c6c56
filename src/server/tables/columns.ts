import type { DuckDBConnection } from '@duckdb/node-api';
import { ident, literal } from './engine.ts';
import { fromBigint } from './big-integer.ts';
import type { AttributeType, Cell, TableHeader } from './types.ts';

/** A column as stored in a version's Parquet file: its Sheaf type and its DuckDB type. */
export type StoredColumn = { name: string; type: AttributeType; storage: string };

/** `read_parquet` of one file: its rows in its columns. */
export const parquetSource = (file: string) => `read_parquet(${literal(file)})`;

/**
 * The name `numberedSource` gives a row's 0-based position in its version. Column names are
 * trimmed, so none starts with a space and none can take this one.
 */
export const POSITION = ident(' position');

/**
 * The rows of one file, each with its position as POSITION. DuckDB gives the position as the
 * column `file_row_number`, whose conditions Parquet's row-group statistics narrow to the groups
 * holding those rows. A table with a column of that name (DuckDB names ignore case) hides it, so
 * its rows are numbered as they are read instead (every column renamed to itself, so that a
 * column named `ordinality` cannot hide the count either), which reads every row group.
 */
export function numberedSource(file: string, columns: StoredColumn[]): string {
  const hidden = columns.some((c) => c.name.toLowerCase() === 'file_row_number');
  if (!hidden) return `(SELECT *, file_row_number AS ${POSITION} FROM ${parquetSource(file)})`;
  const names = [...columns.map((c) => ident(c.name)), POSITION].join(', ');
  return `(SELECT * REPLACE (${POSITION} - 1 AS ${POSITION})
           FROM ${parquetSource(file)} WITH ORDINALITY AS numbered(${names}))`;
}

/** The file's columns with the types the version declares (the DB's header is authoritative). */
export async function storedColumns(
  connection: DuckDBConnection,
  file: string,
  header: TableHeader,
): Promise<StoredColumn[]> {
  const described = await connection.runAndReadAll(
    `DESCRIBE SELECT * FROM read_parquet(${literal(file)})`,
  );
  const storage = new Map(described.getRows().map(([name, type]) => [String(name), String(type)]));
  return header.attributes.map((name) => ({
    name,
    type: header.attributeTypes[name] ?? 'string',
    storage: storage.get(name) ?? 'VARCHAR',
  }));
}

const TIMESTAMP_TEXT = (expr: string) =>
  `regexp_replace(strftime(${expr}, '%Y-%m-%dT%H:%M:%S.%f'), '\\.?0+$', '')`;

/**
 * SQL giving a column's values in their canonical Sheaf form (docs/tables.md): dates as
 * `YYYY-MM-DD`, datetimes with seconds, the fraction's trailing zeros dropped, `Z` when UTC.
 */
export function canonicalExpr(column: StoredColumn, source = ident(column.name)): string {
  switch (column.storage) {
    case 'DATE':
      // Not CAST: DuckDB writes year 0000 (1 BC) as `0001-… (BC)`.
      return `strftime(${source}, '%Y-%m-%d')`;
    case 'TIMESTAMP':
      return TIMESTAMP_TEXT(source);
    case 'TIMESTAMP WITH TIME ZONE':
      return `${TIMESTAMP_TEXT(source)} || 'Z'`;
    default:
      return source;
  }
}

/**
 * SQL giving what a column's values are ordered by (sorting, minimum, maximum): the stored value,
 * except for datetimes kept as text (finer than microseconds, or UTC mixed with local times),
 * ordered without their `Z`, since as text `…00.5Z` would come before `…00Z`.
 */
export function orderKey(column: StoredColumn, source = ident(column.name)): string {
  return column.type === 'datetime' && column.storage === 'VARCHAR'
    ? `rtrim(${source}, 'Z')`
    : source;
}

/**
 * SQL giving a DOUBLE as Sheaf's canonical text of a number, which is JavaScript's String()
 * (`2`, `1.5`, `1e-7`, `123456789012`, `1e+21`): the blob, the downloads and a number declared
 * as text all write it so. DuckDB writes the same shortest digits its own way (`2.0`, `1e-07`,
 * `1.2345678901234568e+20`): in plain notation it adds `.0` to whole numbers; it uses an
 * exponent outside 1e-4 … 1e16, where JavaScript does outside 1e-7 … 1e21, and pads the
 * exponent to two digits.
 */
function numberText(source: string): string {
  const text = `CAST(${source} AS VARCHAR)`;
  const exponent = `CAST(split_part(${text}, 'e', 2) AS INTEGER)`;
  const digits = `replace(split_part(ltrim(${text}, '-'), 'e', 1), '.', '')`;
  const sign = `CASE WHEN ${source} < 0 THEN '-' ELSE '' END`;
  return `CASE
    WHEN NOT contains(${text}, 'e') THEN regexp_replace(${text}, '\\.0$', '')
    WHEN ${exponent} < -6 OR ${exponent} > 20 THEN regexp_replace(${text}, 'e([+-])0*', 'e\\1')
    WHEN ${exponent} < 0 THEN ${sign} || '0.' || repeat('0', -${exponent} - 1) || ${digits}
    ELSE ${sign} || ${digits} || repeat('0', ${exponent} + 1 - length(${digits}))
  END`;
}

/**
 * SQL giving a column's values as Sheaf's canonical text, the text a CSV download writes:
 * what compares a value with one of another type.
 */
export function canonicalText(column: StoredColumn, source = ident(column.name)): string {
  if (column.storage === 'DOUBLE') return numberText(source);
  return `CAST(${canonicalExpr(column, source)} AS VARCHAR)`;
}

/** A DuckDB result value as a Sheaf cell (a BIGINT past ±(2^53−1) as a big integer, exact). */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return fromBigint(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
    return value;
  }
  return JSON.stringify(value) ?? null;
}

/** Whether values of this type are ordered numbers or instants (histograms, mean). */
export const isNumeric = (type: AttributeType) => type === 'integer' || type === 'number';
export const isTemporal = (type: AttributeType) => type === 'date' || type === 'datetime';
