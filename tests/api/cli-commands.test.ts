import { access } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sheafSuite } from '../support/sheaf-cli.ts';

const cli = sheafSuite({ users: ['zhaolei', 'qianyu'], signedIn: 'zhaolei' });
const { sheaf } = cli;

const V1 = '城市,人口\n北京,21893095\n上海,24870895\n广州,18676605\n';
const V2 = '城市,人口\n北京,21893095\n上海,24870000\n深圳,17560061\n';

describe('sheaf whoami, search, rows, stats, compare, edit, delete and logout', () => {
  let id = 0;

  it('says who the token acts for, and the version', async () => {
    expect((await sheaf(['whoami'])).out).toBe(
      `zhaolei (#${cli.users['zhaolei']!.user.id}) on ${cli.base}`,
    );
    const version = await sheaf(['--version']);
    expect(version.code).toBe(0);
    expect(version.out).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reads rows, statistics and a compare of two versions it pushed', async () => {
    const file = path.join(cli.dir, 'cities.csv');
    await writeFile(file, V1);
    const pushed = await sheaf([
      'push',
      file,
      '--name',
      '城市 人口 表',
      '--tags',
      '人口',
      '--json',
    ]);
    id = (JSON.parse(pushed.out) as { id: number }).id;
    await writeFile(file, V2);
    expect((await sheaf(['push', file, '--dataset', String(id)])).code).toBe(0);

    const rows = await sheaf(['rows', String(id), '--version', '1', '--sort', '人口', '--desc']);
    expect(rows.out.split('\n')).toEqual([
      '城市\t人口',
      '上海\t24870895',
      '北京\t21893095',
      '广州\t18676605',
      'rows 1–3 of 3 (v1)',
    ]);
    const found = await sheaf(['rows', String(id), '--query', '深', '--json']);
    expect(JSON.parse(found.out)).toMatchObject({ total: 1, rows: [['深圳', 17560061]] });

    const stats = await sheaf(['stats', String(id)]);
    expect(stats.out).toContain('v2: 3 rows');
    expect(stats.out).toContain(
      '人口 (integer)  3 values, 0 empty, 3 distinct  17560061 … 24870000',
    );

    const compared = await sheaf(['compare', String(id), '1', '2', '--key', '城市', '--json']);
    expect(JSON.parse(compared.out)).toMatchObject({ rows: { added: 1, removed: 1, changed: 1 } });
    expect((await sheaf(['compare', String(id), '1'])).code).toBe(2);

    // What changed in each version (no key: whole rows, a changed row is one out and one in).
    const changes = await sheaf(['changes', String(id)]);
    expect(changes.out.split('\n')).toEqual([
      'v1: rows +3 -0; columns +城市 +人口',
      'v2: rows +2 -2',
    ]);
    const later = await sheaf(['changes', String(id), '--since', '1', '--json']);
    expect(JSON.parse(later.out).changes).toMatchObject([{ version: 2, rows_added: 2 }]);
    expect((await sheaf(['changes', String(id), '--since', 'x'])).code).toBe(2);
  });

  it('finds public datasets by words and tag, in the order asked', async () => {
    const found = await sheaf(['search', '人口', '--tags', '人口', '--sort', 'name', '--json']);
    expect(JSON.parse(found.out)).toMatchObject({ datasets: [{ id }] });
    const bad = await sheaf(['search', '--license', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--license must be one of');
  });

  it("edits its own dataset's details and makes it private; nobody else may", async () => {
    const edited = await sheaf(['edit', String(id), '--description', '三个城市', '--private']);
    expect(edited.out).toBe(`Saved 城市 人口 表 (#${id}), private`);
    expect((await sheaf(['edit', String(id)])).code).toBe(2);
    expect((await sheaf(['search', '人口', '--json'])).out).not.toContain(`"id": ${id}`);
    const other = await sheaf(['edit', String(id), '--public'], {
      env: { SHEAF_TOKEN: cli.users['qianyu']!.token },
    });
    expect(other.code).toBe(4);
  });

  it('deletes only with --yes, then signs out, saying where to revoke the token login made', async () => {
    const asked = await sheaf(['delete', String(id)]);
    expect(asked.code).toBe(2);
    expect(asked.err).toContain('add --yes');
    expect((await sheaf(['info', String(id)])).code).toBe(0);
    expect((await sheaf(['delete', String(id), '--yes'])).out).toBe(`Deleted dataset #${id}`);
    expect((await sheaf(['info', String(id)])).code).toBe(4);

    const out = await sheaf(['logout']);
    expect(out.err).toBe('');
    expect(out.out).toMatch(
      new RegExp(
        `^Signed out of ${cli.base}\\nToken #\\d+ still works until it ends; revoke it at ${cli.base}/profile$`,
      ),
    );
    await expect(access(path.join(cli.dir, 'config', 'credentials.json'))).rejects.toThrow();
    expect((await sheaf(['whoami'])).code).toBe(3);
    expect((await sheaf(['logout'])).out).toBe(`No token is stored for ${cli.base}`);
  });
});
