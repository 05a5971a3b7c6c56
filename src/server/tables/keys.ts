import type { DuckDBConnection } from '@duckdb/node-api';
import { canonicalText, numberedSource, POSITION, type StoredColumn } from './columns.ts';
import { ident } from './engine.ts';

/**
 * The first row, in table order, whose key breaks the key's rules: `empty` when one of its key
 * values is missing or blank text, `duplicate` when an earlier row (`first`) has the same key.
 * Rows are 1-based; `values` are the row's key values as canonical text.
 */
export type KeyProblem = {
  kind: 'empty' | 'duplicate';
  row: number;
  first: number;
  values: (string | null)[];
};

/**
 * Checks a version's Parquet file against its key in one pass (a window over the key), and
 * returns the first problem, or null when every key is present and unique.
 */
export async function firstKeyProblem(
  connection: DuckDBConnection,
  file: string,
  columns: StoredColumn[],
  key: string[],
): Promise<KeyProblem | null> {
  const keyed = key.map((name) => columns.find((c) => c.name === name)!);
  const values = keyed.map((c, i) => `${canonicalText(c)} AS k${i}`).join(', ');
  const names = keyed.map((_, i) => `k${i}`);
  const empty = names.map((k) => `(${k} IS NULL OR trim(${k}) = '')`).join(' OR ');
  const reader = await connection.runAndReadAll(
    `SELECT n, first, empty, ${names.join(', ')} FROM (
       SELECT n, ${names.join(', ')}, ${empty} AS empty,
              min(n) OVER w AS first, row_number() OVER w AS copy
       FROM (SELECT ${POSITION} AS n, ${values} FROM ${numberedSource(file, columns)})
       WINDOW w AS (PARTITION BY ${names.join(', ')} ORDER BY n))
     WHERE empty OR copy = 2 ORDER BY n LIMIT 1`,
  );
  const [row] = reader.getRows();
  if (!row) return null;
  const [n, first, isEmpty, ...cells] = row;
  return {
    kind: isEmpty ? 'empty' : 'duplicate',
    row: Number(n) + 1,
    first: Number(first) + 1,
    values: cells.map((c) => (c === null ? null : String(c))),
  };
}

/** `"id" = 3, "year" = 2020`: a key's values as a message shows them. */
export const keyText = (key: string[], values: (string | null)[]) =>
  key.map((name, i) => `${ident(name)} = ${values[i] ?? 'null'}`).join(', ');
