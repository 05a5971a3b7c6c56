import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli.ts';
import { sheafSuite } from '../support/sheaf-cli.ts';

const cli = sheafSuite({ users: ['sunli'], signedIn: 'sunli' });

/**
 * A Node.js on PATH that is not the one running the tests (the repository's, from node_modules):
 * the machine's own, as someone who installs the package has. Without one, this one.
 */
function otherNode(): { node: string; npm: string } {
  const mine = realpathSync(process.execPath);
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const node = path.join(dir, 'node');
    const npm = path.join(dir, 'npm');
    if (existsSync(node) && existsSync(npm) && realpathSync(node) !== mine) return { node, npm };
  }
  return { node: process.execPath, npm: 'npm' };
}

// The package does not depend on the database: once, on PGlite (both projects would build and
// pack the same files at the same time).
describe.skipIf(process.env['TEST_DB'] === 'postgres')('the sheaf-cli package', () => {
  it('packs, installs into a fresh prefix with Node 20 or newer, and runs on its own', async () => {
    await buildCli();
    const { node, npm } = otherNode();
    // As a user's shell has it: none of the npm_* settings of the npm that runs the tests.
    const env: Record<string, string | undefined> = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
    );
    env['PATH'] = `${path.dirname(node)}${path.delimiter}/usr/bin:/bin`;
    // Not execFileSync: the server answering the installed command runs in this process.
    const run = async (cmd: string, args: string[], cwd = cli.dir) =>
      (await promisify(execFile)(cmd, args, { cwd, env, encoding: 'utf8' })).stdout;

    const packed = await run(npm, ['pack', '--json', '--pack-destination', cli.dir], 'cli');
    const [{ filename, files }] = JSON.parse(packed) as [
      { filename: string; files: { path: string }[] },
    ];
    expect(files.map((f) => f.path).sort()).toEqual(['README.md', 'package.json', 'sheaf.mjs']);
    const prefix = path.join(cli.dir, 'prefix');
    await run(npm, [
      'install',
      '-g',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      path.join(cli.dir, filename),
    ]);
    expect(await readdir(path.join(prefix, 'lib', 'node_modules', 'sheaf-cli'))).not.toContain(
      'node_modules',
    );

    const sheaf = async (...args: string[]) =>
      (await run(path.join(prefix, 'bin', 'sheaf'), args, cli.dir)).trim();
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(await sheaf('--version')).toBe(version);
    expect(JSON.parse(readFileSync('cli/package.json', 'utf8'))).toMatchObject({ version });

    const token = cli.users['sunli']!.token;
    env['SHEAF_API'] = cli.base;
    env['SHEAF_TOKEN'] = token;
    env['SHEAF_CONFIG_DIR'] = path.join(cli.dir, 'installed-config');
    expect(await sheaf('whoami')).toMatch(/^sunli \(#\d+\) on /);

    const csv = path.join(cli.dir, 'prices.csv');
    await writeFile(csv, '品名,价格\n苹果,3.5\n梨,4\n');
    const pushed = JSON.parse(await sheaf('push', csv, '--name', '水果价格', '--json')) as {
      id: number;
    };
    const parquet = path.join(cli.dir, 'prices.parquet');
    await sheaf('pull', String(pushed.id), '--format', 'parquet', '-o', parquet);
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const read = await duck.runAndReadAll(`SELECT * FROM read_parquet('${parquet}')`);
    expect(read.getRowObjectsJson()).toEqual([
      { 品名: '苹果', 价格: 3.5 },
      { 品名: '梨', 价格: 4 },
    ]);
    duck.closeSync();
  });
});
