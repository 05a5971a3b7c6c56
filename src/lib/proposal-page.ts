/**
 * What a proposal's page reads (server side): the proposal, the page of rows its address names
 * (the kind asked for, else the first kind with rows) and its comment thread.
 */
import type { ChangeSummary } from '../contracts/changes.ts';
import type { CompareKind } from '../contracts/limits.ts';
import { diffAddress, DIFF_PAGE_ROWS, type DiffAddress } from './proposal-pages.ts';
import { openingKind } from './tables/viewer.ts';

type Sheaf = App.Locals['sheaf'];

/** The kind a proposal's rows open on: the first with rows. */
const opening = (summary: ChangeSummary | null): CompareKind =>
  summary
    ? openingKind({
        added: summary.rows_added,
        removed: summary.rows_removed,
        changed: summary.rows_changed,
      })
    : 'added';

/** The proposal `id` as a guest sees it with its rows and thread; null when there is none to see. */
export async function readProposalPage(sheaf: Sheaf, id: number, params: URLSearchParams) {
  const rowsOf = (address: DiffAddress) => ({
    kind: address.kind,
    offset: (address.page - 1) * DIFF_PAGE_ROWS,
    limit: DIFF_PAGE_ROWS,
  });
  const first = await sheaf.proposals.proposal(id, rowsOf(diffAddress(params, 'changed')));
  if (!first) return null;
  const address = diffAddress(params, opening(first.proposal.summary));
  const [read, thread] = await Promise.all([
    address.kind === first.rows.kind ? first : sheaf.proposals.proposal(id, rowsOf(address)),
    sheaf.discussions.thread(first.proposal.discussion_id),
  ]);
  if (!read) return null;
  return { ...read, address, thread: thread?.thread ?? null };
}
