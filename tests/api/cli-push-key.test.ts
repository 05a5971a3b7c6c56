/**
 * `sheaf push` whose answer is lost after the server published: it exits non-zero saying the
 * command that sends it again with its `--key`; that command answers the dataset (or version)
 * the first push made and publishes nothing new.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { get, type Caller } from '../support/api.ts';
import { sheafSuite } from '../support/sheaf-cli.ts';

const suite = sheafSuite({ users: ['cli_key'] });
const token = () => suite.users['cli_key']!.token;
const owner = (): Caller => ({ auth: { authorization: `Bearer ${token()}` } });

const sheaf = (args: string[]) => suite.sheaf(args, { env: { SHEAF_TOKEN: token() } });

/** The owner's datasets, as the API lists them. */
const mine = async () =>
  (await get(suite.t, '/datasets/me?limit=100', owner())).json<{
    datasets: { id: number; latest_version: number }[];
  }>().datasets;

/** The next POST reaches the app and is answered, but the answer is lost on the way back. */
function loseNextAnswer() {
  const real = globalThis.fetch;
  let left = 1;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method !== 'POST' || left-- <= 0) return real(input, init);
    const res = await real(input, init);
    await res.arrayBuffer();
    throw new TypeError('fetch failed');
  });
}

/** The command the failed push printed, as arguments (after `sheaf`). */
function retryOf(err: string): string[] {
  const found = /\n {2}sheaf (.+)\n/.exec(err);
  expect(found, err).not.toBeNull();
  return found![1]!.split(' ');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a push whose answer is lost', () => {
  it('prints the command that retries it; that command publishes no second dataset', async () => {
    const csv = path.join(suite.dir, 'rain.csv');
    await writeFile(csv, 'city,rain\nBeijing,600\n');
    loseNextAnswer();
    const lost = await sheaf(['push', csv, '--name', 'rain']);
    expect(lost.code).toBe(1);
    expect(lost.out).toBe('');
    expect(lost.err).toContain(`Cannot reach ${suite.base}: fetch failed\n`);
    expect(lost.err).toContain('The push may have been published.');
    const [made] = await mine();
    expect(await mine()).toHaveLength(1);

    const retry = retryOf(lost.err);
    expect(retry.slice(0, 4)).toEqual(['push', csv, '--name', 'rain']);
    expect(retry[4]).toBe('--key');
    const again = await sheaf(retry);
    expect(again.code).toBe(0);
    expect(again.out).toBe(`Published #${made!.id} "rain" (v1, 1 rows)`);
    expect(again.err).toContain('Already published by a push with this --key');
    expect(await mine()).toHaveLength(1);

    // A new push (no --key) of the same file is a new dataset, as always.
    expect((await sheaf(['push', csv, '--name', 'rain'])).code).toBe(0);
    expect(await mine()).toHaveLength(2);
  });

  it('adds one version when a lost --dataset push is sent again', async () => {
    const csv = path.join(suite.dir, 'towns.csv');
    await writeFile(csv, 'town,people\nWuxi,7\n');
    expect((await sheaf(['push', csv, '--name', 'towns'])).code).toBe(0);
    const id = (await mine()).find((d) => d.latest_version === 1)!.id;
    await writeFile(csv, 'town,people\nWuxi,8\n');
    loseNextAnswer();
    const lost = await sheaf(['push', csv, '--dataset', String(id), '--key', 'towns-v2']);
    expect(lost.code).toBe(1);
    expect(retryOf(lost.err)).toEqual(['push', csv, '--dataset', String(id), '--key', 'towns-v2']);
    const again = await sheaf(retryOf(lost.err));
    expect(again.out).toBe(`Added v2 to #${id} (1 rows)`);
    expect((await get(suite.t, `/datasets/${id}`, owner())).json().latest_version).toBe(2);
  });
});
