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
  sqlValueText,
} from '../../../lib/sql-console.ts';

/** What the console reads of an Arrow result table. */
type ArrowTable = {
  schema: { fields: { name: string }[] };
  numRows: number;
  get: (row: number) => unknown;
};

/** `numeric`: per column, whether every value kept is a number (shown right-aligned). */
export type SqlResult = {
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

/** Runs a statement; keeps the first SQL_MAX_ROWS rows as text and counts the rest. */
export async function run(
  connection: duckdb.AsyncDuckDBConnection,
  sql: string,
): Promise<SqlResult> {
  const started = performance.now();
  const table = (await connection.query(sql)) as unknown as ArrowTable;
  const ms = performance.now() - started;
  const columns = table.schema.fields.map((f) => f.name);
  const rows: string[][] = [];
  const seen = columns.map(() => ({ numbers: 0, others: 0 }));
  const kept = Math.min(table.numRows, SQL_MAX_ROWS);
  for (let r = 0; r < kept; r++) {
    const values = table.get(r) as Record<string, unknown> | null;
    rows.push(
      columns.map((c, i) => {
        const value = values?.[c];
        if (value !== null && value !== undefined)
          seen[i]![isNumber(value) ? 'numbers' : 'others']++;
        return sqlValueText(value);
      }),
    );
  }
  const numeric = seen.map((s) => s.numbers > 0 && s.others === 0);
  return { columns, numeric, rows, total: table.numRows, ms };
}
