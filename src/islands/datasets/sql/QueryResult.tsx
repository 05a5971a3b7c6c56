import type { Dispatch, SetStateAction } from 'react';
import type { T } from '../../../i18n/index.ts';
import { SQL_MAX_ROWS, SQL_PAGE_ROWS, sqlPage } from '../../../lib/sql-console.ts';
import type { SqlResult } from './duckdb.ts';
import { ResultDownloads, type DownloadProps } from './ResultDownloads.tsx';

type ResultProps = {
  t: T;
  result: SqlResult;
  offset: number;
  onOffset: Dispatch<SetStateAction<number>>;
  download: DownloadProps;
};

/** A query's result: how many rows and how long it took, a page of its rows, and the pager. */
export function QueryResult({ t, result, offset, onOffset, download }: ResultProps) {
  const page = sqlPage(result.rows.length, offset);
  const capped = result.total > SQL_MAX_ROWS;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm" aria-live="polite" data-testid="sql-summary">
        {t(capped ? 'sql:resultCapped' : 'sql:result', {
          total: result.total,
          ms: Math.round(result.ms),
          kept: result.rows.length,
        })}
      </p>
      <ResultTable t={t} result={result} offset={offset} />
      {result.columns.length > 0 && <ResultDownloads t={t} result={result} {...download} />}
      {page.paged && (
        <div className="flex items-center gap-2 text-sm">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!page.hasPrevious}
            onClick={() => onOffset((o) => Math.max(0, o - SQL_PAGE_ROWS))}
          >
            {t('sql:previous')}
          </button>
          <span className="text-muted">
            {t('sql:rows', { first: page.first, last: page.last })}
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!page.hasNext}
            onClick={() => onOffset((o) => o + SQL_PAGE_ROWS)}
          >
            {t('sql:next')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The result's columns and the page of its rows from `offset`. */
function ResultTable({ t, result, offset }: { t: T; result: SqlResult; offset: number }) {
  const shown = result.rows.slice(offset, offset + SQL_PAGE_ROWS);
  return (
    <div
      className="max-h-[60vh] overflow-auto rounded-lg border border-line"
      role="region"
      aria-label={t('sql:region')}
      tabIndex={0}
    >
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            {result.columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                className={`sticky top-0 border-b border-line bg-canvas px-3 py-2 whitespace-nowrap ${
                  result.numeric[i] ? 'text-right' : 'text-left'
                }`}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, r) => (
            <tr key={offset + r} className="odd:bg-white even:bg-canvas">
              {row.map((value, c) => (
                <td
                  key={c}
                  className={`border-b border-line px-3 py-1.5 whitespace-nowrap${
                    result.numeric[c] ? ' text-right tabular-nums' : ''
                  }`}
                >
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
