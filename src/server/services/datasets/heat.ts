import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, downloadMarks } from '../../db/schema.ts';
import { downloadWindowStart } from './rows.ts';
import { resultRows } from '../../db/result-rows.ts';

/**
 * Heat: how much attention a dataset gets, fading with age (see docs/datasets.md).
 *
 *   heat = (downloads + 3·favourites + 2·ratings·average/5 + 5·forks + 1) / (age_hours + 2)^1.5
 *
 * A favourite or a fork says more than a download; a rating counts by its score. The `+ 1` lets
 * a new dataset with no activity rank above an old one with no activity, and the age term
 * (gravity 1.5) makes yesterday's attention worth less than today's.
 *
 * A counter change writes the counter and the heat in one update, `heatOf` taking the
 * counter's new value in place of its column: a second update of a row the transaction has
 * already changed makes PostgreSQL check its foreign keys again, a key-share lock on the
 * owner's account, which deadlocks with that account's deletion (it holds the account and
 * waits for the dataset).
 */
export function heatOf(changed: Partial<HeatInputs> = {}): SQL {
  const v = { ...HEAT_INPUTS, ...changed };
  return sql`(
  ${v.downloads}
  + 3 * ${v.favorites}
  + 2 * ${v.ratings} * ${v.average} / 5.0
  + 5 * ${v.forks}
  + 1
) / power(greatest(extract(epoch from (now() - ${datasets.createdAt})), 0) / 3600.0 + 2, 1.5)`;
}

type HeatInputs = { downloads: SQL; favorites: SQL; ratings: SQL; average: SQL; forks: SQL };
const HEAT_INPUTS: HeatInputs = {
  downloads: sql`${datasets.downloadCount}`,
  favorites: sql`${datasets.favoriteCount}`,
  ratings: sql`${datasets.ratingCount}`,
  average: sql`${datasets.averageScore}`,
  forks: sql`${datasets.forkCount}`,
};

/** Heat from the stored counters. */
export const HEAT_EXPRESSION = heatOf();

/** Recomputes one dataset's heat; call it in the transaction that changed its counters. */
export async function recomputeHeat(tx: Db, datasetId: number): Promise<void> {
  await tx.update(datasets).set({ heat: HEAT_EXPRESSION }).where(eq(datasets.id, datasetId));
}

/** Rows per batch of the periodic recomputation: short transactions, short row locks. */
const HEAT_BATCH_SIZE = 250;

/**
 * A stored heat within this fraction of its recomputed value is left alone. Heat decays by
 * 1.5 / (age_hours + 2) per hour, so only datasets younger than about six days change by more
 * than 1 % an hour; older ones are rewritten only when their drift adds up (see docs/datasets.md).
 */
const HEAT_TOLERANCE = 0.01;

export type HeatRun = { scanned: number; updated: number };

/**
 * Recomputes heat for every dataset whose heat has drifted (ages change), in batches of
 * `HEAT_BATCH_SIZE` by id, each its own statement, yielding to the event loop between batches;
 * rows whose heat is still within `HEAT_TOLERANCE` are not rewritten. Then drops download
 * marks past their window.
 */
export async function recomputeAllHeat(db: Db, batchSize = HEAT_BATCH_SIZE): Promise<HeatRun> {
  const run: HeatRun = { scanned: 0, updated: 0 };
  let after = 0;
  for (;;) {
    // One statement a batch: take the next ids, rewrite those that drifted, report both.
    const result = await db.execute(sql`
      with batch as (
        select ${datasets.id} as id from ${datasets}
        where ${datasets.id} > ${after} order by ${datasets.id} limit ${batchSize}
      ), changed as (
        update ${datasets} set heat = ${HEAT_EXPRESSION}
        from batch
        where ${datasets.id} = batch.id
          and abs(${datasets.heat} - ${HEAT_EXPRESSION}) > ${HEAT_TOLERANCE} * ${HEAT_EXPRESSION}
        returning 1
      )
      select (select max(id) from batch) as last,
             (select count(*) from batch) as scanned,
             (select count(*) from changed) as updated`);
    const [row] = resultRows(result);
    if (!row || row['last'] === null) break;
    run.scanned += Number(row['scanned']);
    run.updated += Number(row['updated']);
    after = Number(row['last']);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db.delete(downloadMarks).where(lt(downloadMarks.countedAt, downloadWindowStart));
  return run;
}

/**
 * The embedded database (PGlite) runs no autovacuum: after a run it vacuums and analyses the
 * tables the job writes, so dead rows do not pile up and plans stay right.
 */
async function vacuumEmbedded(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) datasets`);
  await db.execute(sql`vacuum (analyze) download_marks`);
}

const HEAT_JOB_INTERVAL_MS = 60 * 60 * 1000;

/** The first run waits ten minutes, so a restart neither slows start-up nor repeats a run. */
const HEAT_JOB_FIRST_RUN_MS = 10 * 60 * 1000;

type JobLog = {
  error: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

/**
 * Runs `recomputeAllHeat` ten minutes after start and then every hour (on the embedded
 * database followed by a vacuum). Returns a function that stops it. A failed run is logged and
 * the next one tried at its time.
 */
export function startHeatJob(
  ctx: Context,
  log: JobLog = { error: (obj, msg) => console.error(msg, obj), info: () => undefined },
  intervalMs = HEAT_JOB_INTERVAL_MS,
  embedded = false,
): () => void {
  let running: Promise<void> | null = null;
  const once = async () => {
    const started = performance.now();
    const result = await recomputeAllHeat(ctx.db);
    if (embedded) await vacuumEmbedded(ctx.db);
    log.info({ ...result, ms: Math.round(performance.now() - started) }, 'heat recomputed');
  };
  const run = () => {
    running ??= once()
      .catch((err: unknown) => log.error({ err }, 'heat recomputation failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, Math.min(HEAT_JOB_FIRST_RUN_MS, intervalMs));
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
