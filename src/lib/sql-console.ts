/**
 * The SQL console's rules, shared by the page (src/islands/datasets/sql/) and the server that
 * hands out DuckDB-WASM (src/server/site/duckdb-assets.ts).
 */

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

const READ_ONLY = /^(select|with|from|values|describe|summarize|show|explain|table)\b/i;

/** Comments and surrounding blanks removed, so the first word can be checked. */
const stripComments = (sql: string) =>
  sql
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .trim();

/**
 * Whether a statement only reads: one statement (a trailing `;` allowed) that starts with
 * SELECT, WITH, FROM, VALUES, DESCRIBE, SUMMARIZE, SHOW, EXPLAIN or TABLE.
 */
export function isReadOnly(sql: string): boolean {
  const text = stripComments(sql).replace(/;\s*$/, '');
  if (text === '') return false;
  // A second statement after a `;` outside quotes.
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === ';') return false;
  }
  return READ_ONLY.test(text);
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
