import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataset } from '../support/api.ts';
import { sheafSuite } from '../support/sheaf-cli.ts';

const cli = sheafSuite({ users: ['lihua'], signedIn: 'lihua' });
const { t, sheaf } = cli;

describe('sheaf pull of a view', () => {
  it('downloads only the rows --filter keeps, in the --sort order', async () => {
    const owner = { auth: { authorization: `Bearer ${cli.users['lihua']!.token}` } };
    const { id } = await createDataset(t, owner, {
      attributes: ['城市', 'loans', 'year'],
      entries: [
        ['北京', 1500, 2020],
        ['上海', 800, 2021],
        ['广州', 2500, 2021],
        ['深圳', 1200, 2022],
      ],
    });
    const output = path.join(cli.dir, 'view.csv');
    const pulled = await sheaf([
      'pull',
      String(id),
      '--filter',
      'loans>1000',
      '--filter',
      '{"column":"year","op":"in","value":[2020,2021]}',
      '--sort',
      'loans',
      '--desc',
      '-o',
      output,
    ]);
    expect(pulled.err).toBe('');
    expect(pulled.code).toBe(0);
    expect(await readFile(output, 'utf8')).toBe(
      '\uFEFF城市,loans,year\r\n广州,2500,2021\r\n北京,1500,2020\r\n',
    );

    const bad = await sheaf(['pull', String(id), '--filter', 'loans>many', '-o', output]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('BAD_FILTER');
    const unreadable = await sheaf(['pull', String(id), '--filter', 'loans', '-o', output]);
    expect(unreadable.code).toBe(2);
  });
});
