/**
 * `sheaf push` with column descriptions whose PUT fails after the table is in: the dataset
 * exists, so the push prints it, says the descriptions were not set and the command that sets
 * them (`sheaf columns ID FILE`), and exits non-zero; that command sets them on the same dataset
 * and publishes nothing.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMN_DESCRIPTION_MAX } from '../../src/contracts/limits.ts';
import { get, type Caller } from '../support/api.ts';
import { sheafSuite } from '../support/sheaf-cli.ts';

const suite = sheafSuite({ users: ['cli_retry'] });
const owner = (): Caller => ({
  auth: { authorization: `Bearer ${suite.users['cli_retry']!.token}` },
});

const sheaf = (args: string[]) =>
  suite.sheaf(args, { env: { SHEAF_TOKEN: suite.users['cli_retry']!.token } });

/** The owner's datasets, as the API lists them. */
const mine = async () =>
  (await get(suite.t, '/datasets/me?limit=100', owner())).json<{ datasets: { id: number }[] }>()
    .datasets;

const descriptionsOf = async (id: number) =>
  (await get(suite.t, `/datasets/${id}`, owner())).json<{ column_descriptions: unknown }>()
    .column_descriptions;

/** The follow-up the failed push printed: `sheaf columns ID FILE`, as arguments. */
function followUp(err: string): string[] {
  const found = /sheaf columns (\d+) (\S+)\n/.exec(err);
  expect(found, err).not.toBeNull();
  return ['columns', found![1]!, found![2]!];
}

/** Makes the next `count` PUTs fail as a dropped connection does (the others reach the app). */
function dropPuts(count: number) {
  const real = globalThis.fetch;
  let left = count;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    init?.method === 'PUT' && left-- > 0
      ? Promise.reject(new TypeError('fetch failed'))
      : real(input, init),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a push whose column descriptions fail after the upload', () => {
  it('prints the dataset and the command that finishes it; that command makes no second dataset', async () => {
    const csv = path.join(suite.dir, 'cities.csv');
    await writeFile(csv, '城市,人口\n北京,21893095\n');
    await writeFile(`${csv}.columns.json`, '{"城市":"城市名称","人口":"常住人口 (2020)"}');
    expect(await mine()).toEqual([]);

    dropPuts(1);
    const pushed = await sheaf(['push', csv, '--name', 'cities']);
    expect(pushed.code).toBe(1);
    const [created] = await mine();
    expect(await mine()).toHaveLength(1);
    expect(pushed.out).toBe(`Published #${created!.id} "cities" (v1, 1 rows)`);
    expect(pushed.err).toContain(
      `Published #${created!.id} "cities" (v1, 1 rows), but its column descriptions were not set: Cannot reach ${suite.base}: fetch failed\n` +
        `Set them without publishing again: sheaf columns ${created!.id} ${csv}.columns.json\n`,
    );
    expect(await descriptionsOf(created!.id)).toEqual({});

    const finished = await sheaf(followUp(pushed.err));
    expect(finished.code).toBe(0);
    expect(finished.out.split('\n')).toEqual([
      `Set the column descriptions of #${created!.id} "cities" from ${csv}.columns.json`,
      'columns:',
      '  城市: 城市名称',
      '  人口: 常住人口 (2020)',
    ]);
    expect((await mine()).map((d) => d.id)).toEqual([created!.id]);
    expect(await descriptionsOf(created!.id)).toEqual({
      城市: '城市名称',
      人口: '常住人口 (2020)',
    });
  });

  it('a description the API refuses: --json still prints the dataset; the fixed file finishes it', async () => {
    const tsv = path.join(suite.dir, 'codes.tsv');
    await writeFile(tsv, 'code\tn\nA\t1\n');
    const columns = path.join(suite.dir, 'codes.columns.json');
    const long = 'x'.repeat(COLUMN_DESCRIPTION_MAX + 1);
    await writeFile(columns, JSON.stringify({ code: long }));
    const before = (await mine()).length;

    const pushed = await sheaf(['push', tsv, '--name', 'codes', '--columns', columns, '--json']);
    expect(pushed.code).toBe(1);
    const { id } = JSON.parse(pushed.out) as { id: number };
    expect((await mine()).map((d) => d.id)).toContain(id);
    expect(await mine()).toHaveLength(before + 1);
    expect(pushed.err).toContain(`must be at most ${COLUMN_DESCRIPTION_MAX} characters`);
    expect(pushed.err).toContain(`sheaf columns ${id} ${columns}\n`);

    await writeFile(columns, JSON.stringify({ code: 'Product code' }));
    const finished = await sheaf([...followUp(pushed.err), '--json']);
    expect(finished.code).toBe(0);
    expect(JSON.parse(finished.out)).toMatchObject({
      id,
      column_descriptions: { code: 'Product code' },
    });
    expect(await mine()).toHaveLength(before + 1);
  });

  it('columns refuses a missing file or ID and publishes nothing', async () => {
    const before = (await mine()).length;
    const missing = await sheaf(['columns', '1', path.join(suite.dir, 'none.columns.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Cannot read');
    const bare = await sheaf(['columns', '1']);
    expect(bare.code).toBe(2);
    expect(bare.err).toBe('sheaf: columns needs an ID and a FILE.columns.json\n');
    expect(await mine()).toHaveLength(before);
  });
});
