import { eq, sql } from 'drizzle-orm';
import { CHANGELOG_MAX, type VersionMode } from '../../../contracts/limits.ts';
import type { Proposal } from '../../../contracts/proposals.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { proposals, users } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import type { StoredColumn } from '../../tables/columns.ts';
import { mergedQuery, pairingKey, type ThreeSides } from '../../tables/three-way.ts';
import { writeTableFromRows } from '../../tables/write.ts';
import { announce } from '../activity.ts';
import { addVersionWith, asApiErrors, type StoredContent } from '../datasets/content.ts';
import { findProposal, mergeOwnerOnly, notOpen, type ProposalRow } from './access.ts';
import { conflictsOf } from './conflicts.ts';
import { getProposal } from './read.ts';
import { proposedOf, threeSides } from './sides.ts';

/** 409 PROPOSAL_CONFLICTS: rows changed on both sides; the author must update the proposal. */
const hasConflicts = (count: number) =>
  conflict(
    `The dataset changed the same rows since this proposal was made (${count} conflicts); its author must update it first`,
    'PROPOSAL_CONFLICTS',
    { count },
  );

const sameColumns = (a: StoredColumn[], b: StoredColumn[]) =>
  a.length === b.length && a.every((c, i) => c.name === b[i]?.name && c.type === b[i]?.type);

/**
 * The latest version with the proposal's delta (base → proposed) applied, written as a table:
 * in the proposed table's columns when the proposal changed them, else the latest version's.
 */
function mergedWrite(ctx: Context, sides: ThreeSides, keyColumns: string[]) {
  return (): Promise<StoredContent> =>
    asApiErrors(
      (async () => {
        const changed = !sameColumns(sides.base.columns, sides.proposed.columns);
        const out = changed ? sides.proposed.columns : sides.latest.columns;
        const header = {
          attributes: out.map((c) => c.name),
          attributeTypes: Object.fromEntries(out.map((c) => [c.name, c.type])),
        };
        const query = mergedQuery(sides, pairingKey(sides, keyColumns), out);
        const stored = await ctx.tables.use(async (connection) => {
          const result = await connection.stream(query);
          async function* rows() {
            for await (const chunk of result.yieldRows()) yield* chunk;
          }
          return writeTableFromRows(ctx.blobs, header, rows(), { limits: ctx.config.limits });
        });
        return { ...stored, header };
      })(),
    );
}

/** The proposed table as it is stored (a merge while the base is still the latest version). */
const proposedWrite = (row: ProposalRow) => async (): Promise<StoredContent> => ({
  sha256: row.proposedSha256,
  byteSize: row.proposedByteSize,
  entriesCount: row.proposedEntries,
  preview: row.proposedPreview as StoredContent['preview'],
  header: proposedOf(row).header,
});

/** The new version's changelog: the proposal and its author. */
async function changelogOf(ctx: Context, row: ProposalRow): Promise<string> {
  const [author] = row.authorId
    ? await ctx.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, row.authorId))
    : [];
  const by = author ? ` (by @${author.username})` : '';
  return `Merged proposal #${row.id}: ${row.title}${by}`.slice(0, CHANGELOG_MAX);
}

/** How the merged version was made: the proposal's patch mode, else a whole table. */
const versionMode = (row: ProposalRow): VersionMode => (row.mode === 'fork' ? 'replace' : row.mode);

/** Marks the proposal merged, in the transaction that publishes its version. */
const markMerged = (id: number, viewerId: number) => async (tx: Db, made: { version: number }) => {
  const [locked] = await tx
    .select({ state: proposals.state })
    .from(proposals)
    .where(eq(proposals.id, id))
    .for('update');
  if (locked?.state !== 'open') throw notOpen();
  await tx
    .update(proposals)
    .set({
      state: 'merged',
      mergedVersion: made.version,
      mergedBy: viewerId,
      updatedAt: sql`now()`,
    })
    .where(eq(proposals.id, id));
};

/**
 * POST /proposals/{id}/merge (the dataset's owner only, 403 PROPOSAL_MERGE_OWNER): publishes the
 * next version through the ordinary publish path. While the base is the latest version it is
 * the proposed table itself; else the proposal's delta applied to the latest version, refused
 * (409 PROPOSAL_CONFLICTS) while conflicts remain. 409 PROPOSAL_NOT_OPEN once merged or closed;
 * 409 VERSION_CONFLICT when another version was published meanwhile.
 */
export async function mergeProposal(ctx: Context, viewerId: number, id: number): Promise<Proposal> {
  const row = await findProposal(ctx.db, id, viewerId);
  if (row.ownerId !== viewerId) throw mergeOwnerOnly();
  if (row.state !== 'open') throw notOpen();
  const { total } = await conflictsOf(ctx, row);
  if (total > 0) throw hasConflicts(total);
  const write =
    row.baseVersion === row.latestVersion
      ? proposedWrite(row)
      : mergedWrite(ctx, await threeSides(ctx, row), row.keyColumns);
  const fields = {
    changelog: await changelogOf(ctx, row),
    mode: versionMode(row),
    base: row.latestVersion,
  };
  await addVersionWith(
    ctx,
    viewerId,
    row.datasetId,
    fields,
    write,
    true,
    undefined,
    markMerged(id, viewerId),
  );
  const { datasetId } = row;
  await announce(ctx, { kind: 'proposal.merged', actorId: viewerId, datasetId, proposalId: id });
  return getProposal(ctx, id, viewerId);
}
