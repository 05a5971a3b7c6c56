/**
 * What a proposal page's tools do (islands/proposals/ProposalTools.tsx): which of merge, close,
 * reopen and update the signed-in reader may use, and running one at a time — on success the
 * page reloads (it is server-rendered), on failure the store holds the message to show.
 */
import { map } from 'nanostores';
import type { ProposalState } from '../contracts/limits.ts';
import type { FileMode } from '../lib/api/proposals.ts';

/** The proposal as its page knows it. */
export type ToolsProposal = {
  id: number;
  state: ProposalState;
  ownerId: number | null;
  authorId: number | null;
  /** Whether it applies to the latest version (no conflicts). */
  applies: boolean;
};

type ToolChoices = { merge: boolean; close: boolean; reopen: boolean; update: boolean };

/** The tools the reader may use: merge (the owner), close/reopen (the owner, the proposer), update (the proposer). */
export function toolChoices(p: ToolsProposal, viewerId: number | null): ToolChoices {
  const owner = viewerId !== null && viewerId === p.ownerId;
  const author = viewerId !== null && viewerId === p.authorId;
  const open = p.state === 'open';
  return {
    merge: owner && open,
    close: (owner || author) && open,
    reopen: (owner || author) && p.state === 'closed',
    update: author && open,
  };
}

/** The calls the tools make, and how the page follows (given, so tests need no DOM). */
export type ToolsDeps = {
  merge: (id: number) => Promise<unknown>;
  change: (
    id: number,
    change: { state?: 'open' | 'closed'; forkVersion?: number },
  ) => Promise<unknown>;
  updateFile: (id: number, mode: FileMode, file: File) => Promise<unknown>;
  /** The message shown for a failure, in the page's language. */
  describe: (error: unknown) => string;
  reload: () => void;
  /** Asks before a merge; false stops it. */
  confirm: (question: 'merge') => boolean;
};

type ToolsState = { busy: boolean; error: string | null };

/** The tools of one proposal: their state, and an action for each. */
export function createProposalTools(id: number, deps: ToolsDeps) {
  const $state = map<ToolsState>({ busy: false, error: null });
  const run = async (task: () => Promise<unknown>) => {
    if ($state.get().busy) return;
    $state.set({ busy: true, error: null });
    try {
      await task();
      deps.reload();
    } catch (err) {
      $state.set({ busy: false, error: deps.describe(err) });
    }
  };
  return {
    $state,
    merge: () => (deps.confirm('merge') ? run(() => deps.merge(id)) : Promise.resolve()),
    close: () => run(() => deps.change(id, { state: 'closed' })),
    reopen: () => run(() => deps.change(id, { state: 'open' })),
    updateFork: (forkVersion: number) => run(() => deps.change(id, { forkVersion })),
    updateFile: (mode: FileMode, file: File) => run(() => deps.updateFile(id, mode, file)),
  };
}
