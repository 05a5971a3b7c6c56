import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { WEBHOOKS_MAX } from '../../../contracts/limits.ts';
import type {
  CreateWebhookBody,
  CreatedWebhook,
  DeliveryList,
  Webhook,
  WebhookDelivery,
  WebhookList,
} from '../../../contracts/webhooks.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, users } from '../../db/schema.ts';
import { watches, webhookDeliveries, webhooks } from '../../db/schema-living.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { accountGone } from '../accounts.ts';
import { datasetNotFound, visibleTo } from '../datasets/rows.ts';
import { AddressError, resolveTarget } from './address.ts';
import { resultRows } from '../../db/result-rows.ts';

/** Deliveries listed under each hook by GET /webhooks. */
const RECENT_DELIVERIES = 5;
/** Days a delivered or failed delivery stays in the log; then the hourly sweep deletes it. */
const DELIVERY_KEPT_DAYS = 30;

const wireHook = (row: typeof webhooks.$inferSelect): Webhook => ({
  id: row.id,
  url: row.url,
  dataset_id: row.datasetId,
  events: row.events,
  created_at: row.createdAt.toISOString(),
});

const wireDelivery = (row: typeof webhookDeliveries.$inferSelect): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  state: row.state,
  attempts: row.attempts,
  last_status: row.lastStatus,
  last_error: row.lastError,
  next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const webhookNotFound = () => notFound('Webhook', 'WEBHOOK_NOT_FOUND');

/** The URL's host resolves, and to public addresses only (unless the operator allows others). */
async function checkAddress(ctx: Context, url: string): Promise<void> {
  try {
    await resolveTarget(new URL(url), ctx.config.webhookAllowPrivate);
  } catch (err) {
    if (err instanceof AddressError) throw new AppError(400, err.code, err.message);
    throw err;
  }
}

/** A hook's one dataset: one the user may see (else 404) and owns or watches (else 400). */
async function checkDataset(tx: Db, userId: number, datasetId: number): Promise<void> {
  const [row] = await tx
    .select({
      ownerId: datasets.ownerId,
      watched: sql<boolean>`exists (select 1 from ${watches} where ${watches.userId} = ${userId}
        and ${watches.datasetId} = ${datasets.id})`,
    })
    .from(datasets)
    .where(and(eq(datasets.id, datasetId), visibleTo(userId)));
  if (!row) throw datasetNotFound();
  if (row.ownerId !== userId && !row.watched) {
    throw badRequest('A webhook may name only a dataset you own or watch; watch it first', [
      { field: 'dataset_id', message: 'must be a dataset you own or watch' },
    ]);
  }
}

/**
 * Refuses a hook beyond WEBHOOKS_MAX. The account row is locked first (as for tokens), so hooks
 * created at once are counted one after the other.
 */
async function reserveHook(tx: Db, userId: number): Promise<void> {
  const [holder] = await tx
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!holder?.isActive) throw accountGone();
  const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, userId));
  if ((held?.n ?? 0) >= WEBHOOKS_MAX) {
    throw new AppError(
      409,
      'WEBHOOK_LIMIT_REACHED',
      `At most ${WEBHOOKS_MAX} webhooks per user; delete one first`,
      { limit: WEBHOOKS_MAX },
    );
  }
}

/** The events asked for, each once; the column's default when none were. */
const eventsOf = (body: CreateWebhookBody) => (body.events ? [...new Set(body.events)] : undefined);

/** A new hook for the user; its secret is in the answer and never shown again. */
export async function createWebhook(
  ctx: Context,
  userId: number,
  body: CreateWebhookBody,
): Promise<CreatedWebhook> {
  await checkAddress(ctx, body.url);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.transaction(async (tx) => {
    await reserveHook(tx, userId);
    const datasetId = body.dataset_id ?? null;
    if (datasetId !== null) await checkDataset(tx, userId, datasetId);
    const [inserted] = await tx
      .insert(webhooks)
      .values({ userId, datasetId, url: body.url, secret, events: eventsOf(body) })
      .returning();
    return inserted!;
  });
  return { ...wireHook(row), secret };
}

/** The user's hooks, newest first, each with its last few deliveries. */
export async function listWebhooks(ctx: Context, userId: number): Promise<WebhookList> {
  const hooks = await ctx.db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  const ids = hooks.map((h) => h.id);
  const recent =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(webhookDeliveries)
          .where(
            and(
              inArray(webhookDeliveries.webhookId, ids),
              sql`${webhookDeliveries.id} in (select id from webhook_deliveries r
                where r.webhook_id = ${webhookDeliveries.webhookId}
                order by r.created_at desc, r.id desc limit ${RECENT_DELIVERIES})`,
            ),
          )
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return {
    webhooks: hooks.map((h) => ({
      ...wireHook(h),
      recent_deliveries: recent.filter((d) => d.webhookId === h.id).map(wireDelivery),
    })),
    max: WEBHOOKS_MAX,
  };
}

/** One of the user's hooks, or 404 (someone else's is 404 like a missing one). */
async function ownHook(ctx: Context, userId: number, id: number): Promise<void> {
  const [row] = await ctx.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  if (!row) throw webhookNotFound();
}

/** A hook's delivery log, newest first. */
export async function listDeliveries(
  ctx: Context,
  userId: number,
  id: number,
  limit: number,
): Promise<DeliveryList> {
  await ownHook(ctx, userId, id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return { deliveries: rows.map(wireDelivery) };
}

/** Deletes one of the user's hooks and its pending deliveries: nothing more is sent to it. */
export async function deleteWebhook(ctx: Context, userId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  if (deleted.length === 0) throw webhookNotFound();
}

/**
 * Deletes deliveries that were delivered or failed more than DELIVERY_KEPT_DAYS ago (run by the
 * hourly sweeps, `sweeps.ts`); pending ones stay whatever their age.
 */
export async function sweepWebhookDeliveries(db: Db): Promise<{ deleted: number }> {
  const deleted = await db.execute(sql`delete from webhook_deliveries
    where state <> 'pending'
      and created_at < now() - ${DELIVERY_KEPT_DAYS}::int * interval '1 day'
    returning id`);
  return { deleted: resultRows(deleted).length };
}
