import { useState } from 'react';
import type { T } from '../../../i18n/index.ts';
import {
  SQL_MAX_ROWS,
  hasOrderBy,
  resultCsv,
  sqlSubquery,
  type ResultFormat,
} from '../../../lib/sql-console.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { sqlFailure, type SqlFailure } from '../../../lib/sql-errors.ts';
import type { SqlConnection, SqlResult } from './duckdb.ts';
import { QueryError } from './QueryError.tsx';

export type DownloadProps = {
  /** The connection the result was read on, to run its statement again. */
  connection: SqlConnection;
  /** The name a downloaded result is saved under. */
  fileName: (format: ResultFormat) => string;
  /** Told when writing a file starts and ends: nothing else runs on the connection meanwhile. */
  onWriting: (writing: boolean) => void;
};

/** What is being written: the format, and for CSV how many rows so far. */
type Writing = { format: ResultFormat; rows: number };

/**
 * A result's download buttons. CSV holds the rows kept when they are the whole result; otherwise
 * — and always for Parquet — the statement runs again in DuckDB and every row is written.
 * Parquet is offered for queries only (`sqlSubquery`): DESCRIBE, SUMMARIZE, SHOW and EXPLAIN
 * cannot be written by `COPY`. Run again without ORDER BY, a result's rows may come in another
 * order than those shown, which a note under the buttons says.
 */
export function ResultDownloads({
  t,
  result,
  connection,
  fileName,
  onWriting,
}: DownloadProps & { t: T; result: SqlResult }) {
  const [writing, setWriting] = useState<Writing | null>(null);
  const [error, setError] = useState<SqlFailure | null>(null);
  const capped = result.total > SQL_MAX_ROWS;
  const subquery = sqlSubquery(result.statement);

  const write = async (format: ResultFormat) => {
    setError(null);
    if (format === 'csv' && !capped) {
      const csv = resultCsv(result.columns, result.rows);
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName('csv'));
      return;
    }
    setWriting({ format, rows: 0 });
    onWriting(true);
    try {
      const duck = await import('./duckdb.ts');
      const blob =
        format === 'parquet' && subquery !== null
          ? await duck.wholeParquet(connection, subquery)
          : await duck.wholeCsv(connection, result, (rows) => setWriting({ format, rows }));
      saveFile(blob, fileName(format));
    } catch (err) {
      setError(sqlFailure(t, err instanceof Error ? err.message : String(err)));
    } finally {
      setWriting(null);
      onWriting(false);
    }
  };

  const total = result.total;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={writing !== null}
          aria-busy={writing?.format === 'csv'}
          onClick={() => void write('csv')}
        >
          {capped ? t('sql:downloadAll', { total }) : t('sql:download')}
        </button>
        {subquery !== null && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={writing !== null}
            aria-busy={writing?.format === 'parquet'}
            onClick={() => void write('parquet')}
          >
            {capped ? t('sql:downloadAllParquet', { total }) : t('sql:downloadParquet')}
          </button>
        )}
        <span className="text-xs text-muted" aria-live="polite" data-testid="sql-writing">
          {writing?.format === 'csv' && t('sql:writingCsv', { rows: writing.rows, total })}
          {writing?.format === 'parquet' && t('sql:writingParquet')}
        </span>
      </div>
      {capped && !hasOrderBy(result.statement) && (
        <p className="text-xs text-muted">{t('sql:wholeOrder')}</p>
      )}
      {error && <QueryError error={error} />}
    </div>
  );
}
