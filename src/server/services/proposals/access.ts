import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets, proposals } from '../../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import { visibleTo, type ViewerId } from '../datasets/rows.ts';

/** The errors of proposals (docs/proposals.md, "Errors"). */
const proposalNotFound = () => notFound('Proposal', 'PROPOSAL_NOT_FOUND');
export const ownDataset = () =>
  forbidden(
    'This is your own dataset: publish a new version instead of proposing a change',
    'PROPOSAL_OWN_DATASET',
  );
export const forkInvalid = () =>
  new AppError(400, 'PROPOSAL_FORK_INVALID', 'fork_id must be a fork of this dataset you own');
export const notOpen = () =>
  conflict('This proposal is already merged or closed', 'PROPOSAL_NOT_OPEN');
export const modeMismatch = () =>
  new AppError(
    400,
    'PROPOSAL_MODE_MISMATCH',
    'A proposal from a fork changes with fork_version; a patch proposal with PUT /proposals/{id}/change',
  );
export const mergeOwnerOnly = () =>
  forbidden("Only the dataset's owner may merge a proposal", 'PROPOSAL_MERGE_OWNER');
export const notParty = () =>
  forbidden(
    "Only the dataset's owner or the proposal's author may close or reopen it",
    'PROPOSAL_NOT_PARTY',
  );
export const notProposalAuthor = () =>
  forbidden("Only the proposal's author may change it", 'NOT_AUTHOR');

/** The proposal row with what its access rules read: its dataset's owner and latest version. */
export type ProposalRow = typeof proposals.$inferSelect & {
  ownerId: number | null;
  latestVersion: number;
  keyColumns: string[];
};

/**
 * A proposal the viewer may see (its dataset visible to them: public and listed, or theirs),
 * else 404 PROPOSAL_NOT_FOUND. `lock` locks it for the rest of the transaction.
 */
export async function findProposal(
  db: Db,
  id: number,
  viewerId: ViewerId,
  lock = false,
): Promise<ProposalRow> {
  const query = db
    .select({
      proposal: proposals,
      ownerId: datasets.ownerId,
      latestVersion: datasets.latestVersion,
      keyColumns: datasets.keyColumns,
    })
    .from(proposals)
    .innerJoin(datasets, eq(datasets.id, proposals.datasetId))
    .where(and(eq(proposals.id, id), visibleTo(viewerId)));
  const [row] = await (lock ? query.for('update', { of: proposals }) : query);
  if (!row) throw proposalNotFound();
  return {
    ...row.proposal,
    ownerId: row.ownerId,
    latestVersion: row.latestVersion,
    keyColumns: row.keyColumns,
  };
}
