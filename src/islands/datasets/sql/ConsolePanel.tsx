import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { getT, type T } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { apiBase } from '../../../lib/api/client.ts';
import { API_PREFIX } from '../../../lib/constants.ts';
import { SQL_EXAMPLES, SQL_TABLE, isReadOnly, resultFileName } from '../../../lib/sql-console.ts';
import { sqlFailure, type SqlFailure } from '../../../lib/sql-errors.ts';
import type { SqlConnection, SqlResult } from './duckdb.ts';
import { QueryResult } from './QueryResult.tsx';
import { VersionSelect } from '../viewer/VersionSelect.tsx';

type Props = { datasetId: number; versions: number[]; locale: Locale };

/** The version's rows as Parquet, which DuckDB reads over HTTP. */
const parquetUrl = (datasetId: number, version: number) =>
  `${apiBase()}${API_PREFIX}/datasets/${datasetId}/versions/${version}/download?format=parquet`;

/**
 * DuckDB with the chosen version's table. `busy` while it opens — and, set by the query, while
 * a query runs.
 */
function useVersionConnection(t: T, datasetId: number, firstVersion: number) {
  const [version, setVersion] = useState(firstVersion);
  const [connection, setConnection] = useState<SqlConnection | null>(null);
  const [loadError, setLoadError] = useState('');
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const url = parquetUrl(datasetId, version);
    import('./duckdb.ts')
      .then((duck) => duck.connectTo(url))
      .then((c) => {
        if (!cancelled) setConnection(c);
      })
      .catch(() => {
        if (!cancelled) setLoadError(t('sql:loadFailed'));
      })
      .finally(() => {
        if (!cancelled) setBusy(false);
      });
    return () => {
      cancelled = true;
    };
  }, [datasetId, version, t]);

  const chooseVersion = (next: number) => {
    setBusy(true);
    setConnection(null);
    setVersion(next);
  };
  return { version, chooseVersion, connection, loadError, busy, setBusy };
}

/** The query being written, and the result of running it (read-only statements only). */
function useSqlQuery(
  t: T,
  connection: SqlConnection | null,
  setBusy: Dispatch<SetStateAction<boolean>>,
) {
  const [sql, setSql] = useState<string>(SQL_EXAMPLES[0]);
  const [result, setResult] = useState<SqlResult | null>(null);
  const [error, setError] = useState<SqlFailure | null>(null);
  const [offset, setOffset] = useState(0);

  const runQuery = async () => {
    setError(null);
    setResult(null);
    if (!isReadOnly(sql)) {
      setError({ summary: t('sql:readOnly'), code: null });
      return;
    }
    if (!connection) return;
    setBusy(true);
    try {
      const { run } = await import('./duckdb.ts');
      setResult(await run(connection, sql));
      setOffset(0);
    } catch (err) {
      setError(sqlFailure(t, err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(false);
    }
  };
  return { sql, setSql, result, error, offset, setOffset, runQuery };
}

/** The console: a version, a query box with examples, and the paged result with its time. */
export default function ConsolePanel({ datasetId, versions, locale }: Props) {
  const t = getT(locale);
  const { version, chooseVersion, connection, loadError, busy, setBusy } = useVersionConnection(
    t,
    datasetId,
    versions[0] ?? 1,
  );
  const { sql, setSql, result, error, offset, setOffset, runQuery } = useSqlQuery(
    t,
    connection,
    setBusy,
  );
  const box = useRef<HTMLTextAreaElement>(null);

  return (
    <section
      aria-labelledby="sql-console"
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
    >
      <h3 id="sql-console" className="font-bold">
        {t('sql:heading')}
      </h3>
      <p className="text-sm text-muted">
        {t('sql:intro', { version: String(version), table: SQL_TABLE })}
      </p>
      {loadError && (
        <p role="alert" className="text-sm text-danger">
          {loadError}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <VersionSelect
          label={t('sql:version')}
          options={versions.map((v) => ({ version: v, text: String(v) }))}
          value={version}
          onVersion={chooseVersion}
        />
        <QueryExamples
          t={t}
          onExample={(example) => {
            setSql(example);
            box.current?.focus();
          }}
        />
      </div>
      <label htmlFor="sql-query" className="field-label">
        {t('sql:query')}
      </label>
      <textarea
        id="sql-query"
        ref={box}
        className="field-input min-h-24 font-mono text-sm"
        value={sql}
        spellCheck={false}
        aria-describedby="sql-hint"
        onChange={(e) => setSql(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void runQuery();
          }
        }}
      />
      <RunBar t={t} busy={busy} connected={connection !== null} onRun={() => void runQuery()} />
      {error && <QueryError error={error} />}
      {result && (
        <QueryResult
          t={t}
          result={result}
          offset={offset}
          onOffset={setOffset}
          fileName={() => resultFileName(datasetId, version, new Date())}
        />
      )}
    </section>
  );
}

/** Example queries: one click puts it in the query box. */
function QueryExamples({ t, onExample }: { t: T; onExample: (example: string) => void }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="field-label" id="sql-examples">
        {t('sql:examples')}
      </span>
      <div className="flex flex-wrap gap-2" role="group" aria-labelledby="sql-examples">
        {SQL_EXAMPLES.map((example) => (
          <button
            key={example}
            type="button"
            className="btn btn-secondary font-mono text-xs"
            onClick={() => onExample(example)}
          >
            {example}
          </button>
        ))}
      </div>
    </div>
  );
}

type RunBarProps = { t: T; busy: boolean; connected: boolean; onRun: () => void };

/** The run button, its keyboard hint, and what the console is doing. */
function RunBar({ t, busy, connected, onRun }: RunBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || !connected}
        onClick={onRun}
      >
        {t('sql:run')}
      </button>
      {/* A touch screen has no Ctrl key to press; screen readers still read it (aria-describedby). */}
      <span id="sql-hint" className="text-xs text-muted pointer-coarse:hidden">
        {t('sql:runHint')}
      </span>
      <span className="text-xs text-muted" aria-live="polite" data-testid="sql-status">
        {busy ? (connected ? t('sql:running') : t('sql:loading')) : ''}
      </span>
    </div>
  );
}

/** Why the query failed, in the page's language; DuckDB's statement and caret in a block. */
function QueryError({ error }: { error: SqlFailure }) {
  return (
    <div role="alert" className="flex flex-col gap-1 text-sm text-danger">
      <p className="break-words">{error.summary}</p>
      {error.code && <pre className="overflow-x-auto text-xs">{error.code}</pre>}
    </div>
  );
}
