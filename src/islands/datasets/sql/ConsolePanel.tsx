import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { getT, type T } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { apiBase } from '../../../lib/api/client.ts';
import { API_PREFIX } from '../../../lib/constants.ts';
import { SQL_EXAMPLES, SQL_TABLE, isReadOnly, resultFileName } from '../../../lib/sql-console.ts';
import { sqlFailure, type SqlFailure } from '../../../lib/sql-errors.ts';
import { QueryError } from './QueryError.tsx';
import type { SqlConnection, SqlResult } from './duckdb.ts';
import { QueryResult } from './QueryResult.tsx';
import { VersionSelect } from '../viewer/VersionSelect.tsx';

type Props = { datasetId: number; versions: number[]; locale: Locale; sql?: string | undefined };

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

  // Another version, or the console closing, closes the connection: a result still streaming
  // on it is let go inside DuckDB as well (the page has stopped reading it).
  useEffect(() => {
    let cancelled = false;
    let opened: SqlConnection | null = null;
    const close = (c: SqlConnection) => void c.close().catch(() => undefined);
    const url = parquetUrl(datasetId, version);
    import('./duckdb.ts')
      .then((duck) => duck.connectTo(url))
      .then((c) => {
        if (cancelled) return close(c);
        opened = c;
        setConnection(c);
      })
      .catch(() => {
        if (!cancelled) setLoadError(t('sql:loadFailed'));
      })
      .finally(() => {
        if (!cancelled) setBusy(false);
      });
    return () => {
      cancelled = true;
      if (opened) close(opened);
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
  initial: string,
) {
  const [sql, setSql] = useState<string>(initial || SQL_EXAMPLES[0]);
  // A result with the connection it was read on: another version's connection does not show it.
  const [ran, setRan] = useState<{ result: SqlResult; on: SqlConnection } | null>(null);
  const [error, setError] = useState<SqlFailure | null>(null);
  const [offset, setOffset] = useState(0);
  // While a result is written to a file, nothing else runs on the connection.
  const [writing, setWriting] = useState(false);
  // The query being read: one at a time (Ctrl+Enter while it runs does nothing, as the disabled
  // Run button), stopped when the connection changes (another version) or the console closes.
  const reading = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = reading;
    return () => {
      current.current?.abort();
      current.current = null;
    };
  }, [connection]);

  const runQuery = async () => {
    if (reading.current) return;
    setError(null);
    setRan(null);
    if (!isReadOnly(sql)) {
      setError({ summary: t('sql:readOnly'), code: null });
      return;
    }
    if (!connection || writing) return;
    const stop = new AbortController();
    reading.current = stop;
    setBusy(true);
    try {
      const { run } = await import('./duckdb.ts');
      const result = await run(connection, sql, stop.signal);
      if (result) setRan({ result, on: connection });
      setOffset(0);
    } catch (err) {
      if (!stop.signal.aborted) {
        setError(sqlFailure(t, err instanceof Error ? err.message : String(err)));
      }
    } finally {
      if (reading.current === stop) reading.current = null;
      // A stopped query's connection is gone; the next one's loading keeps `busy`.
      if (!stop.signal.aborted) setBusy(false);
    }
  };
  const result = ran?.on === connection ? ran.result : null;
  return { sql, setSql, result, error, offset, setOffset, runQuery, writing, setWriting };
}

/** The console: a version, a query box with examples, and the paged result with its time. */
export default function ConsolePanel({ datasetId, versions, locale, sql: initial }: Props) {
  const t = getT(locale);
  const { version, chooseVersion, connection, loadError, busy, setBusy } = useVersionConnection(
    t,
    datasetId,
    versions[0] ?? 1,
  );
  const { sql, setSql, result, error, offset, setOffset, runQuery, writing, setWriting } =
    useSqlQuery(t, connection, setBusy, initial ?? '');
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
          disabled={writing}
        />
        <QueryExamples
          t={t}
          onExample={(example) => {
            setSql(example);
            box.current?.focus();
          }}
        />
      </div>
      <QueryBox t={t} box={box} sql={sql} onSql={setSql} onRun={() => void runQuery()} />
      <RunBar
        t={t}
        busy={busy}
        writing={writing}
        connected={connection !== null}
        onRun={() => void runQuery()}
      />
      {error && <QueryError error={error} />}
      {result && connection && (
        <QueryResult
          t={t}
          result={result}
          offset={offset}
          onOffset={setOffset}
          download={{
            connection,
            fileName: (format) => resultFileName(datasetId, version, new Date(), format),
            onWriting: setWriting,
          }}
        />
      )}
    </section>
  );
}

type QueryBoxProps = {
  t: T;
  box: RefObject<HTMLTextAreaElement | null>;
  sql: string;
  onSql: (sql: string) => void;
  onRun: () => void;
};

/** The query box: Ctrl+Enter (⌘+Enter) runs the query. */
function QueryBox({ t, box, sql, onSql, onRun }: QueryBoxProps) {
  return (
    <>
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
        onChange={(e) => onSql(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onRun();
          }
        }}
      />
    </>
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

type RunBarProps = { t: T; busy: boolean; writing: boolean; connected: boolean; onRun: () => void };

/** The run button (not while a result is written to a file), its keyboard hint, and what the console is doing. */
function RunBar({ t, busy, writing, connected, onRun }: RunBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || writing || !connected}
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
