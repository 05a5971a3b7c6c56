import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import {
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  saveQuery,
} from '../../../lib/api/sql.ts';
import { getDataset } from '../../../lib/api/datasets.ts';
import { SQL_EXAMPLES, SQL_TABLE, resultFileName } from '../../../lib/sql-console.ts';
import { errorOffset } from '../../../lib/sql-errors.ts';
import { createSavedQueries, type SavedQueriesApi } from '../../../stores/saved-queries.ts';
import { toast } from '../../../stores/toasts.ts';
import { createSqlConsole, type SqlConsoleState } from '../../../stores/sql-console.ts';
import { SQL_ADDRESS_MAX } from '../../../lib/tables/view-address.ts';
import { VersionSelect } from '../viewer/VersionSelect.tsx';
import type { SqlResult } from './duckdb.ts';
import { browserEngine, browserSources } from './engine.ts';
import { QueryError } from './QueryError.tsx';
import { ResultSection } from './ResultSection.tsx';
import { SavedQueries } from './SavedQueries.tsx';
import { SchemaList } from './SchemaList.tsx';
import SqlEditor from './SqlEditor.tsx';

export type ConsoleProps = {
  datasetId: number;
  versions: number[];
  locale: Locale;
  /** A statement to start with (a shared link's `?sql=`). */
  sql?: string | undefined;
  /** The version `t` starts as (a shared link's `?version=`); the latest by default. */
  version?: number | undefined;
  /** A saved query to open (a shared link's `?query=`). */
  queryId?: number | undefined;
  /** The owner's column descriptions, shown beside the editor. */
  descriptions?: Readonly<Record<string, string>> | undefined;
};

const savedQueriesApi: SavedQueriesApi = {
  list: async (datasetId) => {
    const [{ queries }, dataset] = await Promise.all([
      listSavedQueries(datasetId),
      getDataset(datasetId).catch(() => null),
    ]);
    return { queries, ownerId: dataset?.ownerId ?? null };
  },
  save: saveQuery,
  remove: deleteSavedQuery,
};

/** The address of this page with `params` as its query: what a shared link opens. */
const pageLink = (params: Record<string, string>) =>
  `${location.origin}${location.pathname}?${new URLSearchParams({ tab: 'sql', ...params }).toString()}`;

/**
 * What a shared link's address asks the console to open, `?sql=…&version=…` or `?query=…`, unless
 * the page names a statement or a saved query itself.
 */
function linkedQuery(props: ConsoleProps): ConsoleProps {
  if (props.sql !== undefined || props.queryId !== undefined) return props;
  const params = new URLSearchParams(location.search);
  const sql = params.get('sql');
  const version = Number(params.get('version'));
  const queryId = Number(params.get('query'));
  if (sql !== null) {
    return { ...props, sql, ...(Number.isSafeInteger(version) && version > 0 && { version }) };
  }
  return Number.isSafeInteger(queryId) && queryId > 0 ? { ...props, queryId } : props;
}

/**
 * The statement that ran, in the page's address (`?tab=sql&sql=…&version=…`, as a shared link
 * has it): a reload, or the address copied from the browser, opens it again. Replaced, not
 * added to the history: Back leaves the console rather than stepping through its runs.
 */
function rememberInAddress(sql: string, version: number) {
  if (sql.length > SQL_ADDRESS_MAX) return;
  const search = new URLSearchParams({ tab: 'sql', sql, version: String(version) });
  history.replaceState(history.state, '', `${location.pathname}?${search.toString()}`);
}

/** Copies the address that opens this statement on this version (`?sql=…&version=…`). */
function copyLink(t: T, sql: string, version: number) {
  void navigator.clipboard
    .writeText(pageLink({ sql, version: String(version) }))
    .then(() => toast({ title: t('sql:saved.linkCopied') }))
    .catch(() => undefined);
}

function useSession(given: ConsoleProps, t: T) {
  const [props] = useState(() => linkedQuery(given));
  const { datasetId, versions } = props;
  const [session] = useState(() =>
    createSqlConsole({
      engine: browserEngine,
      sources: browserSources,
      datasetId,
      version:
        props.version && versions.includes(props.version) ? props.version : (versions[0] ?? 1),
      sql: props.sql ?? SQL_EXAMPLES[0],
      t,
      remember: rememberInAddress,
    }),
  );
  const [saved] = useState(() => createSavedQueries(savedQueriesApi, datasetId));
  const [openFailed, setOpenFailed] = useState(false);
  useEffect(() => {
    void session.open(session.$console.get().version);
    void saved.load();
    return () => session.close();
  }, [session, saved]);
  useEffect(() => {
    if (props.queryId === undefined) return;
    getSavedQuery(datasetId, props.queryId)
      .then((query) => session.setSql(query.sql))
      .catch(() => setOpenFailed(true));
  }, [datasetId, props.queryId, session]);
  return { session, saved, openFailed };
}

/**
 * The console: a version as `t`, the SQL editor with the table's columns beside it, examples,
 * the result (paged, downloadable, drawn as a chart), and the queries saved on the dataset.
 */
export default function ConsolePanel(props: ConsoleProps) {
  const { datasetId, versions, locale } = props;
  const t = getT(locale);
  const { session, saved, openFailed } = useSession(props, t);
  const state = useStore(session.$console);
  const [writing, setWriting] = useState(false);
  const connection = session.connection();
  const busy = state.phase === 'connecting' || state.phase === 'running';
  const run = () => {
    if (!writing) void session.run();
  };

  return (
    <section
      aria-labelledby="sql-console"
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
    >
      <h3 id="sql-console" className="font-bold">
        {t('sql:heading')}
      </h3>
      <p className="text-sm text-muted">
        {t('sql:intro', { version: String(state.version), table: SQL_TABLE })}
      </p>
      {(state.loadFailed || openFailed) && (
        <p role="alert" className="text-sm text-danger">
          {t(state.loadFailed ? 'sql:loadFailed' : 'sql:saved.openFailed')}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <VersionSelect
          label={t('sql:version')}
          options={versions.map((v) => ({ version: v, text: String(v) }))}
          value={state.version}
          onVersion={(v) => void session.open(v)}
          disabled={writing}
        />
        <QueryExamples t={t} onExample={session.setSql} />
      </div>
      <EditorArea
        t={t}
        state={state}
        descriptions={props.descriptions ?? {}}
        onSql={session.setSql}
        onRun={run}
      />
      <RunBar
        t={t}
        busy={busy}
        writing={writing}
        connected={connection !== null && state.phase !== 'connecting'}
        onRun={run}
        onShare={() => copyLink(t, session.pin(state.sql), state.version)}
      />
      {state.error && <QueryError error={state.error} />}
      {state.result && connection && (
        <ResultSection
          t={t}
          result={state.result}
          connection={connection}
          fileName={(format) => resultFileName(datasetId, state.version, new Date(), format)}
          onWriting={setWriting}
        />
      )}
      <SavedQueries
        t={t}
        store={saved}
        sql={() => session.pin(session.$console.get().sql)}
        linkTo={(query) => pageLink({ query: String(query.id) })}
        onOpen={(query) => session.setSql(query.sql)}
      />
    </section>
  );
}

type EditorAreaProps = {
  t: T;
  state: SqlConsoleState<SqlResult>;
  descriptions: Readonly<Record<string, string>>;
  onSql: (sql: string) => void;
  onRun: () => void;
};

/** The editor, with the table's columns beside it (under it on a narrow screen). */
function EditorArea({ t, state, descriptions, onSql, onRun }: EditorAreaProps) {
  return (
    <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="field-label" aria-hidden="true">
          {t('sql:query')}
        </span>
        <SqlEditor
          label={t('sql:query')}
          describedBy="sql-hint"
          value={state.sql}
          columns={state.columns}
          functions={state.functions}
          errorAt={state.error ? errorOffset(state.sql, state.error.code) : null}
          onChange={onSql}
          onRun={onRun}
        />
      </div>
      <SchemaList t={t} columns={state.columns} descriptions={descriptions} />
    </div>
  );
}

/** Example queries: one click puts it in the editor. */
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

type RunBarProps = {
  t: T;
  busy: boolean;
  writing: boolean;
  connected: boolean;
  onRun: () => void;
  onShare: () => void;
};

/** The run button (not while a result is written to a file), its keyboard hint, and what the console is doing. */
function RunBar({ t, busy, writing, connected, onRun, onShare }: RunBarProps) {
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
      <button type="button" className="btn btn-secondary" onClick={onShare}>
        {t('sql:saved.copyLink')}
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
