import { eq, sql } from 'drizzle-orm';
import type { VersionMode } from '../../../contracts/limits.ts';
import type { Proposal, UpdateProposalBody } from '../../../contracts/proposals.ts';
import type { Context } from '../../context.ts';
import { transactionRetried } from '../../db/deadlock.ts';
import type { Db } from '../../db/client.ts';
import { discussions, proposals } from '../../db/schema.ts';
import { announce } from '../activity.ts';
import { releaseBlobs, withStoredBlob } from '../datasets/blob-refs.ts';
import { withTableFiles, type StoredContent } from '../datasets/content.ts';
import {
  findProposal,
  forkInvalid,
  modeMismatch,
  notOpen,
  notParty,
  notProposalAuthor,
  type ProposalRow,
} from './access.ts';
import { proposedWrite, type ProposedContent } from './content.ts';
import { forkTable } from './create.ts';
import { getProposal } from './read.ts';
import { versionTable } from './sides.ts';
import { summarizeProposal } from './summary.ts';

/** Who may make `change` to `row`; throws the refusal. */
function checkChange(row: ProposalRow, viewerId: number, change: UpdateProposalBody) {
  const { title, body, state, fork_version: forkVersion } = change;
  const author = row.authorId === viewerId;
  const written = title !== undefined || body !== undefined || forkVersion !== undefined;
  if (written && !author) throw notProposalAuthor();
  if (state !== undefined && !author && row.ownerId !== viewerId) throw notParty();
  if (row.state === 'merged') throw notOpen();
  if (forkVersion !== undefined && row.mode !== 'fork') throw modeMismatch();
}

/** The proposed table's columns of a stored table. */
const proposedValues = (t: StoredContent) => ({
  proposedSha256: t.sha256,
  proposedAttributes: t.header.attributes,
  proposedAttributeTypes: t.header.attributeTypes,
  proposedEntries: t.entriesCount,
  proposedByteSize: t.byteSize,
  proposedPreview: t.preview,
  summary: null,
});

/** Writes a change to the proposal (and its thread's title), re-checked under its lock. */
async function writeChange(
  tx: Db,
  viewerId: number,
  id: number,
  change: UpdateProposalBody,
  table?: StoredContent,
) {
  const row = await findProposal(tx, id, viewerId, true);
  checkChange(row, viewerId, change);
  const { title, body, state } = change;
  await tx
    .update(proposals)
    .set({
      title,
      body,
      state,
      ...(table && { ...proposedValues(table), forkVersion: change.fork_version }),
      updatedAt: sql`now()`,
    })
    .where(eq(proposals.id, id));
  if (title !== undefined)
    await tx.update(discussions).set({ title }).where(eq(discussions.id, row.discussionId));
  return row;
}

/**
 * PATCH /proposals/{id}: title, body and fork_version by its author (403 NOT_AUTHOR); state
 * (close, reopen) by its author or the dataset's owner (403 PROPOSAL_NOT_PARTY); nothing once
 * merged (409 PROPOSAL_NOT_OPEN). fork_version re-points a fork's proposal at another of the
 * fork's versions, keeping its base (400 PROPOSAL_MODE_MISMATCH for a patch proposal).
 */
export async function updateProposal(
  ctx: Context,
  viewerId: number,
  id: number,
  change: UpdateProposalBody,
): Promise<Proposal> {
  const before = await findProposal(ctx.db, id, viewerId);
  checkChange(before, viewerId, change);
  const forkVersion = change.fork_version;
  if (forkVersion === undefined) {
    await transactionRetried(ctx.db, (tx) => writeChange(tx, viewerId, id, change));
  } else {
    if (before.forkId === null) throw forkInvalid();
    const table = await forkTable(ctx, viewerId, before.datasetId, before.forkId, forkVersion);
    await withStoredBlob(
      ctx,
      withTableFiles(ctx, async () => table, before.keyColumns),
      (tx, stored) => writeChange(tx, viewerId, id, change, stored),
      true,
    );
    await afterNewTable(ctx, id, before.proposedSha256);
  }
  if (change.state === 'closed' && before.state === 'open') {
    const { datasetId } = before;
    await announce(ctx, { kind: 'proposal.closed', actorId: viewerId, datasetId, proposalId: id });
  }
  return getProposal(ctx, id, viewerId);
}

/** After the proposed table was replaced: its summary, and the old table let go. */
async function afterNewTable(ctx: Context, id: number, oldSha256: string) {
  await summarizeProposal(ctx, id);
  await releaseBlobs(ctx, [oldSha256]).catch((error: unknown) => {
    console.error(`releasing the table proposal ${id} replaced failed:`, error);
  });
}

/**
 * PUT /proposals/{id}/change?mode=…: its author sends a new patch (or whole table), rebased on
 * the dataset's latest version: that becomes its base, the patch applied to it its proposed
 * table. A fork's proposal changes with fork_version instead (400 PROPOSAL_MODE_MISMATCH).
 */
export async function changeProposal(
  ctx: Context,
  viewerId: number,
  id: number,
  mode: VersionMode,
  content: ProposedContent,
): Promise<Proposal> {
  const before = await findProposal(ctx.db, id, viewerId);
  if (before.authorId !== viewerId) throw notProposalAuthor();
  if (before.state === 'merged') throw notOpen();
  if (before.mode === 'fork') throw modeMismatch();
  const baseVersion = before.latestVersion;
  const latest = await versionTable(ctx, before.datasetId, baseVersion);
  const write = proposedWrite(ctx, latest, before.keyColumns, mode, content);
  await withStoredBlob(
    ctx,
    withTableFiles(ctx, write, before.keyColumns),
    async (tx, stored) => {
      const row = await findProposal(tx, id, viewerId, true);
      if (row.state === 'merged') throw notOpen();
      await tx
        .update(proposals)
        .set({ ...proposedValues(stored), mode, baseVersion, updatedAt: sql`now()` })
        .where(eq(proposals.id, id));
    },
    !('upload' in content),
  );
  await afterNewTable(ctx, id, before.proposedSha256);
  return getProposal(ctx, id, viewerId);
}
