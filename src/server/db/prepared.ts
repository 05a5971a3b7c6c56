import type { Db } from './client.ts';

/**
 * Statements built once per database and prepared: named statements on PostgreSQL, parsed and
 * planned once per connection. A statement sent as text is planned on every call, which costs
 * PostgreSQL about 0.8 ms for a query on `datasets` (it weighs a dozen indexes) — more than
 * running it (docs/performance.md, "Prepared statements").
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
