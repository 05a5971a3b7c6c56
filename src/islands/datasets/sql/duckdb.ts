/**
 * DuckDB-WASM for the SQL console, loaded only when the console opens (this module is imported
 * dynamically): the module and worker come from Sheaf itself (DUCKDB_ASSET_PATH), and the
 * version's Parquet file is read over HTTP range requests, so a query reads only the parts of the
 * file it needs.
 */
import * as duckdb from '@duckdb/duckdb-wasm';
import {
  DUCKDB_ASSET_PATH,
  SQL_MAX_ROWS,
  SQL_TABLE,
  resultCsvHead,
  resultCsvRow,
  sqlValueText,
} from '../../../lib/sql-console.ts';

/** What the console reads of an Arrow result table or record batch. */
type ArrowRows = {
  schema: { fields: { name: string }[] };
  numRows: number;
  numCols: number;
  getChildAt: (column: number) => { get: (row: number) => unknown } | null;
};

/**
 * `statement`: the statement that was run; `numeric`: per column, whether every value kept is a
 * number (shown right-aligned).
 */
export type SqlResult = {
  statement: string;
  columns: string[];
  numeric: boolean[];
  rows: string[][];
  total: number;
  ms: number;
};

const isNumber = (value: unknown) => typeof value === 'number' || typeof value === 'bigint';

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

/** A connection with the Parquet file at `url` as the table `t`. */
export async function connectTo(url: string): Promise<duckdb.AsyncDuckDBConnection> {
  const db = await open();
  const name = `v${Math.random().toString(36).slice(2)}.parquet`;
  await db.registerFileURL(name, url, duckdb.DuckDBDataProtocol.HTTP, false);
  const connection = await db.connect();
  await connection.query(
    `CREATE OR REPLACE VIEW ${SQL_TABLE} AS SELECT * FROM read_parquet('${name}')`,
  );
  return connection;
}

/** The rows `from` to `to` of a table or record batch as text; `see` is shown each value. */
function rowTexts(
  table: ArrowRows,
  from: number,
  to: number,
  see: (column: number, value: unknown) => void = () => {},
): string[][] {
  const vectors = table.schema.fields.map((_f, c) => table.getChildAt(c));
  const rows: string[][] = [];
  for (let r = from; r < to; r++) {
    rows.push(
      vectors.map((vector, c) => {
        const value = vector?.get(r);
        see(c, value);
        return sqlValueText(value);
      }),
    );
  }
  return rows;
}

/** Runs a statement; keeps the first SQL_MAX_ROWS rows as text and counts the rest. */
export async function run(
  connection: duckdb.AsyncDuckDBConnection,
  statement: string,
): Promise<SqlResult> {
  const started = performance.now();
  const table = (await connection.query(statement)) as unknown as ArrowRows;
  const ms = performance.now() - started;
  const columns = table.schema.fields.map((f) => f.name);
  const seen = columns.map(() => ({ numbers: 0, others: 0 }));
  const rows = rowTexts(table, 0, Math.min(table.numRows, SQL_MAX_ROWS), (c, value) => {
    if (value !== null && value !== undefined) seen[c]![isNumber(value) ? 'numbers' : 'others']++;
  });
  const numeric = seen.map((s) => s.numbers > 0 && s.others === 0);
  return { statement, columns, numeric, rows, total: table.numRows, ms };
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
  for await (const batch of await connection.send(result.statement)) {
    const rows = batch as unknown as ArrowRows;
    for (const row of rowTexts(rows, 0, rows.numRows)) text += resultCsvRow(row);
    if (text.length > CSV_PART) {
      parts.push(new Blob([text]));
      text = '';
    }
    written += rows.numRows;
    onRows(written);
  }
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
    await connection.query(`COPY ${subquery} TO '${name}' (FORMAT parquet)`);
    const bytes = await db.copyFileToBuffer(name);
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/vnd.apache.parquet' });
  } finally {
    await db.dropFile(name).catch(() => null);
  }
}
