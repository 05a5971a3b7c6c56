import type { SqlFailure } from '../../../lib/sql-errors.ts';

/** Why a query failed, in the page's language; DuckDB's statement and caret in a block. */
export function QueryError({ error }: { error: SqlFailure }) {
  return (
    <div role="alert" className="flex flex-col gap-1 text-sm text-danger">
      <p className="break-words">{error.summary}</p>
      {error.code && <pre className="overflow-x-auto text-xs">{error.code}</pre>}
    </div>
  );
}
