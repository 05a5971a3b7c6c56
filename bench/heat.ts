/**
 * The hourly heat job at scale (issue "Profiled hot spots"): BENCH_HEAT_DATASETS datasets
 * (default 100,000 on PostgreSQL, 20,000 on the embedded database) seeded like the datasets
 * bench (ages spread over 70 days). For each database it times one run of the job an hour
 * after the last (ages shifted by an hour), the WAL it wrote (PostgreSQL), the slowest of a
 * stream of concurrent small requests (a read and a counted-download update every 10 ms — what
 * a visitor would wait), and the event loop's longest stall; then the same for the former
 * one-statement rewrite of every row, measured on the same data.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db, type DatabaseOptions } from '../src/server/db/client.ts';
import { datasets } from '../src/server/db/schema.ts';
import { HEAT_EXPRESSION, recomputeAllHeat } from '../src/server/services/datasets/heat.ts';
import { seed } from './datasets-seed.ts';
import type { BenchFigure, BenchReport } from './report.ts';

type Run = { ms: number; walMb: number | null; slowestMs: number; stallMs: number };

async function walLsn(db: Db, kind: string): Promise<bigint | null> {
  if (kind !== 'postgres') return null;
  const result = await db.execute(sql`select pg_current_wal_lsn() - '0/0'::pg_lsn as lsn`);
  const rows = (result as { rows: { lsn: string }[] }).rows;
  return BigInt(String(rows[0]!.lsn).split('.')[0]!);
}

/** Runs `job` while a visitor reads and counts a download every 10 ms; reports the slowest. */
async function measure(db: Db, kind: string, job: () => Promise<unknown>): Promise<Run> {
  await db.execute(sql`update datasets set created_at = created_at - interval '1 hour'`);
  if (kind === 'postgres') await db.execute(sql`vacuum analyze datasets`);
  const before = await walLsn(db, kind);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let done = false;
  let slowest = 0;
  const visitor = (async () => {
    for (let i = 0; !done; i++) {
      const started = performance.now();
      const id = 1 + ((i * 7919) % 1000);
      await db.execute(sql`select name from datasets where id = ${id}`);
      await db.execute(
        sql`update datasets set download_count = download_count + 1 where id = ${id}`,
      );
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const started = performance.now();
  await job();
  const ms = performance.now() - started;
  done = true;
  await visitor;
  loop.disable();
  const after = await walLsn(db, kind);
  return {
    ms,
    walMb: before === null || after === null ? null : Number(after - before) / 1e6,
    slowestMs: slowest,
    stallMs: loop.max / 1e6,
  };
}

async function benchOn(label: string, options: DatabaseOptions, count: number) {
  const database = await openDatabase(options);
  const { db, kind } = database;
  try {
    await seed(database, count, 1_000);
    await recomputeAllHeat(db); // heat as the job leaves it, then an hour passes in `measure`
    const batched = await measure(db, kind, () => recomputeAllHeat(db));
    const whole = await measure(db, kind, () => db.update(datasets).set({ heat: HEAT_EXPRESSION }));
    const line = (name: string, run: Run): BenchFigure[] => [
      { label: `${label} ${name}: run time`, value: `${(run.ms / 1000).toFixed(2)} s` },
      ...(run.walMb === null
        ? []
        : [
            {
              label: `${label} ${name}: WAL written`,
              value: `${run.walMb.toFixed(1)} MB`,
              ...(name === 'batched job' && { target: '< 50 MB', ok: run.walMb < 50 }),
            },
          ]),
      {
        label: `${label} ${name}: slowest visitor request`,
        value: `${run.slowestMs.toFixed(1)} ms`,
        ...(name === 'batched job' && { target: '< 100 ms', ok: run.slowestMs < 100 }),
      },
      {
        label: `${label} ${name}: longest event-loop stall`,
        value: `${run.stallMs.toFixed(1)} ms`,
      },
    ];
    return [...line('batched job', batched), ...line('former whole-table rewrite', whole)];
  } finally {
    await database.close();
  }
}

export async function runHeatBench(): Promise<BenchReport> {
  const figures: BenchFigure[] = [];
  const url = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  const pgCount = Number(process.env['BENCH_HEAT_DATASETS'] ?? 100_000);
  if (url) {
    const name = `sheaf_bench_heat_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      figures.push(
        ...(await benchOn(
          `PostgreSQL ${pgCount}`,
          { kind: 'postgres', url: String(target) },
          pgCount,
        )),
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  const embeddedCount = Number(process.env['BENCH_HEAT_EMBEDDED_DATASETS'] ?? 20_000);
  figures.push(
    ...(await benchOn(
      `embedded ${embeddedCount}`,
      { kind: 'pglite', dataDir: undefined },
      embeddedCount,
    )),
  );
  return { title: 'Heat job', figures };
}
