import { useState } from 'react';
import type { T } from '../../../i18n/index.ts';
import type { ResultFormat } from '../../../lib/sql-console.ts';
import ChartPanel from './ChartPanel.tsx';
import type { SqlConnection, SqlResult } from './duckdb.ts';
import { QueryResult } from './QueryResult.tsx';

type Props = {
  t: T;
  result: SqlResult;
  connection: SqlConnection;
  /** The file name a download of the result is saved under, by format or image type. */
  fileName: (format: ResultFormat | 'svg' | 'png') => string;
  onWriting: (writing: boolean) => void;
};

/** A result: its rows paged (from the first page for each new result), downloads, and a chart. */
export function ResultSection({ t, result, connection, fileName, onWriting }: Props) {
  const [paged, setPaged] = useState({ result, offset: 0 });
  const offset = paged.result === result ? paged.offset : 0;
  const [chart, setChart] = useState(false);
  return (
    <>
      <QueryResult
        t={t}
        result={result}
        offset={offset}
        onOffset={(next) =>
          setPaged({ result, offset: typeof next === 'function' ? next(offset) : next })
        }
        download={{ connection, fileName, onWriting }}
      />
      {result.columns.length > 0 && (
        <div>
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={chart}
            onClick={() => setChart((c) => !c)}
          >
            {t(chart ? 'sql:chart.hide' : 'sql:chart.show')}
          </button>
        </div>
      )}
      {chart && <ChartPanel t={t} result={result} fileName={fileName} />}
    </>
  );
}
