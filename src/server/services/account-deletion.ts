import { and, asc, count, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountDeletion } from '../../contracts/users.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { transactionRetried } from '../db/deadlock.ts';
import {
  datasets,
  datasetVersions,
  favorites,
  proposals,
  ratings,
  users,
  watches,
} from '../db/schema.ts';
import { callerRow, confirmPassword, lockConfirmedAccount, type Confirmation } from './accounts.ts';
import { recount } from './dataset-counters.ts';
import { releaseBlobs } from './datasets/blob-refs.ts';
import { rememberDeleted } from './datasets/deleted.ts';
import { forgetPrivateOrigins } from './forks.ts';

/** What deleting the caller's account would delete (their datasets and versions) and keep. */
export async function accountDeletion(ctx: Context, userId: number): Promise<AccountDeletion> {
  const origin = alias(datasets, 'origin');
  const [[own], [forks]] = await Promise.all([
    ctx.db
      .select({
        datasets: count(),
        privateDatasets: sql<number>`count(*) filter (where not ${datasets.isPublic})::int`,
        versions: sql<number>`coalesce(sum(${datasets.latestVersion}), 0)::int`,
      })
      .from(datasets)
      .where(eq(datasets.ownerId, userId)),
    ctx.db
      .select({ n: count() })
      .from(datasets)
      .innerJoin(origin, eq(origin.id, datasets.forkedFromId))
      .where(and(eq(origin.ownerId, userId), ne(datasets.ownerId, userId))),
  ]);
  return {
    datasets: own?.datasets ?? 0,
    private_datasets: own?.privateDatasets ?? 0,
    versions: own?.versions ?? 0,
    forks_by_others: forks?.n ?? 0,
  };
}

/** The datasets whose counters the account's ratings, favourites, forks and watches are part of. */
async function touchedBy(tx: Db, userId: number) {
  const ids = (rows: { id: number | null }[]) =>
    new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
  const rated = await tx
    .select({ id: ratings.datasetId })
    .from(ratings)
    .where(eq(ratings.userId, userId));
  const favourited = await tx
    .select({ id: favorites.datasetId })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  const forked = await tx
    .select({ id: datasets.forkedFromId })
    .from(datasets)
    .where(and(eq(datasets.ownerId, userId), isNotNull(datasets.forkedFromId)));
  const watched = await tx
    .select({ id: watches.datasetId })
    .from(watches)
    .where(eq(watches.userId, userId));
  return {
    ratings: ids(rated),
    favorites: ids(favourited),
    forks: ids(forked),
    watches: ids(watched),
  };
}

/**
 * Deletes the caller's account after checking their password, in one transaction: their own
 * datasets (versions cascade), then the user (sessions, OAuth links, follows, favourites and
 * ratings cascade). Other datasets they rated, favourited or forked get their counters (and
 * heat) recounted. Forks others made of their datasets stay, with no origin (is_fork stays
 * true). After commit, blobs no version refers to any more are deleted.
 */
export async function deleteAccount(
  ctx: Context,
  userId: number,
  input: Confirmation,
): Promise<void> {
  const user = await callerRow(ctx, userId);
  await confirmPassword(ctx, user, input);

  // Two deletions at once lock each other's datasets in opposite orders when each account rated,
  // favourited or forked the other's: the deadlock's victim runs again, after the other.
  const hashes = await transactionRetried(ctx.db, async (tx) => {
    // The account row first: a write in its name locks it too (lockCaller) and is either
    // committed before the look at what the account touched, or finds no account after.
    await lockConfirmedAccount(tx, user, 'update', 'Password is incorrect');
    const touched = await touchedBy(tx, userId);
    const all = [
      ...new Set([...touched.ratings, ...touched.favorites, ...touched.forks, ...touched.watches]),
    ];

    // Counter changes lock the dataset row (see dataset-counters.ts). The datasets to recount
    // and the account's own are locked together, oldest first (an origin before its forks,
    // as deleting one dataset does), so a concurrent rating, favourite or deletion waits
    // instead of deadlocking.
    const locked = await tx
      .select({ id: datasets.id, ownerId: datasets.ownerId })
      .from(datasets)
      .where(
        all.length === 0
          ? eq(datasets.ownerId, userId)
          : or(eq(datasets.ownerId, userId), inArray(datasets.id, all)),
      )
      .orderBy(asc(datasets.id))
      .for('no key update');

    const versions = await tx
      .selectDistinct({ sha256: datasetVersions.sha256 })
      .from(datasetVersions)
      .innerJoin(datasets, eq(datasets.id, datasetVersions.datasetId))
      .where(eq(datasets.ownerId, userId));
    const proposed = await tx
      .selectDistinct({ sha256: proposals.proposedSha256 })
      .from(proposals)
      .innerJoin(datasets, eq(datasets.id, proposals.datasetId))
      .where(eq(datasets.ownerId, userId));

    await forgetPrivateOrigins(tx, eq(datasets.ownerId, userId));
    await rememberDeleted(tx, eq(datasets.ownerId, userId));
    await tx.delete(datasets).where(eq(datasets.ownerId, userId));
    await tx.delete(users).where(eq(users.id, userId));

    for (const { id, ownerId } of locked) {
      if (ownerId === userId) continue; // deleted with the account
      await recount(tx, id, {
        ratings: touched.ratings.has(id),
        favorites: touched.favorites.has(id),
        forks: touched.forks.has(id),
        watches: touched.watches.has(id),
      });
    }
    return [...versions, ...proposed].map((v) => v.sha256);
  });

  await releaseBlobs(ctx, hashes);
}
