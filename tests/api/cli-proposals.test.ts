/** `sheaf propose ID FILE --title …` and `sheaf proposals ID` (docs/proposals.md). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../src/contracts/proposals.ts';
import { createDataset, type Caller } from '../support/api.ts';
import { sheafSuite } from '../support/sheaf-cli.ts';

const suite = sheafSuite({ users: ['cli_owner', 'cli_proposer'] });
const tokenOf = (name: string) => suite.users[name]!.token;
const owner = (): Caller => ({ auth: { authorization: `Bearer ${tokenOf('cli_owner')}` } });
const proposer = (args: string[]) =>
  suite.sheaf(args, { env: { SHEAF_TOKEN: tokenOf('cli_proposer') } });

describe('sheaf propose and proposals', () => {
  it('proposes a patch from a file and lists it', async () => {
    const d = await createDataset(suite.t, owner(), {
      attributes: ['id', 'town'],
      entries: [
        [1, 'Wuxi'],
        [2, 'Suzhou'],
      ],
      key_columns: ['id'],
    });
    const file = path.join(suite.dir, 'fix.csv');
    await writeFile(file, 'id,town\n2,Suzhou City\n');
    const made = await proposer([
      'propose',
      String(d.id),
      file,
      '--title',
      'Full name',
      '--mode',
      'upsert',
      '--json',
    ]);
    expect(made.code, made.err).toBe(0);
    const proposal = JSON.parse(made.out) as Proposal;
    expect(proposal).toMatchObject({ title: 'Full name', mode: 'upsert', state: 'open' });
    expect(proposal.summary).toMatchObject({ rows_changed: 1 });

    const listed = await proposer(['proposals', String(d.id)]);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain(`#${proposal.id}\topen\tupsert\tv1\tcli_proposer\tFull name`);
    const merged = await proposer(['proposals', String(d.id), '--state', 'merged']);
    expect(merged.out.trim()).toBe('No merged proposals');

    const untitled = await proposer(['propose', String(d.id), file]);
    expect(untitled.code).toBe(2);
    expect(untitled.err).toContain('--title');
  });
});
