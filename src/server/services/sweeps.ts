import type { Context } from '../context.ts';
import { sweepApiTokens } from './api-tokens.ts';
import { sweepBlobs } from './blob-sweep.ts';
import { sweepIdempotencyKeys } from './datasets/idempotency.ts';
import { sweepWebhookDeliveries } from './webhooks/hooks.ts';
import { sweepNotifications } from './notifications/inbox.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

type SweepLog = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * The hourly clean-ups: blob files no version references and derived files beside no blob
 * (`blob-sweep.ts`), tokens that ended more than 30 days ago (`api-tokens.ts`), publishes'
 * idempotency keys older than 24 hours (`datasets/idempotency.ts`), webhook deliveries finished
 * more than 30 days ago (`webhooks/hooks.ts`), and notifications older than NOTIFICATION_DAYS
 * (`notifications/inbox.ts`). Each runs at start-up and then every hour; a failed one is logged
 * and tried again at the next hour. Returns a function that stops them.
 */
export function startSweeps(ctx: Context, log: SweepLog): () => void {
  const sweeps: Record<string, () => Promise<object>> = {
    'blob sweep': () => sweepBlobs(ctx),
    'token sweep': () => sweepApiTokens(ctx.db),
    'idempotency key sweep': () => sweepIdempotencyKeys(ctx.db),
    'webhook delivery sweep': () => sweepWebhookDeliveries(ctx.db),
    'notification sweep': () => sweepNotifications(ctx.db),
  };
  const run = () => {
    for (const [name, sweep] of Object.entries(sweeps)) {
      sweep()
        .then((result) => log.info(result, name))
        .catch((err: unknown) => log.error({ err }, `${name} failed`));
    }
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
