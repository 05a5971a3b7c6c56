import { describe, expect, it } from 'vitest';
import {
  createProposalTools,
  toolChoices,
  type ToolsDeps,
  type ToolsProposal,
} from '../../src/stores/proposal-tools.ts';

const OWNER = 1;
const AUTHOR = 2;
const proposal = (state: ToolsProposal['state']): ToolsProposal => ({
  id: 7,
  state,
  ownerId: OWNER,
  authorId: AUTHOR,
  applies: true,
});

/** Deps that record each call; `fail` makes the API calls refuse. */
function fakeDeps(options: { fail?: boolean; confirm?: boolean } = {}) {
  const calls: string[] = [];
  const answer = (call: string) => {
    calls.push(call);
    return options.fail ? Promise.reject(new Error('refused')) : Promise.resolve({});
  };
  const deps: ToolsDeps = {
    merge: (id) => answer(`merge ${id}`),
    change: (id, change) => answer(`change ${id} ${JSON.stringify(change)}`),
    updateFile: (id, mode, file) => answer(`file ${id} ${mode} ${file.name}`),
    describe: (err) => `Failed: ${(err as Error).message}`,
    reload: () => calls.push('reload'),
    confirm: () => options.confirm ?? true,
  };
  return { deps, calls };
}

describe('proposal tools', () => {
  it('offer merge to the owner, close to both, update to the proposer, none to others', () => {
    expect(toolChoices(proposal('open'), OWNER)).toEqual({
      merge: true,
      close: true,
      reopen: false,
      update: false,
    });
    expect(toolChoices(proposal('open'), AUTHOR)).toEqual({
      merge: false,
      close: true,
      reopen: false,
      update: true,
    });
    expect(toolChoices(proposal('closed'), AUTHOR)).toMatchObject({ reopen: true, update: false });
    expect(toolChoices(proposal('merged'), OWNER)).toEqual({
      merge: false,
      close: false,
      reopen: false,
      update: false,
    });
    for (const viewer of [3, null]) {
      expect(Object.values(toolChoices(proposal('open'), viewer))).not.toContain(true);
    }
  });

  it('send each action and reload the page after it; a merge waits for the confirmation', async () => {
    const { deps, calls } = fakeDeps();
    // Each on a page of its own: after a change the page reloads, and its tools stay busy.
    const tools = () => createProposalTools(7, deps);
    await tools().merge();
    await tools().close();
    await tools().reopen();
    await tools().updateFork(3);
    await tools().updateFile('upsert', new File(['id,n\n1,2\n'], 'fix.csv'));
    expect(calls).toEqual([
      'merge 7',
      'reload',
      'change 7 {"state":"closed"}',
      'reload',
      'change 7 {"state":"open"}',
      'reload',
      'change 7 {"forkVersion":3}',
      'reload',
      'file 7 upsert fix.csv',
      'reload',
    ]);

    const declined = fakeDeps({ confirm: false });
    await createProposalTools(7, declined.deps).merge();
    expect(declined.calls).toEqual([]);
  });

  it('keep the message of a refusal, stay on the page and take the next try', async () => {
    const { deps, calls } = fakeDeps({ fail: true });
    const tools = createProposalTools(7, deps);
    const first = tools.merge();
    expect(tools.$state.get().busy).toBe(true);
    await tools.close(); // one at a time: refused while the merge runs
    await first;
    expect(tools.$state.get()).toEqual({ busy: false, error: 'Failed: refused' });
    await tools.close();
    expect(calls).toEqual(['merge 7', 'change 7 {"state":"closed"}']);
  });
});
