import { isRecord } from '../../contracts/narrowing.ts';

/**
 * The rows of a raw statement's result (`db.execute(sql…)`): PGlite and node-postgres both
 * answer `{ rows }`; the query builder's type does not say so.
 */
export function resultRows(result: unknown): Record<string, unknown>[] {
  const rows: unknown = isRecord(result) ? result['rows'] : undefined;
  return Array.isArray(rows) ? rows.filter(isRecord) : [];
}
