/**
 * Joins across datasets in the SQL console: `dataset(123)` (the latest version) or
 * `dataset(123, 2)` names another dataset's version in a statement. Each is found outside quoted
 * texts and comments, and replaced by a read of that version's Parquet file (docs/tables.md
 * "Joins across datasets").
 */
import { bareTokens } from './sql-console.ts';

/** A dataset named in a statement: its id, its version when given, and where the call stands. */
export type DatasetRef = { id: number; version: number | null; start: number; end: number };

const CALL = /^dataset\s*\(\s*([1-9]\d{0,9})\s*(?:,\s*([1-9]\d{0,9})\s*)?\)/i;

/** Every `dataset(id[, version])` call of the statement, in order. */
export function datasetRefs(sql: string): DatasetRef[] {
  return bareTokens(sql).flatMap(({ text, at }) => {
    if (text !== 'dataset') return [];
    const call = CALL.exec(sql.slice(at));
    if (!call) return [];
    return [
      {
        id: Number(call[1]),
        version: call[2] === undefined ? null : Number(call[2]),
        start: at,
        end: at + call[0].length,
      },
    ];
  });
}

/** The key of a dataset's version, as `versions` and `files` below are keyed. */
export const refKey = (id: number, version: number | null) => `${id}:${version ?? 'latest'}`;

/** The statement with each call replaced by `replace(ref)`. */
function replaced(sql: string, replace: (ref: DatasetRef) => string): string {
  let out = '';
  let from = 0;
  for (const ref of datasetRefs(sql)) {
    out += sql.slice(from, ref.start) + replace(ref);
    from = ref.end;
  }
  return out + sql.slice(from);
}

/** The statement as DuckDB runs it: each call read from its registered file (by `refKey`). */
export const withDatasetFiles = (sql: string, files: ReadonlyMap<string, string>) =>
  replaced(sql, (ref) => {
    const file = files.get(refKey(ref.id, ref.version));
    return file === undefined ? sql.slice(ref.start, ref.end) : `read_parquet('${file}')`;
  });

/**
 * The statement with each `dataset(id)` pinned to the version it read (`versions`, by `refKey`):
 * what a shared link or a saved query keeps, so that it reads the same rows later.
 */
export const pinnedDatasets = (sql: string, versions: ReadonlyMap<string, number>) =>
  replaced(sql, (ref) => {
    const text = sql.slice(ref.start, ref.end);
    const pinned = ref.version ?? versions.get(refKey(ref.id, null));
    return ref.version === null && pinned !== undefined ? `dataset(${ref.id}, ${pinned})` : text;
  });
