/**
 * What changed between two 1,000,000 × 20 versions (docs/living-datasets.md, "What changed"):
 * the summary's table work (rows paired by key, and compared whole), beside DuckDB's own time
 * for a plain diff of the same two files. Version 2 changes one value in 1% of the rows, drops
 * 5,000 rows and adds 5,000.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { getConfig } from '../src/server/config.ts';
import type { StoredColumn } from '../src/server/tables/columns.ts';
import { rowChanges } from '../src/server/tables/changes.ts';
import { createTableEngine, literal } from '../src/server/tables/engine.ts';
import type { BenchReport } from './report.ts';

const ROWS = 1_000_000;

/** id, 9 integers, 5 numbers, 5 texts. */
const COLUMNS: StoredColumn[] = [
  { name: 'id', type: 'integer', storage: 'BIGINT' },
  ...Array.from({ length: 9 }, (_, i): StoredColumn => ({
    name: `i${i}`,
    type: 'integer',
    storage: 'BIGINT',
  })),
  ...Array.from({ length: 5 }, (_, i): StoredColumn => ({
    name: `n${i}`,
    type: 'number',
    storage: 'DOUBLE',
  })),
  ...Array.from({ length: 5 }, (_, i): StoredColumn => ({
    name: `s${i}`,
    type: 'string',
    storage: 'VARCHAR',
  })),
];

const values = (id: string, bump: string) =>
  [
    `${id} AS id`,
    ...Array.from(
      { length: 9 },
      (_, i) => `(${id} * ${i + 7}) % 1000 + ${i === 0 ? bump : '0'} AS i${i}`,
    ),
    ...Array.from({ length: 5 }, (_, i) => `(${id} % 977) / ${i + 3}.0 AS n${i}`),
    ...Array.from({ length: 5 }, (_, i) => `'city ' || ((${id} + ${i}) % 5000) AS s${i}`),
  ].join(', ');

async function writeVersions(connection: DuckDBConnection, a: string, b: string) {
  await connection.run(
    `COPY (SELECT ${values('x', '0')} FROM range(${ROWS}) r(x)) TO ${literal(a)} (FORMAT parquet)`,
  );
  // 1% of the rows change one value; ids 0 … 4,999 go; 5,000 new ids past the end come.
  await connection.run(
    `COPY (SELECT ${values('x', 'CASE WHEN x % 100 = 7 THEN 1 ELSE 0 END')}
           FROM range(5000, ${ROWS + 5000}) r(x)) TO ${literal(b)} (FORMAT parquet)`,
  );
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await work();
  return [result, (performance.now() - start) / 1000];
};

export async function runChangesBench(): Promise<BenchReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-changes-bench-'));
  const tables = await createTableEngine({ root: dir, ...getConfig({}).tables });
  try {
    const [a, b] = [path.join(dir, 'a.parquet'), path.join(dir, 'b.parquet')];
    const r = await tables.use(async (connection) => {
      await writeVersions(connection, a, b);
      const from = { file: a, columns: COLUMNS };
      const to = { file: b, columns: COLUMNS };
      const [keyed, keyedSeconds] = await timed(() => rowChanges(connection, from, to, ['id'], 10));
      const [whole, wholeSeconds] = await timed(() => rowChanges(connection, from, to, [], 10));
      const [, plainSeconds] = await timed(() =>
        connection.runAndReadAll(
          `SELECT (SELECT count(*) FROM (FROM read_parquet(${literal(b)}) EXCEPT ALL FROM read_parquet(${literal(a)}))),
                  (SELECT count(*) FROM (FROM read_parquet(${literal(a)}) EXCEPT ALL FROM read_parquet(${literal(b)})))`,
        ),
      );
      return { keyed, keyedSeconds, whole, wholeSeconds, plainSeconds };
    });
    console.log(
      `keyed: +${r.keyed.added} −${r.keyed.removed} ~${r.keyed.changed}; whole: +${r.whole.added} −${r.whole.removed}`,
    );
    const secs = (s: number) => `${s.toFixed(2)} s`;
    return {
      title: 'What changed: 1,000,000 rows × 20 columns, 1% changed',
      figures: [
        {
          label: 'summary rows, by key (counts, cells per column, examples)',
          value: secs(r.keyedSeconds),
          target: '< 30 s',
          ok: r.keyedSeconds < 30,
        },
        {
          label: 'summary rows, whole rows (no key)',
          value: secs(r.wholeSeconds),
          target: '< 30 s',
          ok: r.wholeSeconds < 30,
        },
        { label: 'DuckDB plain diff (EXCEPT ALL both ways)', value: secs(r.plainSeconds) },
      ],
    };
  } finally {
    tables.close();
    await rm(dir, { recursive: true, force: true });
  }
}
