import { sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { AddressError, resolveTarget } from './address.ts';
import { send, type Outcome } from './send.ts';

type JobLog = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * How the worker runs. `minuteMs` is how long the retry schedule's minute lasts (a minute, but
 * tests shorten it); the schedule and the 24 hours after which a delivery fails are counted in it.
 */
export type WorkerOptions = {
  /** How often due deliveries are looked for (a new one in this process wakes it at once). */
  pollMs?: number;
  minuteMs?: number;
  /** A claimed attempt is this process's for this long; after a crash, another may retry it. */
  leaseMs?: number;
  /** Longest wait for a receiver's answer. */
  timeoutMs?: number;
  /** Deliveries claimed at a time. */
  batch?: number;
};

/** Minutes between an attempt that failed and the next: 1, 5, 15, 60, then every 60. */
const RETRY_MINUTES = [1, 5, 15, 60];
/** Minutes after its creation past which a delivery is given up (`failed`). */
const GIVE_UP_MINUTES = 24 * 60;

type Claimed = {
  id: number;
  event: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
};

/** `ms` milliseconds as an SQL interval. */
const millis = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

/** Workers of this process, woken when a delivery is queued here (queue.ts). */
const workers = new Set<() => void>();

/** Starts every worker of this process at once instead of at its next poll. */
export const wakeWorkers = () => {
  for (const wake of workers) wake();
};

/**
 * Claims up to `batch` due deliveries: each one's attempt is counted and its next try moved a
 * lease ahead, in one statement, rows other processes hold skipped. Another process claims it
 * again only after the lease, so one attempt is sent by one process.
 */
async function claim(ctx: Context, leaseMs: number, batch: number): Promise<Claimed[]> {
  const result = await ctx.db.execute(sql`
    with due as (
      select id from webhook_deliveries
      where state = 'pending' and next_attempt_at <= now()
      order by next_attempt_at limit ${batch}
      for update skip locked
    ), claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = now() + ${millis(leaseMs)}
      from due where d.id = due.id
      returning d.id, d.webhook_id, d.event, d.body, d.attempts
    )
    select c.id, c.event, c.body, c.attempts, w.url, w.secret
    from claimed c join webhooks w on w.id = c.webhook_id`);
  return (result as { rows: Claimed[] }).rows;
}

/**
 * Writes what the attempt came to, unless the delivery was claimed again meanwhile (its
 * attempt count moved on): a 2xx delivers it; anything else is tried again on the schedule, or
 * fails when the next try would fall past 24 hours; a refused address fails at once.
 */
async function record(
  ctx: Context,
  d: Claimed,
  outcome: Outcome,
  minuteMs: number,
  final: boolean,
): Promise<void> {
  const mine = sql`id = ${d.id} and attempts = ${d.attempts} and state = 'pending'`;
  if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
    await ctx.db.execute(sql`update webhook_deliveries
      set state = 'delivered', delivered_at = now(), last_status = ${outcome.status},
        last_error = null
      where ${mine}`);
    return;
  }
  const delayMs = (RETRY_MINUTES[d.attempts - 1] ?? 60) * minuteMs;
  const next = sql`now() + ${millis(delayMs)}`;
  const giveUp = sql`created_at + ${millis(GIVE_UP_MINUTES * minuteMs)}`;
  const failed = final ? sql`true` : sql`${next} > ${giveUp}`;
  await ctx.db.execute(sql`update webhook_deliveries
    set last_status = ${outcome.status}, last_error = ${outcome.error},
      next_attempt_at = ${next},
      state = case when ${failed} then 'failed' else 'pending' end
    where ${mine}`);
}

type Run = Required<WorkerOptions> & { signal: AbortSignal };

/** One attempt at one claimed delivery: the address checked again, then the POST. */
async function attempt(ctx: Context, d: Claimed, run: Run): Promise<void> {
  let outcome: Outcome;
  let final = false;
  try {
    const url = new URL(d.url);
    const target = await resolveTarget(url, ctx.config.webhookAllowPrivate);
    outcome = await send({
      url,
      target,
      secret: d.secret,
      event: d.event,
      deliveryId: d.id,
      body: d.body,
      timeoutMs: run.timeoutMs,
      signal: run.signal,
    });
  } catch (err) {
    const address = err instanceof AddressError;
    outcome = { status: null, error: address ? `${err.code}: ${err.message}` : String(err) };
    final = address && err.code === 'WEBHOOK_ADDRESS_REFUSED';
  }
  // Stopped mid-send: left as a crash would leave it, retried once the lease ends.
  if (run.signal.aborted) return;
  await record(ctx, d, outcome, run.minuteMs, final);
}

/**
 * Sends due deliveries in the background until stopped (docs/webhooks.md, "Deliveries"). Any
 * number of processes may run one over the same database: each attempt is claimed by one.
 * Answers a function that stops it, abandoning the sends under way, and resolves once the
 * worker is idle.
 */
export function startWebhookWorker(
  ctx: Context,
  log: JobLog,
  options: WorkerOptions = {},
): () => Promise<void> {
  const aborter = new AbortController();
  const run: Run = {
    pollMs: 5_000,
    minuteMs: 60_000,
    leaseMs: 60_000,
    timeoutMs: 10_000,
    batch: 10,
    ...options,
    signal: aborter.signal,
  };
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    do {
      again = false;
      const claimed = await claim(ctx, run.leaseMs, run.batch);
      await Promise.all(claimed.map((d) => attempt(ctx, d, run)));
      if (claimed.length === run.batch) again = true;
    } while (again && !aborter.signal.aborted);
  };
  const wake = () => {
    if (aborter.signal.aborted) return;
    if (running) again = true;
    running ??= drain()
      .catch((err: unknown) => log.error({ err }, 'webhook deliveries failed'))
      .finally(() => {
        running = null;
      });
  };
  workers.add(wake);
  const timer = setInterval(wake, run.pollMs);
  timer.unref();
  wake();
  return async () => {
    workers.delete(wake);
    clearInterval(timer);
    aborter.abort();
    await running;
  };
}
