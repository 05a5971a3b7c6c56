import { createHash } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { IDEMPOTENCY_KEY_HOURS } from '../../../contracts/limits.ts';

/** A key answers with what it made for IDEMPOTENCY_KEY_HOURS; then the hourly sweep deletes it. */
const KEPT_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000;

/** A user's `Idempotency-Key` and what the request with it asks for. */
export type IdempotentRequest = { userId: number; key: string; fingerprint: string };

/** A publish's answer, and whether it is the one an earlier request with the key made. */
export type Published<T> = { made: T; replayed: boolean };

/** What a key's first request made: a dataset, or a version of one. */
export type Made = { datasetId: number; versionId: number | null };

/** A value with its object keys sorted, so that equal requests give equal text. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return Object.fromEntries(
    entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sortedKeys(v)]),
  );
}

/** The sha256 of what a request asks for (its fields and the stored table's hash and types). */
const fingerprintOf = (asked: object): string =>
  createHash('sha256')
    .update(JSON.stringify(sortedKeys(asked)))
    .digest('hex');

/** 409 IDEMPOTENCY_KEY_REUSED: the key's earlier request asked for something else. */
const keyReused = () =>
  conflict(
    'This Idempotency-Key was already used for a different request; send a new key for a new publish',
    'IDEMPOTENCY_KEY_REUSED',
  );

/** When a key still kept was made at the earliest (IDEMPOTENCY_KEY_HOURS ago). */
const keptSince = () => sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

/**
 * Before the work of a publish whose fingerprint is known without it (a patch, whose result
 * depends on the version it is applied to): what the key's earlier request made, or null when it
 * has none (or it is still under way: the claim then waits for it). 409 IDEMPOTENCY_KEY_REUSED
 * when the earlier request asked for something else.
 */
export async function earlierRequest(db: Db, req: IdempotentRequest): Promise<Made | null> {
  const [earlier] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, req.userId),
        eq(idempotencyKeys.key, req.key),
        gte(idempotencyKeys.createdAt, keptSince()),
      ),
    );
  if (!earlier) return null;
  if (earlier.fingerprint !== req.fingerprint) throw keyReused();
  if (earlier.datasetId === null) return null;
  return { datasetId: earlier.datasetId, versionId: earlier.versionId };
}

/**
 * In the transaction that publishes: claims the key, or answers what its earlier request made.
 * A request with the key under way holds its row until it commits, so the same key sent twice at
 * once makes one thing. A key older than 24 hours is taken as new. 409 IDEMPOTENCY_KEY_REUSED
 * when the earlier request asked for something else.
 */
export async function claimIdempotencyKey(tx: Db, req: IdempotentRequest): Promise<Made | null> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: req.userId, key: req.key, fingerprint: req.fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint: req.fingerprint,
        datasetId: null,
        versionId: null,
        createdAt: sql`now()`,
      },
      setWhere: lt(idempotencyKeys.createdAt, keptSince()),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [earlier] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, req.userId), eq(idempotencyKeys.key, req.key)));
  // Gone since the insert met it (its dataset deleted, or swept): the key is free again.
  if (!earlier) return claimIdempotencyKey(tx, req);
  if (earlier.fingerprint !== req.fingerprint || earlier.datasetId === null) throw keyReused();
  return { datasetId: earlier.datasetId, versionId: earlier.versionId };
}

/** In the same transaction, after the publish: records what the claimed key made. */
export async function recordIdempotencyKey(
  tx: Db,
  req: IdempotentRequest,
  made: Made,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set(made)
    .where(and(eq(idempotencyKeys.userId, req.userId), eq(idempotencyKeys.key, req.key)));
}

/** Deletes keys older than 24 hours (run by the hourly sweeps, `sweeps.ts`). */
export async function sweepIdempotencyKeys(db: Db, now = Date.now()): Promise<{ deleted: number }> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - KEPT_MS)))
    .returning({ key: idempotencyKeys.key });
  return { deleted: deleted.length };
}

/** The request a publish with `key` (if one was sent) is, asking for `asked`. */
export const idempotentRequest = (
  userId: number,
  key: string | undefined,
  asked: object,
): IdempotentRequest | undefined =>
  key === undefined ? undefined : { userId, key, fingerprint: fingerprintOf(asked) };
