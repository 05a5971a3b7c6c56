/**
 * The SQL console's rules, shared by the page (src/islands/datasets/sql/) and the server that
 * hands out DuckDB-WASM (src/server/site/duckdb-assets.ts).
 */
import { CSV_BOM, CSV_LINE_END, csvRecord } from './tables/csv-writer.ts';

/** Where the server serves DuckDB-WASM's module and worker. */
export const DUCKDB_ASSET_PATH = '/duckdb';
/** The exception-handling build (every current browser) and the plain one as a fallback. */
export const DUCKDB_FILES = [
  'duckdb-eh.wasm',
  'duckdb-browser-eh.worker.js',
  'duckdb-mvp.wasm',
  'duckdb-browser-mvp.worker.js',
] as const;
/** The version's table is registered under this name. */
export const SQL_TABLE = 't';
/** Rows kept from one result (the rest are counted, not shown). */
export const SQL_MAX_ROWS = 10_000;
/** Rows per page of a result. */
export const SQL_PAGE_ROWS = 50;

/** A page of a result's rows: 1-based first and last row, and whether to page at all and which way. */
export type SqlPage = {
  first: number;
  last: number;
  paged: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
};

/** The page of `rows` kept rows that starts at `offset`. */
export const sqlPage = (rows: number, offset: number): SqlPage => ({
  first: offset + 1,
  last: Math.min(offset + SQL_PAGE_ROWS, rows),
  paged: rows > SQL_PAGE_ROWS,
  hasPrevious: offset !== 0,
  hasNext: offset + SQL_PAGE_ROWS < rows,
});

export const SQL_EXAMPLES = [
  `SELECT * FROM ${SQL_TABLE} LIMIT 10`,
  `SELECT count(*) FROM ${SQL_TABLE}`,
  `SUMMARIZE ${SQL_TABLE}`,
] as const;

const READ_ONLY = /^(select|with|from|values|describe|summarize|show|explain|table)$/;
/** Words that change data, files, settings or the session: refused anywhere outside quotes. */
const WRITING = new Set(
  (
    'insert update delete merge copy attach detach install load create drop alter pragma set ' +
    'reset export import call checkpoint vacuum truncate use begin commit rollback abort prepare ' +
    'execute deallocate'
  ).split(' '),
);

/** The end of a quoted text starting at `i` with `quote` (doubled quotes stay inside). */
function quotedEnd(sql: string, i: number, quote: string): number {
  let j = i + 1;
  for (;;) {
    const close = sql.indexOf(quote, j);
    if (close < 0) return sql.length;
    if (sql[close + 1] !== quote) return close + 1;
    j = close + 2;
  }
}

/** The end of a block comment starting at `i` (nested comments count, as in PostgreSQL). */
function commentEnd(sql: string, i: number): number {
  let depth = 0;
  for (let j = i; j < sql.length - 1; j += 1) {
    const pair = sql.slice(j, j + 2);
    if (pair === '/*') [depth, j] = [depth + 1, j + 1];
    else if (pair === '*/') [depth, j] = [depth - 1, j + 1];
    if (depth === 0) return j + 1;
  }
  return sql.length;
}

/**
 * The statement's words and semicolons outside quoted texts, quoted names, dollar-quoted texts
 * and comments, lower-cased, each with where it starts.
 */
export function bareTokens(sql: string): { text: string; at: number }[] {
  const tokens: { text: string; at: number }[] = [];
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    const dollar = /^\$([A-Za-z_]\w*)?\$/.exec(rest);
    if (rest.startsWith('--')) i = sql.indexOf('\n', i) < 0 ? sql.length : sql.indexOf('\n', i);
    else if (rest.startsWith('/*')) i = commentEnd(sql, i);
    else if (sql[i] === "'" || sql[i] === '"') i = quotedEnd(sql, i, sql[i]!);
    else if (dollar) {
      const close = sql.indexOf(dollar[0], i + dollar[0].length);
      i = close < 0 ? sql.length : close + dollar[0].length;
    } else {
      const word = /^[A-Za-z_][\w$]*/.exec(rest)?.[0];
      if (word) tokens.push({ text: word.toLowerCase(), at: i });
      else if (sql[i] === ';') tokens.push({ text: ';', at: i });
      i += word ? word.length : 1;
    }
  }
  return tokens;
}

/**
 * Whether a statement only reads: one statement (a trailing `;` allowed) that starts with
 * SELECT, WITH, FROM, VALUES, DESCRIBE, SUMMARIZE, SHOW, EXPLAIN or TABLE, and has none of the
 * words that write (WRITING) outside quotes — `WITH … INSERT` and `EXPLAIN ANALYZE COPY` run
 * the write. A column named like one of them can still be read when quoted ("set").
 */
export function isReadOnly(sql: string): boolean {
  const tokens = bareTokens(sql).map((token) => token.text);
  while (tokens.at(-1) === ';') tokens.pop();
  if (tokens.length === 0 || tokens.includes(';')) return false;
  return READ_ONLY.test(tokens[0]!) && !tokens.some((token) => WRITING.has(token));
}

/**
 * Whether a statement says ORDER BY anywhere outside quotes and comments. Without it, running the
 * statement again (to download the whole result) may give its rows in another order. An ORDER BY
 * that orders only a subquery or a window counts too: the check is a hint, not a proof.
 */
export function hasOrderBy(sql: string): boolean {
  const words = bareTokens(sql).map((token) => token.text);
  return words.some((word, i) => word === 'order' && words[i + 1] === 'by');
}

/** Statements DuckDB takes inside `COPY (…) TO`; not all of DESCRIBE, SUMMARIZE, SHOW, EXPLAIN. */
const QUERY = /^(select|with|from|values|table)$/;

/**
 * A read-only query as the subquery of `COPY (…) TO`, or null for a statement that is not a
 * query (DESCRIBE, SUMMARIZE, SHOW, EXPLAIN). Its trailing `;` (and any comment after it) is left
 * out, and it ends on a line of its own, so that a trailing `--` comment does not hide the closing
 * parenthesis. Only a statement that has run is wrapped, so its parentheses are balanced.
 */
export function sqlSubquery(sql: string): string | null {
  if (!isReadOnly(sql)) return null;
  const tokens = bareTokens(sql);
  if (!QUERY.test(tokens[0]!.text)) return null;
  const end = tokens.find((token) => token.text === ';')?.at ?? sql.length;
  return `(\n${sql.slice(0, end)}\n)`;
}

/** A result value as text: BigInt, dates, lists and structs included. */
export function sqlValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** The start of a result's CSV file: the byte order mark and the column names. */
export const resultCsvHead = (columns: readonly string[]) =>
  CSV_BOM + csvRecord(columns) + CSV_LINE_END;

/**
 * One row of a result as a CSV record with its line end. An empty value is written as NULL is:
 * nothing, or "" when it is the row's only field.
 */
export const resultCsvRow = (row: readonly string[]) =>
  csvRecord(row.map((v) => (v === '' ? null : v))) + CSV_LINE_END;

/**
 * A query result as a CSV file, as Sheaf's CSV downloads are written (byte order mark, CRLF):
 * its column names, then the rows kept (an empty value for NULL).
 */
export function resultCsv(
  columns: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  let csv = resultCsvHead(columns);
  for (const row of rows) csv += resultCsvRow(row);
  return csv;
}

/** What a result is downloaded as. */
export type ResultFormat = 'csv' | 'parquet';

/** The file name a downloaded result (or its chart) is saved under: dataset, version, when, format. */
export const resultFileName = (
  datasetId: number,
  version: number,
  at: Date,
  format: ResultFormat | 'svg' | 'png',
) =>
  `sheaf-${datasetId}-v${version}-query-${at.toISOString().slice(0, 19).replaceAll(':', '')}.${format}`;
