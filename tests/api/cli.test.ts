import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PASSWORD, sheafSuite } from '../support/sheaf-cli.ts';

const cli = sheafSuite({ users: ['wangfang'] });
const { t, sheaf } = cli;

const CSV = '城市,人口,年份\n北京,21893095,2020\n上海,24870895,2020\n广州,18676605,2020\n';

describe('the sheaf command', () => {
  let id = 0;

  it('signs in with a password on stdin and keeps a token, not the password', async () => {
    const login = await cli.login('wangfang');
    expect(login.err).toBe('');
    expect(login.code).toBe(0);
    expect(login.out).toContain('Signed in as wangfang');
    const stored = await readFile(path.join(cli.dir, 'config', 'credentials.json'), 'utf8');
    expect(JSON.parse(stored)).toMatchObject({ [cli.base]: { username: 'wangfang' } });
    expect(stored).not.toContain(CLI_PASSWORD);
    const wrong = await sheaf(['login', '--username', 'wangfang', '--password-stdin'], {
      stdin: 'nope',
      config: path.join(cli.dir, 'other'),
    });
    expect(wrong.code).toBe(3);
    expect(wrong.err).toContain('INVALID_CREDENTIALS');
  });

  it('pushes a CSV file (gzipped on the way) as a new dataset, then a TSV as its version 2', async () => {
    const file = path.join(cli.dir, 'cities.csv');
    await writeFile(file, CSV);
    const pushed = await sheaf([
      'push',
      file,
      '--name',
      '城市人口',
      '--license',
      'CC-BY-4.0',
      '--tags',
      '人口,city',
      '--json',
    ]);
    expect(pushed.err).toBe('');
    expect(pushed.code).toBe(0);
    const dataset = JSON.parse(pushed.out) as { id: number; license: string; tags: string[] };
    expect(dataset).toMatchObject({ license: 'CC-BY-4.0', tags: ['人口', 'city'] });
    id = dataset.id;

    const tsv = path.join(cli.dir, 'v2.tsv');
    await writeFile(tsv, '城市\t人口\t年份\n深圳\t17560061\t2020\n');
    const v2 = await sheaf(['push', tsv, '--dataset', String(id), '--changelog', '深圳']);
    expect(v2.code).toBe(0);
    expect(v2.out).toBe(`Added v2 to #${id} (1 rows)`);
  });

  it('lists and describes datasets, for people and as JSON', async () => {
    const mine = await sheaf(['ls', '--mine', '--json']);
    expect(JSON.parse(mine.out)).toMatchObject({ total: 1, datasets: [{ id, name: '城市人口' }] });
    const shown = await sheaf(['info', String(id)]);
    expect(shown.out).toContain('城市人口');
    expect(shown.out).toContain('License: CC-BY-4.0');
    expect(shown.out).toMatch(/v1 {2}3 rows {2}3 columns/);
  });

  it('pulls a version into a file, and resumes a partial one from where it stopped', async () => {
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${id}/versions/1/download?format=csv`,
    });
    const output = path.join(cli.dir, 'v1.csv');
    const pulled = await sheaf(['pull', String(id), '--version', '1', '-o', output]);
    expect(pulled.code).toBe(0);
    expect((await readFile(output)).equals(whole.rawPayload)).toBe(true);

    // An interrupted pull left 10 bytes and the ETag; the next one asks for the rest only.
    const again = path.join(cli.dir, 'again.csv');
    await writeFile(`${again}.part`, whole.rawPayload.subarray(0, 10));
    await writeFile(`${again}.part.etag`, String(whole.headers['etag']));
    const resumed = await sheaf(['pull', String(id), '--version', '1', '-o', again, '--json']);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toContain('Resuming');
    expect(JSON.parse(resumed.out)).toMatchObject({
      resumed: true,
      bytes: whole.rawPayload.length,
    });
    expect((await readFile(again)).equals(whole.rawPayload)).toBe(true);

    // A pull stopped after the last byte but before the rename finishes; a .part longer than
    // the file starts over.
    for (const [name, bytes] of [
      ['complete.csv', whole.rawPayload],
      ['longer.csv', Buffer.concat([whole.rawPayload, Buffer.from('extra')])],
    ] as const) {
      const file = path.join(cli.dir, name);
      await writeFile(`${file}.part`, bytes);
      await writeFile(`${file}.part.etag`, String(whole.headers['etag']));
      const done = await sheaf(['pull', String(id), '--version', '1', '-o', file]);
      expect([name, done.code, done.err]).toEqual([name, 0, '']);
      expect((await readFile(file)).equals(whole.rawPayload)).toBe(true);
    }

    // The latest version by default, in the asked format.
    const latest = await sheaf([
      'pull',
      String(id),
      '--format',
      'jsonl',
      '-o',
      path.join(cli.dir, 'latest.jsonl'),
      '--json',
    ]);
    expect(JSON.parse(latest.out)).toMatchObject({ version: 2, format: 'jsonl' });
    expect(await readFile(path.join(cli.dir, 'latest.jsonl'), 'utf8')).toContain('深圳');
  });

  it('under `npm run sheaf`, takes file names from the folder the command was typed in', async () => {
    // npm runs the script in the package's folder and names the user's folder in INIT_CWD.
    const typedIn = await mkdtemp(path.join(cli.dir, 'here-'));
    const npmRun = { npm_lifecycle_event: 'sheaf', INIT_CWD: typedIn };
    await writeFile(path.join(typedIn, 'towns.csv'), CSV);
    const pushed = await sheaf(['push', 'towns.csv', '--name', 'towns', '--json'], {
      env: npmRun,
    });
    expect([pushed.code, pushed.err]).toEqual([0, '']);
    const { id: towns } = JSON.parse(pushed.out) as { id: number };
    expect(
      (await sheaf(['pull', String(towns), '-o', 'towns-copy.csv'], { env: npmRun })).code,
    ).toBe(0);
    expect(await readFile(path.join(typedIn, 'towns-copy.csv'), 'utf8')).toContain('广州');
    const named = await sheaf(['pull', String(towns), '--format', 'json'], { env: npmRun });
    const file = path.join(typedIn, `dataset-${towns}-v1.json`);
    expect(named.out).toContain(`Saved ${file} (`);
    expect(await readFile(file, 'utf8')).toContain('广州');
  });

  it('says what is wrong with an exit code scripts can test', async () => {
    expect((await sheaf(['info', '999999'])).code).toBe(4);
    const guest = await sheaf(['ls', '--mine'], { config: path.join(cli.dir, 'guest') });
    expect(guest.code).toBe(3);
    const sheet = await sheaf(['push', path.join(cli.dir, 'table.xlsx'), '--name', 'x']);
    expect(sheet.code).toBe(2);
    expect(sheet.err).toContain('.csv, .tsv, .json or .jsonl');
    const broken = path.join(cli.dir, 'broken.json');
    await writeFile(broken, '[\n{"a": 1},\n{"a": 2,}\n]\n');
    expect(await sheaf(['push', broken, '--name', 'x'])).toMatchObject({
      code: 2,
      err: `sheaf: ${broken} is not valid JSON near line 3\n`,
    });
    await writeFile(broken, '[{"a": 1}, 2]');
    expect((await sheaf(['push', broken, '--name', 'x'])).err).toBe(
      `sheaf: ${broken} must hold a list of objects, or an object with attributes and entries (item 2 is not an object)\n`,
    );
    expect((await sheaf(['pull', String(id), '--format', 'xml'])).code).toBe(2);
    expect((await sheaf(['frobnicate'])).code).toBe(2);
    for (const args of [
      ['info', '0x1'],
      ['info', '1e0'],
      ['ls', '--limit', '1e1'],
      ['pull', '01'],
    ]) {
      const wrong = await sheaf(args);
      expect([args, wrong.code, wrong.err]).toEqual([
        args,
        2,
        expect.stringContaining('positive whole number'),
      ]);
    }
    expect((await sheaf(['--unknown-flag'])).code).toBe(2);
    for (const address of ['127.0.0.1:8080', 'localhost:8080', 'ftp://example.com']) {
      const nowhere = await sheaf(['ls'], { env: { SHEAF_API: address } });
      expect([address, nowhere.code, nowhere.err]).toEqual([
        address,
        2,
        `sheaf: SHEAF_API must be an http(s) address such as http://localhost:8080, not "${address}"\n`,
      ]);
    }
  });
});
