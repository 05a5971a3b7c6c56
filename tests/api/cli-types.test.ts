import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sheafSuite } from '../support/sheaf-cli.ts';

const cli = sheafSuite({ users: ['wangfang'], signedIn: 'wangfang' });
const { t, sheaf } = cli;

describe('the sheaf command with column types and JSON tables', () => {
  it('pushes a file with declared column types; a bad declaration is the API error', async () => {
    const tsv = path.join(cli.dir, 'typed.tsv');
    await writeFile(tsv, '城市\t人口\t年份\n深圳\t17560061\t2020\n');
    const typed = await sheaf([
      'push',
      tsv,
      '--name',
      'typed',
      '--types',
      '{"年份":"string"}',
      '--json',
    ]);
    expect(typed.code).toBe(0);
    expect(JSON.parse(typed.out).versions[0].attribute_types).toEqual({
      城市: 'string',
      人口: 'integer',
      年份: 'string',
    });
    const wrong = await sheaf(['push', tsv, '--name', 'typed', '--types', '{"省":"string"}']);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toBe(
      'sheaf: Invalid table: A type is given for "省", which is not a column (INVALID_TABLE)\n',
    );
  });

  it('pull saves the column types beside a text file, and push declares them: nothing retyped', async () => {
    const tables = [
      // Codes that look like numbers, zeros in front, and a table without rows (whose JSON
      // download, `[]`, names no column: its types file names them).
      ['codes.csv', 'code,zip,n\n1e3,00123,1\n2.50,02139,2\n', '{"code":"string"}'],
      ['empty.csv', 'n,ok,day\n', '{"n":"number","ok":"boolean","day":"date"}'],
    ] as const;
    for (const [name, text, types] of tables) {
      await writeFile(path.join(cli.dir, name), text);
      const pushed = await sheaf([
        'push',
        path.join(cli.dir, name),
        '--name',
        name,
        '--types',
        types,
      ]);
      expect(pushed.code).toBe(0);
      const ds = Number(/#(\d+)/.exec(pushed.out)?.[1]);
      const first = (await t.app.inject({ url: `/api/v1/datasets/${ds}` })).json().versions[0];
      for (const format of ['csv', 'json', 'jsonl']) {
        const file = path.join(cli.dir, `pulled-${ds}.${format}`);
        const pulled = await sheaf(['pull', String(ds), '--format', format, '-o', file, '--json']);
        expect(JSON.parse(pulled.out).types_file).toBe(`${file}.types.json`);
        expect(JSON.parse(await readFile(`${file}.types.json`, 'utf8'))).toEqual(
          first.attribute_types,
        );
        const again = await sheaf(['push', file, '--dataset', String(ds), '--json']);
        expect(again.err).toBe(`Column types from ${file}.types.json\n`);
        const version = JSON.parse(again.out);
        expect([name, format, version.attribute_types, version.sha256]).toEqual([
          name,
          format,
          first.attribute_types,
          first.sha256,
        ]);
      }
    }

    // Without them, the codes would be numbers; an edited file names what to change.
    const edited = path.join(cli.dir, 'edited.csv');
    await writeFile(edited, 'code\n1e3\n');
    await writeFile(`${edited}.types.json`, '{"code":"string","zip":"string"}');
    const refused = await sheaf(['push', edited, '--name', 'edited']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`the column types come from ${edited}.types.json`);
    const inferred = await sheaf(['push', edited, '--name', 'edited', '--types', '{}', '--json']);
    expect(JSON.parse(inferred.out).versions[0].attribute_types).toEqual({ code: 'number' });
  });

  it('pull saves the Data Package beside a CSV or TSV file: its resource is the file saved', async () => {
    const source = path.join(cli.dir, 'zips.csv');
    await writeFile(source, 'zip,n\n00123,1\n02139,2\n');
    const pushed = await sheaf(['push', source, '--name', 'zips', '--json']);
    const ds = JSON.parse(pushed.out).id as number;
    for (const [format, delimiter] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const file = path.join(cli.dir, `zips-${ds}.${format}`);
      const pulled = await sheaf(['pull', String(ds), '--format', format, '-o', file, '--json']);
      expect(JSON.parse(pulled.out).datapackage_file).toBe(`${file}.datapackage.json`);
      const descriptor = JSON.parse(await readFile(`${file}.datapackage.json`, 'utf8'));
      const bytes = await readFile(file);
      expect(descriptor.resources).toHaveLength(1);
      expect(descriptor.resources[0]).toMatchObject({
        path: `zips-${ds}.${format}`,
        format,
        bytes: bytes.length,
        hash: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
        dialect: { delimiter, header: true },
        schema: { fields: [{ name: 'zip', type: 'string' }, { name: 'n' }] },
      });
    }
    // A view of the version: the same schema, the view's own file.
    const view = path.join(cli.dir, `zips-view.csv`);
    await sheaf(['pull', String(ds), '-o', view, '--filter', 'n = 2']);
    const described = JSON.parse(await readFile(`${view}.datapackage.json`, 'utf8'));
    expect(described.resources[0]).toMatchObject({
      path: 'zips-view.csv',
      bytes: (await readFile(view)).length,
      schema: { fields: [{ name: 'zip', type: 'string' }, { name: 'n' }] },
    });
    const parquet = path.join(cli.dir, `zips-${ds}.parquet`);
    const typed = await sheaf(['pull', String(ds), '--format', 'parquet', '-o', parquet, '--json']);
    expect(JSON.parse(typed.out).datapackage_file).toBeNull();
  });

  it('pushes a JSON table as the upload form reads it: its columns, its numbers, its types', async () => {
    const list = path.join(cli.dir, 'cities.json');
    // Columns in order of first appearance; an integer past 2^53 kept exact.
    await writeFile(
      list,
      '[{"城市":"北京","人口":21893095},{"人口":9007199254740993,"区号":"010"}]',
    );
    const pushed = await sheaf(['push', list, '--name', 'json', '--json']);
    expect(pushed.err).toBe('');
    const created = JSON.parse(pushed.out);
    expect(created.versions[0]).toMatchObject({
      attributes: ['城市', '人口', '区号'],
      attribute_types: { 城市: 'string', 人口: 'integer', 区号: 'string' },
      entries_count: 2,
    });
    const rows = await t.app.inject({ url: `/api/v1/datasets/${created.id}/version` });
    expect(rows.body).toContain('9007199254740993');
    const table = path.join(cli.dir, 'table.json.gz');
    const declared = {
      attributes: ['区号', 'n'],
      entries: [['010', 1], { 区号: '021', n: 2 }],
      attribute_types: { n: 'number' },
    };
    await writeFile(table, gzipSync(JSON.stringify(declared)));
    const version = await sheaf(['push', table, '--dataset', String(created.id), '--json']);
    expect(JSON.parse(version.out)).toMatchObject({
      attributes: ['区号', 'n'],
      attribute_types: { 区号: 'string', n: 'number' },
      entries_count: 2,
    });
  });
});
