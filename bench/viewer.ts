/**
 * The data viewer at 1,000,000 rows × 8 columns (the table of bench/tables-case.ts): writing the
 * Parquet copy, row pages (first, last, sorted, filtered by q and by column filters), column statistics, comparing two
 * versions, and the Parquet download. The table is published in one process, measured in another.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BenchFigure, BenchReport } from './report.ts';

const run = promisify(execFile);
const here = import.meta.dirname;

async function child(script: string, args: string[]): Promise<Record<string, number>> {
  const { stdout } = await run(process.execPath, [path.join(here, script), ...args], {
    maxBuffer: 1 << 20,
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
  console.log(`${script} ${args[0]}: ${JSON.stringify(result)}`);
  return result;
}

const ms = (n: number | undefined) => `${(n ?? NaN).toFixed(1)} ms`;
const secs = (n: number | undefined) => `${(n ?? NaN).toFixed(2)} s`;

const FILTER_CASES = [
  ['range', 'price between 100 and 200'],
  ['eq', 'city eq 深圳市 南山区'],
  ['contains', 'name contains 用户 12'],
] as const;

/** Filtered first pages (count + page, the count not yet kept) beside DuckDB on the file. */
function filteredFigures(r: Record<string, number>): BenchFigure[] {
  return FILTER_CASES.map(([name, label]) => {
    const p95 = r[`${name}P95`] ?? NaN;
    return {
      label: `filters: ${label}, p50 / p95 (DuckDB direct)`,
      value: `${ms(r[`${name}P50`])} / ${ms(p95)} (${ms(r[`${name}DirectP50`])} / ${ms(r[`${name}DirectP95`])})`,
      target: 'p95 < 150 ms',
      ok: p95 < 150,
    };
  });
}

export async function runViewerBench(): Promise<BenchReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-bench-viewer-'));
  try {
    await child('tables-case.ts', ['prepare', dir]);
    const ingested = await child('tables-case.ts', ['ingest-csv-typed', dir]);
    const r = await child('viewer-case.ts', [dir, String(ingested['sha256'])]);
    const first = r['first'] ?? NaN;
    const last = r['last'] ?? NaN;
    const figures: BenchFigure[] = [
      {
        label: 'publish: blob (CSV, types declared) + Parquet copy',
        value: `${secs(ingested['seconds'])} + ${secs(r['parquetSeconds'])}`,
        target: '< 30 s',
        ok: (ingested['seconds'] ?? 99) + (r['parquetSeconds'] ?? 99) < 30,
      },
      { label: 'Parquet file', value: `${Math.round((r['parquetBytes'] ?? 0) / 2 ** 20)} MB` },
      { label: 'first page (100 rows) p95', value: ms(first) },
      {
        label: 'page at offset 999,000 p95',
        value: `${ms(last)} (${(last / first).toFixed(2)}× the first)`,
        target: '< 50 ms and ≤ 2× the first',
        ok: last < 50 && last <= 2 * first,
      },
      { label: 'sorted by price, offset 999,000 p95', value: ms(r['sorted']) },
      { label: 'filtered q=南山 p95', value: ms(r['filtered']) },
      ...filteredFigures(r),
      {
        label: 'column statistics',
        value: secs(r['statsSeconds']),
        target: '< 5 s',
        ok: (r['statsSeconds'] ?? 99) < 5,
      },
      {
        label: 'compare two 1M-row versions by key',
        value: secs(r['keyedSeconds']),
        target: '< 5 s',
        ok: (r['keyedSeconds'] ?? 99) < 5,
      },
      {
        label: 'compare two 1M-row versions, whole rows',
        value: secs(r['wholeSeconds']),
        target: '< 5 s',
        ok: (r['wholeSeconds'] ?? 99) < 5,
      },
      {
        label: 'Parquet download',
        value: secs(r['downloadSeconds']),
        target: '< 3 s',
        ok: (r['downloadSeconds'] ?? 99) < 3,
      },
      {
        label: 'peak RSS (Parquet copy, queries, stats, compare)',
        value: `${r['maxRssMb']} MB`,
        target: '< 1024 MB',
        ok: (r['maxRssMb'] ?? 9999) < 1024,
      },
    ];
    return { title: 'Viewer: 1,000,000 rows', figures };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
