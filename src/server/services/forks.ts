import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Dataset } from '../../contracts/datasets.ts';
import type { ForkBody } from '../../contracts/community.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { transactionRetried } from '../db/deadlock.ts';
import { datasets, datasetVersions, users } from '../db/schema.ts';
import { forbidden, nullIfNotFound } from '../errors.ts';
import { accountGone, isAccountActive, lockCaller } from './accounts.ts';
import { announce } from './activity.ts';
import { lockVisible, recount } from './dataset-counters.ts';
import { getDataset } from './datasets/browse.ts';
import { forgetCounts } from './datasets/counts.ts';
import { recomputeHeat } from './datasets/heat.ts';
import { datasetNotFound, lockOwned, now, searchTextOf, statedOfRow } from './datasets/rows.ts';

/**
 * Forks a dataset the caller may see into a new dataset of theirs. The fork gets its own
 * version rows that point at the same content-addressed blobs (nothing is copied), and the
 * source's tags, language, licence, citation, card and column descriptions. Name, description and visibility default to the source's.
 * Refused with 403 FORK_NOT_ALLOWED when the owner disallowed forks (an owner may always
 * fork their own dataset).
 *
 * The source row stays locked until the fork is committed, so the source (and with it the
 * last references to its blobs) cannot be deleted half-way.
 */
export async function forkDataset(
  ctx: Context,
  viewerId: number,
  sourceId: number,
  body: ForkBody,
): Promise<Dataset> {
  const input = body ?? {};
  // Waiting for the source's row, a fork can be picked as the victim of a deadlock it only
  // queues behind (docs/reliability.md): it kept nothing, wrote no file, and runs again.
  const forkId = await transactionRetried(ctx.db, async (tx) => {
    const locked = await lockVisible(tx, sourceId, viewerId);
    if (!locked.allowFork && locked.ownerId !== viewerId)
      throw forbidden('The owner does not allow forks of this dataset', 'FORK_NOT_ALLOWED');
    const [source] = await tx.select().from(datasets).where(eq(datasets.id, sourceId));
    if (!source) throw new Error('locked dataset vanished');
    const [author] =
      source.ownerId === null
        ? []
        : await tx
            .select({ nickname: users.nickname })
            .from(users)
            .where(eq(users.id, source.ownerId));
    const name = input.name ?? source.name;
    const description = input.description ?? source.description;
    const [fork] = await tx
      .insert(datasets)
      .values({
        ownerId: viewerId,
        name,
        description,
        isPublic: input.is_public ?? source.isPublic,
        tags: source.tags,
        // The licence travels with the data; so do its language, how to cite it and its card.
        ...statedOfRow(source),
        columnDescriptions: source.columnDescriptions,
        searchText: searchTextOf(name, description, source.tags),
        forkedFromId: source.id,
        isFork: true,
        // A name is recorded only from a public source: a private one's is never shown to
        // others, not even after it is deleted (see forgetPrivateOrigins).
        originName: source.isPublic ? source.name : null,
        originAuthor: author?.nickname ?? null,
        latestVersion: source.latestVersion,
      })
      .returning({ id: datasets.id });
    if (!fork) throw new Error('insert returned no row');
    const v = datasetVersions;
    await tx.execute(sql`
      insert into ${v} (${sql.join(
        [
          v.datasetId,
          v.version,
          v.changelog,
          v.attributes,
          v.attributeTypes,
          v.entriesCount,
          v.byteSize,
          v.sha256,
          v.preview,
          v.mode,
          v.changeSummary,
          v.createdAt,
        ].map((c) => sql.identifier(c.name)),
        sql`, `,
      )})
      select ${fork.id}::integer, ${v.version}, ${v.changelog}, ${v.attributes}, ${v.attributeTypes},
        ${v.entriesCount}, ${v.byteSize}, ${v.sha256}, ${v.preview}, ${v.mode},
        ${v.changeSummary}, ${v.createdAt}
      from ${v} where ${v.datasetId} = ${source.id}`);
    await recomputeHeat(tx, fork.id);
    await recount(tx, source.id, { forks: true });
    return fork.id;
  });
  forgetCounts(ctx.db);
  await announce(ctx, { kind: 'dataset.forked', actorId: viewerId, datasetId: sourceId, forkId });
  // The account may be deleted, and the fork with it, as soon as the fork is committed.
  const fork = await nullIfNotFound(getDataset(ctx, forkId, viewerId));
  if (fork) return fork;
  throw (await isAccountActive(ctx.db, viewerId)) ? datasetNotFound() : accountGone();
}

/** PUT /datasets/{id}/fork-settings: the owner allows or disallows forks (403 / 404 for others). */
export async function setForkSettings(
  ctx: Context,
  viewerId: number,
  id: number,
  allowForks: boolean,
): Promise<Dataset> {
  await transactionRetried(ctx.db, async (tx) => {
    await lockCaller(tx, viewerId);
    await lockOwned(tx, id, viewerId);
    await tx
      .update(datasets)
      .set({ allowFork: allowForks, updatedAt: now })
      .where(eq(datasets.id, id));
  });
  return getDataset(ctx, id, viewerId);
}

/**
 * Before datasets are deleted (`deleting` picks them): forks of the private ones forget the
 * origin's recorded name and author. Others could not see that name while the origin existed
 * (`fork_credit` was null), so they do not see it once it is gone either, and deleting a private
 * dataset changes nothing they can see.
 */
export async function forgetPrivateOrigins(tx: Db, deleting: SQL): Promise<void> {
  const privateOnes = tx
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(deleting, eq(datasets.isPublic, false)));
  await tx
    .update(datasets)
    .set({ originName: null, originAuthor: null })
    .where(inArray(datasets.forkedFromId, privateOnes));
}
