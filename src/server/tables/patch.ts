import type { DuckDBConnection } from '@duckdb/node-api';
import type { VersionMode } from '../../contracts/limits.ts';
import { canonicalText, numberedSource, POSITION, type StoredColumn } from './columns.ts';

export type PatchMode = Exclude<VersionMode, 'replace'>;

/**
 * A patch against the latest version's Parquet file: `columns` are the file's, `key` the
 * indexes of the key's columns among them, `stage` a table of the patch's rows as canonical text
 * (`p` their order, then `c0…` in the file's column order, or only the key's columns, in the
 * key's order, for `delete`).
 */
export type PatchSource = {
  file: string;
  columns: StoredColumn[];
  key: number[];
  stage: string;
};

/** The latest version's rows as canonical text, `n` their order, `c0…` their values. */
const latestRows = (s: PatchSource) =>
  `SELECT ${POSITION} AS n, ${s.columns.map((c, i) => `${canonicalText(c)} AS c${i}`).join(', ')}
   FROM ${numberedSource(s.file, s.columns)}`;

/** A patch row (`p`) and a latest row (`l`) with the same key. */
function sameKey(s: PatchSource, mode: PatchMode): string {
  return s.key
    .map((column, i) => `l.c${column} = p.${mode === 'delete' ? `c${i}` : `c${column}`}`)
    .join(' AND ');
}

/** The new version's rows, in order, as canonical text in the file's columns. */
export function patchedQuery(s: PatchSource, mode: PatchMode): string {
  const all = s.columns.map((_, i) => `c${i}`);
  const from = `(${latestRows(s)}) l`;
  if (mode === 'append') {
    return `SELECT ${all.join(', ')} FROM (
      SELECT 0 AS part, n AS pos, ${all.join(', ')} FROM (${latestRows(s)})
      UNION ALL SELECT 1, p, ${all.join(', ')} FROM ${s.stage}) ORDER BY part, pos`;
  }
  if (mode === 'delete') {
    return `SELECT ${all.map((c) => `l.${c}`).join(', ')} FROM ${from}
      ANTI JOIN ${s.stage} p ON ${sameKey(s, mode)} ORDER BY l.n`;
  }
  const chosen = all.map((c) => `CASE WHEN p.p IS NULL THEN l.${c} ELSE p.${c} END AS ${c}`);
  return `SELECT ${all.join(', ')} FROM (
    SELECT 0 AS part, l.n AS pos, coalesce(p.p, -1) AS sub, ${chosen.join(', ')}
    FROM ${from} LEFT JOIN ${s.stage} p ON ${sameKey(s, mode)}
    UNION ALL
    SELECT 1, p.p, 0, ${all.map((c) => `p.${c}`).join(', ')}
    FROM ${s.stage} p ANTI JOIN ${from} ON ${sameKey(s, mode)})
  ORDER BY part, pos, sub`;
}

/**
 * The first row of a delete patch (1-based, with its key values) whose key no row of the latest
 * version has, or null when every key is found.
 */
export async function firstMissingKey(
  connection: DuckDBConnection,
  s: PatchSource,
): Promise<{ row: number; values: (string | null)[] } | null> {
  const keys = s.key.map((_, i) => `p.c${i}`);
  const reader = await connection.runAndReadAll(
    `SELECT p.p, ${keys.join(', ')} FROM ${s.stage} p
     ANTI JOIN (${latestRows(s)}) l ON ${sameKey(s, 'delete')} ORDER BY p.p LIMIT 1`,
  );
  const [found] = reader.getRows();
  if (!found) return null;
  const [p, ...values] = found;
  return { row: Number(p) + 1, values: values.map((v) => (v === null ? null : String(v))) };
}

/** Creates the stage table: `p` then `count` text columns. */
export const stageTable = (stage: string, count: number) =>
  `CREATE TEMP TABLE ${stage} (p INTEGER, ${Array.from(
    { length: count },
    (_, i) => `c${i} VARCHAR`,
  ).join(', ')})`;
