import { and, count, desc, eq } from 'drizzle-orm';
import type {
  Proposal,
  ProposalList,
  ProposalListQuery,
  ProposalSummary,
} from '../../../contracts/proposals.ts';
import type { Context } from '../../context.ts';
import { datasets, discussions, proposals, users } from '../../db/schema.ts';
import { nullIfNotFound } from '../../errors.ts';
import { renderMarkdown } from '../../markdown.ts';
import { findVisible, visibleTo, type ViewerId } from '../datasets/rows.ts';
import { authorColumns } from '../discussions/access.ts';
import { findProposal, type ProposalRow } from './access.ts';
import { proposalConflicts } from './conflicts.ts';
import { proposalRows } from './rows.ts';

type Author = { id: number; username: string; nickname: string } | null;
type Row = typeof proposals.$inferSelect & { author: Author; commentCount: number };

const toSummary = (row: Row): ProposalSummary => ({
  id: row.id,
  dataset_id: row.datasetId,
  author: row.author,
  title: row.title,
  state: row.state,
  mode: row.mode,
  base_version: row.baseVersion,
  fork_id: row.forkId,
  fork_version: row.forkVersion,
  summary: row.summary,
  discussion_id: row.discussionId,
  comment_count: row.commentCount,
  merged_version: row.mergedVersion,
  merged_by: row.mergedBy,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const selectProposals = (ctx: Context) =>
  ctx.db
    .select({ proposal: proposals, author: authorColumns, commentCount: discussions.commentCount })
    .from(proposals)
    .innerJoin(datasets, eq(datasets.id, proposals.datasetId))
    .innerJoin(discussions, eq(discussions.id, proposals.discussionId))
    .leftJoin(users, eq(users.id, proposals.authorId));

type Selected = Awaited<ReturnType<ReturnType<typeof selectProposals>['execute']>>[number];
const flat = (r: Selected): Row => ({
  ...r.proposal,
  author: r.author,
  commentCount: r.commentCount,
});

/** GET /datasets/{id}/proposals: a page of the dataset's proposals in a state, newest first. */
export async function listProposals(
  ctx: Context,
  datasetId: number,
  viewerId: ViewerId,
  query: ProposalListQuery,
): Promise<ProposalList> {
  await findVisible(ctx.db, datasetId, viewerId);
  const where = and(
    eq(proposals.datasetId, datasetId),
    query.state === 'all' ? undefined : eq(proposals.state, query.state),
    visibleTo(viewerId),
  );
  const [rows, [totals]] = await Promise.all([
    selectProposals(ctx)
      .where(where)
      .orderBy(desc(proposals.createdAt), desc(proposals.id))
      .offset(query.offset)
      .limit(query.limit),
    ctx.db
      .select({ total: count() })
      .from(proposals)
      .innerJoin(datasets, eq(datasets.id, proposals.datasetId))
      .where(where),
  ]);
  return {
    proposals: rows.map((r) => toSummary(flat(r))),
    total: totals?.total ?? 0,
    offset: query.offset,
    limit: query.limit,
  };
}

/** What the viewer may do with a proposal. */
function abilities(row: ProposalRow, viewerId: ViewerId) {
  const owner = viewerId !== null && viewerId === row.ownerId;
  const author = viewerId !== null && viewerId === row.authorId;
  return {
    can_merge: owner && row.state === 'open',
    can_close: (owner || author) && row.state !== 'merged',
    can_update: author && row.state !== 'merged',
  };
}

/**
 * GET /proposals/{id}: the proposal with its conflicts against the dataset's latest version and
 * what the viewer may do; 404 PROPOSAL_NOT_FOUND when the viewer may not see its dataset.
 */
export async function getProposal(ctx: Context, id: number, viewerId: ViewerId): Promise<Proposal> {
  const found = await findProposal(ctx.db, id, viewerId);
  const [selected] = await selectProposals(ctx).where(eq(proposals.id, id));
  if (!selected) throw new Error(`proposal ${id} vanished`);
  const row = flat(selected);
  const conflicts = row.state === 'open' ? await proposalConflicts(ctx, found) : [];
  return {
    ...toSummary(row),
    body: row.body,
    body_html: renderMarkdown(row.body),
    latest_version: found.latestVersion,
    conflicts,
    applies: conflicts.length === 0,
    ...abilities(found, viewerId),
  };
}

/**
 * Proposal reads for SSR pages, as a guest sees them (public datasets only); null when there is
 * nothing a guest may see.
 */
export function proposalSiteReads(ctx: Context) {
  return {
    /** A page of a dataset's proposals in a state (up to 100), newest first. */
    list: (datasetId: number, query: Partial<ProposalListQuery> = {}) =>
      nullIfNotFound(
        listProposals(ctx, datasetId, null, { state: 'open', offset: 0, limit: 100, ...query }),
      ),
    /**
     * A proposal with its conflicts, a page of its rows (`kind`, `offset`, `limit` as the rows
     * endpoint takes them) and its dataset's name.
     */
    proposal: (id: number, rows: Parameters<typeof proposalRows>[3]) =>
      nullIfNotFound(
        (async () => {
          const proposal = await getProposal(ctx, id, null);
          const [page, dataset] = await Promise.all([
            proposalRows(ctx, id, null, rows),
            findVisible(ctx.db, proposal.dataset_id, null),
          ]);
          return {
            proposal,
            rows: page,
            dataset: { id: dataset.id, name: dataset.name, ownerId: dataset.ownerId },
          };
        })(),
      ),
  };
}
