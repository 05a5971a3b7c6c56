import { sql } from 'drizzle-orm';
import { CONTRIBUTORS_MAX } from '../../../contracts/limits.ts';
import type { Contributor } from '../../../contracts/contributors.ts';
import { datasets, proposals } from '../../db/schema.ts';
import type { Discussed } from '../discussions/count.ts';

/**
 * A dataset's open proposals, for its detail (`proposal_count`): the partial index
 * proposals_dataset_open_idx holds exactly these rows. A dataset others may not see shows its
 * detail to its owner alone, who sees them all.
 */
const openProposalCount = sql<number>`(select count(*)::int from ${proposals} where ${proposals.datasetId} = ${datasets.id} and ${proposals.state} = 'open')`;

/**
 * The authors of a dataset's merged proposals, most merged first (then by name), at most
 * CONTRIBUTORS_MAX, for its detail (`contributors`); accounts that are gone or inactive are left
 * out.
 */
const contributorsJson = sql<Contributor[]>`(select coalesce(json_agg(json_build_object(
    'id', c.id, 'username', c.username, 'nickname', c.nickname, 'merged_count', c.merged_count)
    order by c.merged_count desc, c.username), '[]'::json)
  from (select u.id, u.username, u.nickname, count(*)::int as merged_count
    from ${proposals} p join users u on u.id = p.author_id and u.is_active
    where p.dataset_id = ${datasets.id} and p.state = 'merged'
    group by u.id, u.username, u.nickname
    order by merged_count desc, u.username limit ${CONTRIBUTORS_MAX}) c)`;

/** The detail's columns of proposals. */
export const proposalColumns = { proposalCount: openProposalCount, contributors: contributorsJson };

/** A detail row with its counts of threads and proposals, and its contributors. */
export type DetailCounts = Discussed & { proposalCount: number; contributors: Contributor[] };

/** The detail's fields of proposals. */
export const proposalFields = (row: DetailCounts) => ({
  proposal_count: row.proposalCount,
  contributors: row.contributors,
});
