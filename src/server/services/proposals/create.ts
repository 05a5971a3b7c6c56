import { and, eq } from 'drizzle-orm';
import type { Proposal } from '../../../contracts/proposals.ts';
import type { ProposalMode } from '../../../contracts/limits.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, datasetVersions, discussions, proposals } from '../../db/schema.ts';
import { announce } from '../activity.ts';
import { lockCaller } from '../accounts.ts';
import { withStoredBlob } from '../datasets/blob-refs.ts';
import { withTableFiles, type StoredContent } from '../datasets/content.ts';
import { findVisible, versionNotFound } from '../datasets/rows.ts';
import { headerOf } from '../table-files.ts';
import { forkInvalid, ownDataset } from './access.ts';
import { getProposal } from './read.ts';
import { summarizeProposal } from './summary.ts';
import { versionTable } from './sides.ts';
import { proposedWrite, type ProposedContent } from './content.ts';

/** The dataset a proposal is made to: public, seen by the caller, not theirs. */
async function proposable(db: Db, datasetId: number, viewerId: number) {
  const [row] = await db
    .select({
      id: datasets.id,
      ownerId: datasets.ownerId,
      listed: datasets.listed,
      latestVersion: datasets.latestVersion,
      keyColumns: datasets.keyColumns,
    })
    .from(datasets)
    .where(eq(datasets.id, datasetId));
  if (row?.ownerId === viewerId) throw ownDataset();
  // A dataset others may not see does not exist for them (404 DATASET_NOT_FOUND).
  if (!row?.listed) await findVisible(db, datasetId, null);
  return row!;
}

/** What a new proposal is: its text, how it was made, its base and its stored table. */
type NewProposal = {
  title: string;
  body: string;
  mode: ProposalMode;
  baseVersion: number;
  forkId?: number;
  forkVersion?: number;
};

const proposalValues = (datasetId: number, authorId: number, p: NewProposal, t: StoredContent) => ({
  datasetId,
  authorId,
  title: p.title,
  body: p.body,
  mode: p.mode,
  baseVersion: p.baseVersion,
  forkId: p.forkId ?? null,
  forkVersion: p.forkVersion ?? null,
  proposedSha256: t.sha256,
  proposedAttributes: t.header.attributes,
  proposedAttributeTypes: t.header.attributeTypes,
  proposedEntries: t.entriesCount,
  proposedByteSize: t.byteSize,
  proposedPreview: t.preview,
});

/**
 * Stores a proposal, all or nothing: its table (written by `write`, with its Parquet copy and
 * the dataset's key checked on it), then one transaction claiming the blob and inserting its
 * thread and itself; then its change summary, and the owner is told (proposal.opened).
 */
async function storeProposal(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  proposal: NewProposal,
  write: () => Promise<StoredContent>,
  canRewrite: boolean,
): Promise<Proposal> {
  const { keyColumns } = await proposable(ctx.db, datasetId, viewerId);
  const id = await withStoredBlob(
    ctx,
    withTableFiles(ctx, write, keyColumns),
    async (tx, stored) => {
      await lockCaller(tx, viewerId);
      await proposable(tx, datasetId, viewerId);
      const [thread] = await tx
        .insert(discussions)
        .values({
          datasetId,
          authorId: viewerId,
          title: proposal.title,
          body: '',
          kind: 'proposal',
        })
        .returning({ id: discussions.id });
      const [row] = await tx
        .insert(proposals)
        .values({
          ...proposalValues(datasetId, viewerId, proposal, stored),
          discussionId: thread!.id,
        })
        .returning({ id: proposals.id });
      return row!.id;
    },
    canRewrite,
  );
  await summarizeProposal(ctx, id);
  await announce(ctx, { kind: 'proposal.opened', actorId: viewerId, datasetId, proposalId: id });
  return getProposal(ctx, id, viewerId);
}

/**
 * POST /datasets/{id}/proposals with a fork: the fork's version as the proposed table, as it is
 * (its blob is shared), against the dataset's latest version. The fork must be the caller's and
 * forked from this dataset (400 PROPOSAL_FORK_INVALID); its version must exist (404).
 */
export async function proposeFork(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  body: { title: string; body: string; fork_id: number; fork_version: number },
): Promise<Proposal> {
  const { latestVersion } = await proposable(ctx.db, datasetId, viewerId);
  const stored = await forkTable(ctx, viewerId, datasetId, body.fork_id, body.fork_version);
  const proposal: NewProposal = {
    title: body.title,
    body: body.body,
    mode: 'fork',
    baseVersion: latestVersion,
    forkId: body.fork_id,
    forkVersion: body.fork_version,
  };
  return storeProposal(ctx, viewerId, datasetId, proposal, async () => stored, true);
}

/** A version of the caller's fork of the dataset, as a stored table. */
export async function forkTable(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  forkId: number,
  forkVersion: number,
): Promise<StoredContent> {
  const [fork] = await ctx.db
    .select({ id: datasets.id })
    .from(datasets)
    .where(
      and(
        eq(datasets.id, forkId),
        eq(datasets.ownerId, viewerId),
        eq(datasets.forkedFromId, datasetId),
      ),
    );
  if (!fork) throw forkInvalid();
  const [version] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, forkId), eq(datasetVersions.version, forkVersion)));
  if (!version) throw versionNotFound();
  return {
    sha256: version.sha256,
    byteSize: version.byteSize,
    entriesCount: version.entriesCount,
    preview: version.preview as StoredContent['preview'],
    header: headerOf(version),
  };
}

/**
 * POST /datasets/{id}/proposals?mode=…: a patch of the latest version (append, upsert, delete)
 * or a whole table (replace), built as a patch version builds it, with the same checks.
 */
export async function proposeTable(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  text: { title: string; body: string; mode: Exclude<ProposalMode, 'fork'> },
  content: ProposedContent,
): Promise<Proposal> {
  const { latestVersion, keyColumns } = await proposable(ctx.db, datasetId, viewerId);
  const latest = await versionTable(ctx, datasetId, latestVersion);
  const proposal: NewProposal = { ...text, baseVersion: latestVersion };
  const write = proposedWrite(ctx, latest, keyColumns, text.mode, content);
  return storeProposal(ctx, viewerId, datasetId, proposal, write, !('upload' in content));
}
