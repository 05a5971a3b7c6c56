/**
 * Table content at scale: a 1,000,000-row, 8-column table (integers, numbers, booleans, dates,
 * datetimes, Chinese text, values that need CSV quoting) ingested into a blob and downloaded.
 * Each case runs in its own process to report its own peak RSS.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BenchFigure, BenchReport } from './report.ts';

const run = promisify(execFile);
const CASE = path.join(import.meta.dirname, 'tables-case.ts');
const RSS_TARGET_MB = 1024;

type CaseResult = {
  seconds: number;
  /** CPU time of the whole child process (user + system), steadier than wall time on a busy machine. */
  cpuSeconds: number;
  maxRssMb: number;
  sha256?: string;
  bytes?: number;
};

async function runCase(name: string, dir: string, sha = ''): Promise<CaseResult> {
  const { stdout } = await run(process.execPath, [CASE, name, dir, sha], {
    maxBuffer: 1 << 20,
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as CaseResult;
  console.log(`${name}: ${JSON.stringify(result)}`);
  return result;
}

const secs = (n: number) => `${n.toFixed(2)} s`;
const mb = (n: number) => `${n} MB`;

export async function runTablesBench(): Promise<BenchReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-bench-tables-'));
  try {
    const prepared = await runCase('prepare', dir);
    const csv = await runCase('ingest-csv', dir);
    const typed = await runCase('ingest-csv-typed', dir);
    const rows = await runCase('ingest-rows', dir);
    const download = await runCase('download-csv', dir, csv.sha256);
    const json = await runCase('download-json', dir, csv.sha256);
    const timed = (label: string, r: CaseResult, target: number): BenchFigure[] => [
      {
        label: `${label}: time`,
        value: `${secs(r.seconds)} (process CPU ${secs(r.cpuSeconds)})`,
        target: `< ${target} s`,
        ok: r.seconds < target,
      },
      {
        label: `${label}: peak RSS`,
        value: mb(r.maxRssMb),
        target: `< ${RSS_TARGET_MB} MB`,
        ok: r.maxRssMb < RSS_TARGET_MB,
      },
    ];
    const figures: BenchFigure[] = [
      {
        label: 'input CSV (1M rows × 8 columns)',
        value: mb(Math.round((prepared.bytes ?? 0) / 2 ** 20)),
      },
      ...timed('publish from CSV stream, types inferred', csv, 30),
      ...timed('publish from CSV stream, types declared', typed, 30),
      ...timed('publish from in-memory rows', rows, 30),
      ...timed('download as CSV', download, 10),
      ...timed('download as JSON', json, 10),
      {
        label: 'same sha256 from CSV and from rows',
        value: String(csv.sha256 === rows.sha256 && csv.sha256 === typed.sha256),
        ok: csv.sha256 === rows.sha256 && csv.sha256 === typed.sha256,
      },
    ];
    return { title: 'Tables: 1,000,000 rows', figures };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
