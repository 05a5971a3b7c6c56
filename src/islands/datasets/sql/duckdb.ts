/**
 * DuckDB-WASM for the SQL console, loaded only when the console opens (this module is imported
 * dynamically): the module and worker come from Sheaf itself (DUCKDB_ASSET_PATH), and the
 * version's Parquet file is read over HTTP range requests, so a query reads only the parts of the
 * file it needs.
 */
import * as duckdb from '@duckdb/duckdb-wasm';
import {
  DUCKDB_ASSET_PATH,
  SQL_TABLE,
  resultCsvHead,
  resultCsvRow,
} from '../../../lib/sql-console.ts';
import { keepRows, rowTexts, type ArrowRows, type KeptRows } from './kept-rows.ts';

/** `statement`: the statement that was run; `ms`: how long it took to run and read. */
export type SqlResult = KeptRows & { statement: string; ms: number };

let database: Promise<duckdb.AsyncDuckDB> | null = null;

function open(): Promise<duckdb.AsyncDuckDB> {
  database ??= (async () => {
    const asset = (file: string) => new URL(`${DUCKDB_ASSET_PATH}/${file}`, location.href).href;
    const bundle = await duckdb.selectBundle({
      mvp: {
        mainModule: asset('duckdb-mvp.wasm'),
        mainWorker: asset('duckdb-browser-mvp.worker.js'),
      },
      eh: { mainModule: asset('duckdb-eh.wasm'), mainWorker: asset('duckdb-browser-eh.worker.js') },
    });
    const worker = new Worker(bundle.mainWorker!);
    const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
    await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
    return db;
  })();
  return database;
}

export type SqlConnection = duckdb.AsyncDuckDBConnection;

/**
 * Registers the Parquet file at `url`, read over HTTP ranges; the name DuckDB reads it by
 * (`read_parquet('<name>')`).
 */
export async function attachFile(url: string): Promise<string> {
  const db = await open();
  const name = `v${Math.random().toString(36).slice(2)}.parquet`;
  await db.registerFileURL(name, url, duckdb.DuckDBDataProtocol.HTTP, false);
  return name;
}

/** A connection with the Parquet file at `url` as the table `t`. */
export async function connectTo(url: string): Promise<duckdb.AsyncDuckDBConnection> {
  const db = await open();
  const name = await attachFile(url);
  const connection = await db.connect();
  await connection.query(
    `CREATE OR REPLACE VIEW ${SQL_TABLE} AS SELECT * FROM read_parquet('${name}')`,
  );
  return connection;
}

/** A small statement's rows as text (DESCRIBE, the function list). */
async function textRows(connection: duckdb.AsyncDuckDBConnection, statement: string) {
  const table = (await connection.query(statement)) as unknown as ArrowRows;
  return rowTexts(table, 0, table.numRows);
}

/** The columns of `t` with their types, as DESCRIBE names them. */
export async function describeTable(
  connection: duckdb.AsyncDuckDBConnection,
): Promise<{ name: string; type: string }[]> {
  const rows = await textRows(connection, `DESCRIBE ${SQL_TABLE}`);
  return rows.map(([name = '', type = '']) => ({ name, type }));
}

/** The names of DuckDB's functions (scalar, aggregate, table), for completion. */
export async function functionNames(connection: duckdb.AsyncDuckDBConnection): Promise<string[]> {
  const rows = await textRows(
    connection,
    "SELECT DISTINCT function_name FROM duckdb_functions() WHERE NOT starts_with(function_name, '__') ORDER BY 1",
  );
  return rows.map(([name = '']) => name);
}

/**
 * Runs a statement and hands its result's record batches to `read` as DuckDB makes them. The
 * statement is prepared: a prepared statement's result streams out of DuckDB, where
 * `connection.send` (DuckDB-WASM 1.28) gathers the whole result inside DuckDB before handing out
 * its first batch. The statement is closed once read.
 */
async function streamed<R>(
  connection: duckdb.AsyncDuckDBConnection,
  statement: string,
  read: (batches: AsyncIterable<ArrowRows>) => Promise<R>,
): Promise<R> {
  const prepared = await connection.prepare(statement);
  try {
    const batches: unknown = await prepared.send();
    return await read(batches as AsyncIterable<ArrowRows>);
  } finally {
    await prepared.close().catch(() => undefined);
  }
}

/**
 * Runs a statement and reads its result as it streams (`keepRows`): the first SQL_MAX_ROWS rows
 * are kept as text and the rest counted. Null when `signal` is aborted before the result is read.
 */
export async function run(
  connection: duckdb.AsyncDuckDBConnection,
  statement: string,
  signal?: AbortSignal,
): Promise<SqlResult | null> {
  const started = performance.now();
  const kept = await streamed(connection, statement, (batches) => keepRows(batches, signal));
  return kept && { ...kept, statement, ms: performance.now() - started };
}

/** CSV text gathered before it is handed to a Blob, which the browser may keep on disk. */
const CSV_PART = 4 * 1024 * 1024;

/**
 * A result's every row as CSV, written as the rows kept are (`resultCsv`): the statement is run
 * again and its rows read batch by batch, so only one batch and one part of the text are held at
 * a time. `onRows` is told how many rows are written.
 */
export async function wholeCsv(
  connection: duckdb.AsyncDuckDBConnection,
  result: SqlResult,
  onRows: (rows: number) => void,
): Promise<Blob> {
  const parts: Blob[] = [];
  let text = resultCsvHead(result.columns);
  let written = 0;
  await streamed(connection, result.statement, async (batches) => {
    for await (const rows of batches) {
      for (const row of rowTexts(rows, 0, rows.numRows)) text += resultCsvRow(row);
      if (text.length > CSV_PART) {
        parts.push(new Blob([text]));
        text = '';
      }
      written += rows.numRows;
      onRows(written);
    }
  });
  return new Blob([...parts, text], { type: 'text/csv;charset=utf-8' });
}

/**
 * A result's every row as a Parquet file: DuckDB writes `COPY <subquery> TO` into its own
 * in-memory files (`subquery` from `sqlSubquery`), and the file is copied out and dropped.
 */
export async function wholeParquet(
  connection: duckdb.AsyncDuckDBConnection,
  subquery: string,
): Promise<Blob> {
  const db = await open();
  const name = `result-${Math.random().toString(36).slice(2)}.parquet`;
  try {
    // Registered before DuckDB writes it: a file DuckDB has to create itself is announced in the
    // console ("Buffering missing file") on every save.
    await db.registerEmptyFileBuffer(name);
    await connection.query(`COPY ${subquery} TO '${name}' (FORMAT parquet)`);
    const bytes = await db.copyFileToBuffer(name);
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/vnd.apache.parquet' });
  } finally {
    await db.dropFile(name).catch(() => null);
  }
}
