/**
 * `sheaf push --key-columns`, `sheaf edit --key` and the patch pushes: `--append FILE`,
 * `--upsert FILE`, `--delete KEYS` (a file, or values separated by commas).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../src/contracts/datasets.ts';
import { get, type Caller } from '../support/api.ts';
import { sheafSuite } from '../support/sheaf-cli.ts';

const suite = sheafSuite({ users: ['cli_patch'] });
const token = () => suite.users['cli_patch']!.token;
const owner = (): Caller => ({ auth: { authorization: `Bearer ${token()}` } });
const sheaf = (args: string[]) => suite.sheaf(args, { env: { SHEAF_TOKEN: token() } });

const file = async (name: string, text: string) => {
  const at = path.join(suite.dir, name);
  await writeFile(at, text);
  return at;
};
const rowsOf = async (id: number) =>
  (await get(suite.t, `/datasets/${id}/version?limit=100`, owner())).json<{
    version: number;
    entries: unknown[][];
  }>();
const datasetOf = async (id: number) =>
  (await get(suite.t, `/datasets/${id}`, owner())).json<Dataset>();

describe('sheaf and keys', () => {
  it('declares a key at push, patches by it, and changes it with edit', async () => {
    const csv = await file('towns.csv', 'id,town,people\n1,Wuxi,7\n2,Suzhou,12\n3,Nantong,8\n');
    const made = await sheaf(['push', csv, '--name', 'towns', '--key-columns', 'id', '--json']);
    expect(made.code, made.err).toBe(0);
    const { id } = JSON.parse(made.out) as Dataset;
    expect((await datasetOf(id)).key_columns).toEqual(['id']);

    const more = await file('more.csv', 'id,town,people\n4,Yangzhou,5\n');
    const appended = await sheaf(['push', '--dataset', String(id), '--append', more]);
    expect(appended.code, appended.err).toBe(0);
    expect(appended.out).toBe(`Added v2 to #${id} (4 rows)`);

    const changed = await file('changed.jsonl', '{"town":"Suzhou","people":13,"id":2}\n');
    expect((await sheaf(['push', '--dataset', String(id), '--upsert', changed])).code).toBe(0);
    expect((await sheaf(['push', '--dataset', String(id), '--delete', '1,4'])).code).toBe(0);
    const content = await rowsOf(id);
    expect(content.version).toBe(4);
    expect(content.entries).toEqual([
      [2, 'Suzhou', 13],
      [3, 'Nantong', 8],
    ]);
    const versions = (await datasetOf(id)).versions.map((v) => v.mode);
    expect(versions).toEqual(['delete', 'upsert', 'append', 'replace']);

    const gone = await file('gone.csv', 'id\n3\n');
    expect((await sheaf(['push', '--dataset', String(id), '--delete', gone])).code).toBe(0);
    expect((await rowsOf(id)).entries).toEqual([[2, 'Suzhou', 13]]);

    const edited = await sheaf(['edit', String(id), '--key', 'town,people']);
    expect(edited.code, edited.err).toBe(0);
    expect((await datasetOf(id)).key_columns).toEqual(['town', 'people']);
    const values = await sheaf(['push', '--dataset', String(id), '--delete', 'Suzhou']);
    expect(values.code).toBe(2);
    expect(values.err).toContain('values separated by commas need a key of one column');
    expect((await sheaf(['edit', String(id), '--key', ''])).code).toBe(0);
    expect((await datasetOf(id)).key_columns).toEqual([]);
  });

  it('says what is wrong with a refused patch, publishing nothing', async () => {
    const csv = await file('lakes.csv', 'id,lake\n1,Tai\n2,Chao\n');
    const made = await sheaf(['push', csv, '--name', 'lakes', '--key-columns', 'id', '--json']);
    const { id } = JSON.parse(made.out) as Dataset;
    const dup = await file('dup.csv', 'id,lake\n2,Hongze\n');
    const refused = await sheaf(['push', '--dataset', String(id), '--append', dup]);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('Row 3 repeats the key of row 2');
    expect((await rowsOf(id)).version).toBe(1);
    const both = await sheaf(['push', '--dataset', String(id), '--append', dup, '--upsert', dup]);
    expect(both.code).toBe(2);
  });
});
