import { useEffect, useRef, useState } from 'react';
import { getT } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { apiBase } from '../../../lib/api/client.ts';
import { API_PREFIX } from '../../../lib/constants.ts';
import { numberFormat } from '../../../lib/intl.ts';
import {
  SQL_EXAMPLES,
  SQL_MAX_ROWS,
  SQL_PAGE_ROWS,
  SQL_TABLE,
  isReadOnly,
} from '../../../lib/sql-console.ts';
import type { SqlConnection, SqlResult } from './duckdb.ts';

type Props = { datasetId: number; versions: number[]; locale: Locale };

/** The console: a version, a query box with examples, and the paged result with its time. */
export default function ConsolePanel({ datasetId, versions, locale }: Props) {
  const t = getT(locale);
  const number = numberFormat(locale);
  const [version, setVersion] = useState(versions[0] ?? 1);
  const [sql, setSql] = useState<string>(SQL_EXAMPLES[0]);
  const [connection, setConnection] = useState<SqlConnection | null>(null);
  const [loadError, setLoadError] = useState('');
  const [busy, setBusy] = useState(true);
  const [result, setResult] = useState<SqlResult | null>(null);
  const [error, setError] = useState('');
  const [offset, setOffset] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let cancelled = false;
    const url = `${apiBase()}${API_PREFIX}/datasets/${datasetId}/versions/${version}/download?format=parquet`;
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

  const runQuery = async () => {
    setError('');
    setResult(null);
    if (!isReadOnly(sql)) {
      setError(t('sql:readOnly'));
      return;
    }
    if (!connection) return;
    setBusy(true);
    try {
      const { run } = await import('./duckdb.ts');
      setResult(await run(connection, sql));
      setOffset(0);
    } catch (err) {
      setError(
        t('common:common.withDetail', {
          text: t('sql:failed'),
          detail: err instanceof Error ? err.message : String(err),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  const shown = result?.rows.slice(offset, offset + SQL_PAGE_ROWS) ?? [];
  return (
    <section
      aria-labelledby="sql-console"
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
    >
      <h3 id="sql-console" className="font-bold">
        {t('sql:heading')}
      </h3>
      <p className="text-sm text-muted">{t('sql:intro', { version, table: SQL_TABLE })}</p>
      {loadError && (
        <p role="alert" className="text-sm text-danger">
          {loadError}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="field-label">{t('sql:version')}</span>
          <select
            className="field-input w-auto"
            value={version}
            onChange={(e) => {
              setBusy(true);
              setConnection(null);
              setVersion(Number(e.target.value));
            }}
          >
            {versions.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
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
                onClick={() => {
                  setSql(example);
                  box.current?.focus();
                }}
              >
                {example}
              </button>
            ))}
          </div>
        </div>
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
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !connection}
          onClick={() => void runQuery()}
        >
          {t('sql:run')}
        </button>
        <span id="sql-hint" className="text-xs text-muted">
          {t('sql:runHint')}
        </span>
        <span className="text-xs text-muted" aria-live="polite" data-testid="sql-status">
          {busy ? (connection ? t('sql:running') : t('sql:loading')) : ''}
        </span>
      </div>
      {error && (
        <p role="alert" className="text-sm break-words text-danger">
          {error}
        </p>
      )}
      {result && (
        <div className="flex flex-col gap-2">
          <p className="text-sm" aria-live="polite" data-testid="sql-summary">
            {t(result.total > SQL_MAX_ROWS ? 'sql:resultCapped' : 'sql:result', {
              total: number.format(result.total),
              ms: number.format(Math.round(result.ms)),
              kept: number.format(SQL_MAX_ROWS),
            })}
          </p>
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
                      className="sticky top-0 border-b border-line bg-canvas px-3 py-2 text-left whitespace-nowrap"
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
                      <td key={c} className="border-b border-line px-3 py-1.5 whitespace-nowrap">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.rows.length > SQL_PAGE_ROWS && (
            <div className="flex items-center gap-2 text-sm">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={offset === 0}
                onClick={() => setOffset((o) => Math.max(0, o - SQL_PAGE_ROWS))}
              >
                {t('sql:previous')}
              </button>
              <span className="text-muted">
                {t('sql:rows', {
                  first: number.format(offset + 1),
                  last: number.format(Math.min(offset + SQL_PAGE_ROWS, result.rows.length)),
                })}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={offset + SQL_PAGE_ROWS >= result.rows.length}
                onClick={() => setOffset((o) => o + SQL_PAGE_ROWS)}
              >
                {t('sql:next')}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
