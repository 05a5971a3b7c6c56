import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sheafSuite } from '../support/sheaf-cli.ts';

const cli = sheafSuite({ users: ['lina'], signedIn: 'lina' });
const { t, sheaf } = cli;
const detail = async (id: number): Promise<unknown> =>
  (await t.app.inject({ url: `/api/v1/datasets/${id}` })).json<{ column_descriptions: unknown }>()
    .column_descriptions;

describe('the sheaf command with column descriptions', () => {
  it('push sends FILE.columns.json, pull saves it beside the file, info prints it', async () => {
    const csv = path.join(cli.dir, 'cities.csv');
    await writeFile(csv, '城市,人口\n北京,21893095\n');
    await writeFile(`${csv}.columns.json`, '{"城市":"城市名称","人口":"常住人口 (2020)"}');
    const pushed = await sheaf(['push', csv, '--name', 'cities', '--json']);
    expect(pushed.err).toBe(`Column descriptions from ${csv}.columns.json\n`);
    const created = JSON.parse(pushed.out);
    const written = { 城市: '城市名称', 人口: '常住人口 (2020)' };
    expect(created.column_descriptions).toEqual(written);
    expect(await detail(created.id)).toEqual(written);

    const info = await sheaf(['info', String(created.id)]);
    expect(info.out.split('\n').slice(-3)).toEqual([
      'columns:',
      '  城市: 城市名称',
      '  人口: 常住人口 (2020)',
    ]);

    const file = path.join(cli.dir, 'pulled.csv');
    const pulled = await sheaf(['pull', String(created.id), '-o', file, '--json']);
    expect(JSON.parse(pulled.out).columns_file).toBe(`${file}.columns.json`);
    expect(JSON.parse(await readFile(`${file}.columns.json`, 'utf8'))).toEqual(written);

    // A new version with an edited file: the named columns' descriptions change, others stay.
    await writeFile(`${file}.columns.json`, '{"人口":"常住人口 (2021)"}');
    const again = await sheaf(['push', file, '--dataset', String(created.id)]);
    expect(again.code).toBe(0);
    expect(await detail(created.id)).toEqual({ ...written, 人口: '常住人口 (2021)' });
  });

  it('--columns names the file; a file that is not an object of text is refused', async () => {
    const tsv = path.join(cli.dir, 'codes.tsv');
    await writeFile(tsv, 'code\tn\nA\t1\n');
    const columns = path.join(cli.dir, 'dictionary.json');
    await writeFile(columns, '{"code":"Product code"}');
    const pushed = await sheaf(['push', tsv, '--name', 'codes', '--columns', columns, '--json']);
    expect(await detail(JSON.parse(pushed.out).id)).toEqual({ code: 'Product code' });
    await writeFile(columns, '{"code":1}');
    const refused = await sheaf(['push', tsv, '--name', 'codes', '--columns', columns]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('must hold a JSON object of column descriptions');
    // A Parquet file is typed and carries no text beside it.
    const parquet = path.join(cli.dir, 'codes.parquet');
    const id = String(JSON.parse(pushed.out).id);
    const typed = await sheaf(['pull', id, '--format', 'parquet', '-o', parquet, '--json']);
    expect(JSON.parse(typed.out)).toMatchObject({ file: parquet, columns_file: null });
  });
});
