import type { Db } from './client.ts';
import { withCompiledRows } from './compiled-rows.ts';

/** Gives every prepared select among `statements` (nested objects too) its compiled row mapper. */
function compileRows(statements: unknown): void {
  if (!statements || typeof statements !== 'object') return;
  if (typeof (statements as { execute?: unknown }).execute === 'function') {
    withCompiledRows(statements);
    return;
  }
  for (const value of Object.values(statements)) compileRows(value);
}

/**
 * Statements built once per database and prepared: named statements on PostgreSQL, parsed and
 * planned once per connection. A statement sent as text is planned on every call, which costs
 * PostgreSQL about 0.8 ms for a query on `datasets` (it weighs a dozen indexes) — more than
 * running it (docs/performance.md, "Prepared statements"). Their rows are mapped by a function
 * built once per statement (compiled-rows.ts).
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      compileRows(statements);
      built.set(db, statements);
    }
    return statements;
  };
}
