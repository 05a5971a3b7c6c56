/**
 * The SQL console's session as a store: the connection to DuckDB with the chosen version as `t`,
 * the statement being written, one run at a time, the result or the failure, and the other
 * datasets a statement names (`dataset(123)`, `dataset(123, 2)`), registered as it first runs.
 * The island only subscribes and calls the actions; DuckDB itself comes in as an `SqlEngine`, so
 * the session runs without a browser in its tests.
 */
import { map, type MapStore } from 'nanostores';
import type { T } from '../i18n/index.ts';
import { isReadOnly } from '../lib/sql-console.ts';
import {
  datasetRefs,
  pinnedDatasets,
  refKey,
  withDatasetFiles,
  type DatasetRef,
} from '../lib/sql-datasets.ts';
import { sqlFailure, type SqlFailure } from '../lib/sql-errors.ts';

export type SqlColumn = { name: string; type: string };

/** What the console asks of DuckDB (src/islands/datasets/sql/duckdb.ts in the browser). */
export type SqlEngine<C, R> = {
  /** A connection with the Parquet file at `url` as the table `t`. */
  connect: (url: string) => Promise<C>;
  /** The columns of `t` and their types. */
  columns: (connection: C) => Promise<SqlColumn[]>;
  /** DuckDB's function names, for completion. */
  functions: (connection: C) => Promise<string[]>;
  /** Registers the Parquet file at `url`; the name to read it by (`read_parquet('<name>')`). */
  attach: (connection: C, url: string) => Promise<string>;
  /** Runs a statement; null when stopped by `signal` before its result was read. */
  run: (connection: C, statement: string, signal: AbortSignal) => Promise<R | null>;
  close: (connection: C) => Promise<void>;
};

/**
 * Where DuckDB reads a dataset's version (the latest when `version` is null), and which version
 * that is; rejects when it does not exist or the visitor may not read it.
 */
export type SqlSources = {
  locate: (datasetId: number, version: number | null) => Promise<{ url: string; version: number }>;
};

type SqlPhase = 'connecting' | 'ready' | 'running' | 'closed';

export type SqlConsoleState<R> = {
  version: number;
  sql: string;
  phase: SqlPhase;
  /** DuckDB or the version's file could not be opened. */
  loadFailed: boolean;
  /** The columns of `t`, for the schema beside the editor and completion. */
  columns: SqlColumn[];
  /** DuckDB's function names, for completion (read once). */
  functions: string[];
  result: R | null;
  error: SqlFailure | null;
  /** The last statement run, each `dataset(id)` pinned to the version it read; null before. */
  pinnedSql: string | null;
};

export type SqlConsole<C, R> = {
  $console: MapStore<SqlConsoleState<R>>;
  /** Opens `version` as `t` (closing the connection before, and stopping what ran on it). */
  open: (version: number) => Promise<void>;
  setSql: (sql: string) => void;
  /** Runs the statement; does nothing while another runs or before the connection is open. */
  run: () => Promise<void>;
  /** Stops what runs and closes the connection (the console closing). */
  close: () => void;
  /** The open connection, for what reads a result again (its downloads); null when closed. */
  connection: () => C | null;
  /** `sql` with each `dataset(id)` pinned to the version this session read of it. */
  pin: (sql: string) => string;
};

/** A dataset a statement names that cannot be read. */
class UnreadableDataset extends Error {
  readonly ref: DatasetRef;
  constructor(ref: DatasetRef) {
    super(`dataset ${ref.id} cannot be read`);
    this.ref = ref;
  }
}

const unreadable = (t: T, { id, version }: DatasetRef): SqlFailure => ({
  summary:
    version === null
      ? t('sql:error.dataset', { id: String(id) })
      : t('sql:error.datasetVersion', { id: String(id), version: String(version) }),
  code: null,
});

/** What a session holds besides its store: the connection and what is registered on it. */
type Live<C> = {
  connection: C | null;
  /** The files of other datasets registered on the connection (by `refKey`), and their versions. */
  files: Map<string, string>;
  versionsRead: Map<string, number>;
  running: AbortController | null;
  /** Counts opens and closes: an open overtaken by another drops what it opened. */
  session: number;
};

type Deps<C, R> = {
  engine: SqlEngine<C, R>;
  sources: SqlSources;
  datasetId: number;
  t: T;
  $console: MapStore<SqlConsoleState<R>>;
  /** Keeps the statement that ran and its version (the page's address, so a reload reruns it). */
  remember?: ((sql: string, version: number) => void) | undefined;
};

/** The statement with the datasets it names registered and read from their files. */
async function withDatasets<C, R>(deps: Deps<C, R>, live: Live<C>, on: C, sql: string) {
  for (const ref of datasetRefs(sql)) {
    const key = refKey(ref.id, ref.version);
    if (live.files.has(key)) continue;
    const located = await deps.sources.locate(ref.id, ref.version).catch(() => {
      throw new UnreadableDataset(ref);
    });
    live.files.set(key, await deps.engine.attach(on, located.url));
    live.versionsRead.set(key, located.version);
  }
  return withDatasetFiles(sql, live.files);
}

/** Why a run failed, in the page's language. */
const failureOf = (t: T, err: unknown): SqlFailure =>
  err instanceof UnreadableDataset
    ? unreadable(t, err.ref)
    : sqlFailure(t, err instanceof Error ? err.message : String(err));

async function runStatement<C, R>(deps: Deps<C, R>, live: Live<C>) {
  const { $console, engine, t } = deps;
  const on = live.connection;
  const { sql } = $console.get();
  if (live.running || !on) return;
  if (!isReadOnly(sql)) {
    const error = { summary: t('sql:readOnly'), code: null };
    $console.set({ ...$console.get(), result: null, error });
    return;
  }
  const stop = new AbortController();
  live.running = stop;
  $console.set({ ...$console.get(), phase: 'running', result: null, error: null });
  try {
    const result = await engine.run(on, await withDatasets(deps, live, on, sql), stop.signal);
    if (!stop.signal.aborted) {
      const pinnedSql = pinnedDatasets(sql, live.versionsRead);
      $console.set({ ...$console.get(), result, pinnedSql });
      deps.remember?.(sql, $console.get().version);
    }
  } catch (err) {
    if (!stop.signal.aborted) $console.set({ ...$console.get(), error: failureOf(t, err) });
  } finally {
    if (live.running === stop) {
      live.running = null;
      $console.setKey('phase', 'ready');
    }
  }
}

async function openVersion<C, R>(deps: Deps<C, R>, live: Live<C>, version: number) {
  const { $console, engine } = deps;
  const mine = live.session;
  $console.set({
    ...$console.get(),
    version,
    phase: 'connecting',
    loadFailed: false,
    columns: [],
    result: null,
    error: null,
  });
  try {
    const { url } = await deps.sources.locate(deps.datasetId, version);
    const opened = await engine.connect(url);
    if (mine !== live.session) return void engine.close(opened).catch(() => undefined);
    Object.assign(live, { connection: opened, files: new Map(), versionsRead: new Map() });
    const columns = await engine.columns(opened).catch(() => []);
    const known = $console.get().functions;
    const functions = known.length > 0 ? known : await engine.functions(opened).catch(() => []);
    if (mine === live.session) {
      $console.set({ ...$console.get(), phase: 'ready', columns, functions });
    }
  } catch {
    if (mine === live.session) {
      $console.set({ ...$console.get(), phase: 'closed', loadFailed: true });
    }
  }
}

export function createSqlConsole<C, R>(options: {
  engine: SqlEngine<C, R>;
  sources: SqlSources;
  datasetId: number;
  version: number;
  sql: string;
  t: T;
  remember?: (sql: string, version: number) => void;
}): SqlConsole<C, R> {
  const $console = map<SqlConsoleState<R>>({
    version: options.version,
    sql: options.sql,
    phase: 'closed',
    loadFailed: false,
    columns: [],
    functions: [],
    result: null,
    error: null,
    pinnedSql: null,
  });
  const deps: Deps<C, R> = { ...options, $console };
  const live: Live<C> = {
    connection: null,
    files: new Map(),
    versionsRead: new Map(),
    running: null,
    session: 0,
  };
  const close = () => {
    live.session += 1;
    live.running?.abort();
    live.running = null;
    if (live.connection) void options.engine.close(live.connection).catch(() => undefined);
    live.connection = null;
    $console.setKey('phase', 'closed');
  };
  return {
    $console,
    open: async (version) => {
      close();
      await openVersion(deps, live, version);
    },
    setSql: (sql) => $console.setKey('sql', sql),
    run: () => runStatement(deps, live),
    close,
    connection: () => live.connection,
    pin: (sql) => pinnedDatasets(sql, live.versionsRead),
  };
}
