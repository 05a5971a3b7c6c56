/**
 * The viewer benchmark's measured process: `node bench/viewer-case.ts <dir> <sha256>` with the
 * 1M-row table of bench/tables-case.ts already in `<dir>/blobs`. Prints one JSON line.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createFsBlobStore } from '../src/server/blobs/fs-store.ts';
import { getConfig } from '../src/server/config.ts';
import { storedColumns } from '../src/server/tables/columns.ts';
import { compareCounts } from '../src/server/tables/compare.ts';
import { createTableEngine, literal } from '../src/server/tables/engine.ts';
import { writeParquet } from '../src/server/tables/parquet.ts';
import { rowsWhere, type CheckedFilter } from '../src/server/tables/filters.ts';
import { countRows, queryRows, type RowsRequest } from '../src/server/tables/query.ts';
import { readTable } from '../src/server/tables/read.ts';
import { computeStats } from '../src/server/tables/stats.ts';

const REPEATS = Number(process.env['BENCH_REPEATS'] ?? 30);
const rss = () => Math.round(process.resourceUsage().maxRSS / 1024);
const since = (start: number) => performance.now() - start;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const [dir = '', sha = ''] = process.argv.slice(2);
const blobs = await createFsBlobStore(path.join(dir, 'blobs'));
const tables = await createTableEngine({ root: blobs.root, ...getConfig({}).tables });
const { header, rows } = await readTable(blobs, sha);
await rows.return(undefined);

let start = performance.now();
const file = await writeParquet(tables, blobs, sha);
const parquetSeconds = since(start) / 1000;

const figures = await tables.use(async (connection) => {
  const columns = await storedColumns(connection, file, header);
  const count = 1_000_000;
  const p95 = async (request: RowsRequest) => {
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      await queryRows(connection, file, columns, request, count);
      times.push(since(t));
    }
    return percentile(times, 95);
  };
  const page = { offset: 0, limit: 100, order: 'asc' as const, where: null };
  const first = await p95(page);
  const last = await p95({ ...page, offset: 999_000 });
  const sorted = await p95({ ...page, offset: 999_000, order: 'desc', sort: 'price' });
  const filtered = await p95({ ...page, where: rowsWhere(columns, { q: '南山' }) });

  // A filtered page as the API reads it the first time: the count (not yet kept), then the page.
  const filteredPage = async (filters: CheckedFilter[]) => {
    const where = rowsWhere(columns, { filters });
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      const total = where === null ? count : await countRows(connection, file, where);
      await queryRows(connection, file, columns, { ...page, where }, total);
      times.push(since(t));
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  // The same pages asked of DuckDB directly, on the same Parquet file.
  const direct = async (condition: string) => {
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      await connection.runAndReadAll(
        `SELECT count(*) FROM read_parquet(${literal(file)}) WHERE ${condition}`,
      );
      await connection.runAndReadAll(
        `SELECT * FROM read_parquet(${literal(file)}) WHERE ${condition} LIMIT 100`,
      );
      times.push(since(t));
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const cases = {
    range: [{ column: 'price', op: 'between', values: [100, 200] }],
    eq: [{ column: 'city', op: 'eq', values: ['深圳市 南山区'] }],
    contains: [{ column: 'name', op: 'contains', values: ['用户 12'] }],
  } satisfies Record<string, CheckedFilter[]>;
  const conditions = {
    range: 'price BETWEEN 100 AND 200',
    eq: `city = '深圳市 南山区'`,
    contains: `contains(lower(name), '用户 12')`,
  };
  const filters: Record<string, number> = {};
  for (const [name, filter] of Object.entries(cases)) {
    const api = await filteredPage(filter);
    const duck = await direct(conditions[name as keyof typeof conditions]);
    Object.assign(filters, {
      [`${name}P50`]: api.p50,
      [`${name}P95`]: api.p95,
      [`${name}DirectP50`]: duck.p50,
      [`${name}DirectP95`]: duck.p95,
    });
  }

  let t = performance.now();
  await computeStats(connection, file, columns);
  const statsSeconds = since(t) / 1000;

  // A second version: every 1000th row gone, every 100th price changed.
  const other = path.join(blobs.root, 'tmp', 'other.parquet');
  await connection.run(
    `COPY (SELECT * REPLACE (CASE WHEN id % 100 = 0 THEN price + 1 ELSE price END AS price)
           FROM read_parquet(${literal(file)}) WHERE id % 1000 <> 0) TO ${literal(other)}
     (FORMAT parquet, COMPRESSION zstd)`,
  );
  const otherColumns = await storedColumns(connection, other, header);
  t = performance.now();
  const keyed = await compareCounts(
    connection,
    { file, columns },
    { file: other, columns: otherColumns },
    ['id'],
  );
  const keyedSeconds = since(t) / 1000;
  t = performance.now();
  const whole = await compareCounts(
    connection,
    { file, columns },
    { file: other, columns: otherColumns },
    undefined,
  );
  const wholeSeconds = since(t) / 1000;
  return {
    first,
    last,
    sorted,
    filtered,
    ...filters,
    statsSeconds,
    keyed,
    keyedSeconds,
    whole,
    wholeSeconds,
  };
});

start = performance.now();
let bytes = 0;
await pipeline(
  createReadStream(file),
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  }),
);
const downloadSeconds = since(start) / 1000;
tables.close();
console.log(
  JSON.stringify({
    parquetSeconds,
    parquetBytes: bytes,
    downloadSeconds,
    ...figures,
    maxRssMb: rss(),
  }),
);
