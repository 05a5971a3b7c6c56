import { eq, lt, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, downloadMarks } from '../../db/schema.ts';
import { downloadWindowStart } from './rows.ts';

/**
 * Heat: how much attention a dataset gets, fading with age (see docs/datasets.md).
 *
 *   heat = (downloads + 3·favourites + 2·ratings·average/5 + 5·forks + 1) / (age_hours + 2)^1.5
 *
 * A favourite or a fork says more than a download; a rating counts by its score. The `+ 1` lets
 * a new dataset with no activity rank above an old one with no activity, and the age term
 * (gravity 1.5) makes yesterday's attention worth less than today's.
 */
export const HEAT_EXPRESSION = sql`(
  ${datasets.downloadCount}
  + 3 * ${datasets.favoriteCount}
  + 2 * ${datasets.ratingCount} * ${datasets.averageScore} / 5.0
  + 5 * ${datasets.forkCount}
  + 1
) / power(greatest(extract(epoch from (now() - ${datasets.createdAt})), 0) / 3600.0 + 2, 1.5)`;

/** Recomputes one dataset's heat; call it in the transaction that changed its counters. */
export async function recomputeHeat(tx: Db, datasetId: number): Promise<void> {
  await tx.update(datasets).set({ heat: HEAT_EXPRESSION }).where(eq(datasets.id, datasetId));
}

/** Recomputes every dataset's heat (ages change), and drops download marks past their window. */
export async function recomputeAllHeat(db: Db): Promise<void> {
  await db.update(datasets).set({ heat: HEAT_EXPRESSION });
  await db.delete(downloadMarks).where(lt(downloadMarks.countedAt, downloadWindowStart));
}

export const HEAT_JOB_INTERVAL_MS = 60 * 60 * 1000;

/** The first run waits a minute, so start-up is not slowed by it. */
export const HEAT_JOB_FIRST_RUN_MS = 60 * 1000;

/**
 * Runs `recomputeAllHeat` a minute after start and then every hour. Returns a function that
 * stops it. A failed run is logged and the next one tried at its time.
 */
export function startHeatJob(
  ctx: Context,
  log: { error: (obj: object, msg: string) => void } = {
    error: (obj, msg) => console.error(msg, obj),
  },
  intervalMs = HEAT_JOB_INTERVAL_MS,
): () => void {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= recomputeAllHeat(ctx.db)
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
