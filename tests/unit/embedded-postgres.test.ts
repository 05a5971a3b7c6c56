import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { CONVERTED_PGLITE_DIR, convertPgliteDataDir } from '../../src/server/db/convert-pglite.ts';
import { startEmbeddedPostgres, type EmbeddedLog } from '../../src/server/db/embedded-postgres.ts';
import { alive } from '../support/processes.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const tempDir = tempDirs('sheaf-embedded-', afterAll);

const messages: string[] = [];
const log: EmbeddedLog = {
  info: (_obj, msg) => messages.push(msg),
  warn: (_obj, msg) => messages.push(msg),
  error: (_obj, msg) => messages.push(msg),
};

/** The rows a statement returns (drizzle's `execute` is typed per driver). */
async function rowsOf<T extends unknown[]>(database: Database, query: SQL): Promise<T> {
  const result = await database.db.execute(query);
  return (result as { rows: T }).rows;
}

/** A process's group (field 5 of /proc/<pid>/stat). */
const processGroup = (pid: number | 'self') => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2];
};

/** Whether `pid` is a process still running (a zombie waiting to be reaped is not). */
const running = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

/** The first line `child` writes to its stdout. */
const firstLine = (child: ReturnType<typeof spawn>) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it said: ${text}`)));
  });

describe('embedded PostgreSQL', () => {
  it(
    'starts a real PostgreSQL in DATA_DIR, keeps committed data through a crash of its process, and stops',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(tempDir(), 'postgres');
      const server = await startEmbeddedPostgres({ dir, log });
      const pool = new pg.Pool({ connectionString: server.url });
      pool.on('error', () => undefined);
      try {
        const { rows } = await pool.query<{ version: string; trgm: string }>(
          `select version(), (select count(*) from pg_available_extensions where name = 'pg_trgm')::text as trgm`,
        );
        expect(rows[0]?.version).toMatch(/^PostgreSQL 1[89]\./);
        expect(rows[0]?.trgm).toBe('1');
        // Only through the socket: no TCP listener.
        const listen = await pool.query<{ listen_addresses: string }>('show listen_addresses');
        expect(listen.rows[0]?.listen_addresses).toBe('');
        // Not in Sheaf's process group: a terminal's Ctrl-C does not stop it under Sheaf's requests.
        expect(processGroup(server.pid()!)).not.toBe(processGroup('self'));

        await pool.query('create table kept (id int primary key, name text)');
        await pool.query(`insert into kept values (1, '北京')`);
        const first = server.pid()!;
        process.kill(first, 'SIGKILL');
        await server.ready();
        expect(server.pid()).not.toBe(first);
        expect(messages).toContain('embedded PostgreSQL stopped; restarting it');
        // The pool replaces the broken connections; the row survived the crash.
        let answer: pg.QueryResult | undefined;
        for (let i = 0; i < 5 && !answer; i++)
          answer = await pool.query('select * from kept').catch(() => undefined);
        expect(answer?.rows).toEqual([{ id: 1, name: '北京' }]);
      } finally {
        await pool.end();
      }
      const pid = server.pid()!;
      await server.stop();
      expect(alive(pid)).toBe(false);
      expect(existsSync(path.join(dir, 'data', 'postmaster.pid'))).toBe(false);
    },
  );

  it(
    'stops when the process that started it is killed without stopping it (kill -9)',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(tempDir(), 'postgres');
      const module = pathToFileURL(path.resolve('src/server/db/embedded-postgres.ts')).href;
      const quiet = '{ info() {}, warn() {}, error() {} }';
      const sheaf = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { startEmbeddedPostgres } = await import(${JSON.stringify(module)});
           const server = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, log: ${quiet} });
           console.log(server.pid());
           setInterval(() => {}, 60_000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const pid = Number(await firstLine(sheaf));
      expect(running(pid)).toBe(true);
      sheaf.kill('SIGKILL');
      await expect.poll(() => running(pid), { timeout: 60_000, interval: 100 }).toBe(false);
      // A fast shutdown, which removes the pid file: the next start finds nothing left over.
      expect(existsSync(path.join(dir, 'data', 'postmaster.pid'))).toBe(false);
    },
  );

  it(
    'leaves alone a process that took the pid of a server stopped uncleanly, and starts',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(tempDir(), 'postgres');
      await (await startEmbeddedPostgres({ dir, log })).stop();
      // After a power cut or a reboot, postmaster.pid names a pid some other program now has.
      const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
        stdio: 'ignore',
      });
      try {
        const pidFile = path.join(dir, 'data', 'postmaster.pid');
        writeFileSync(pidFile, `${other.pid}\n${path.join(dir, 'data')}\n0\n5432\n\n\n`);
        const server = await startEmbeddedPostgres({ dir, log });
        await server.stop();
        expect(alive(other.pid!)).toBe(true);
        expect(messages).toContain(
          'postmaster.pid names a process that is not this cluster’s server (left by an unclean stop); removed it',
        );
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it(
    'moves an earlier PGlite DATA_DIR into it once: same rows, ids continue, the PGlite folder kept aside',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir();
      const before = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      await before.db.execute(
        sql`insert into users (username, email, nickname) values ('wangfang', 'wf@example.com', '王芳'), ('li', 'li@example.com', '李')`,
      );
      await before.db.execute(
        sql`insert into datasets (owner_id, name, tags, description)
            select id, '城市人口', array['人口', 'city'], 'a "quoted" \\ description' from users where username = 'wangfang'`,
      );
      await before.db.execute(sql`delete from users where username = 'li'`);
      const expected = {
        rows: await rowsOf<unknown[]>(
          before,
          sql`select id, username, nickname from users order by id`,
        ),
      };
      const expectedVectors = {
        rows: await rowsOf<{ v: string }[]>(
          before,
          sql`select search_vector::text as v from datasets`,
        ),
      };
      expect(expectedVectors.rows[0]?.v).toContain('城市');
      await before.close();

      const server = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), log });
      const target = await openDatabase({ kind: 'postgres', url: server.url });
      try {
        const copied = await convertPgliteDataDir({ dataDir, target, log });
        expect(copied?.['users']).toBe(1);
        expect(copied?.['datasets']).toBe(1);
        expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
        expect(existsSync(path.join(dataDir, CONVERTED_PGLITE_DIR, 'PG_VERSION'))).toBe(true);

        const users = {
          rows: await rowsOf<unknown[]>(
            target,
            sql`select id, username, nickname from users order by id`,
          ),
        };
        expect(users.rows).toEqual(expected.rows);
        const datasets = {
          rows: await rowsOf<unknown[]>(
            target,
            sql`select name, tags, description, owner_id = (select id from users) as owned from datasets`,
          ),
        };
        expect(datasets.rows).toEqual([
          {
            name: '城市人口',
            tags: ['人口', 'city'],
            description: 'a "quoted" \\ description',
            owned: true,
          },
        ]);
        // The search index came along as it was.
        const vectors = {
          rows: await rowsOf<unknown[]>(target, sql`select search_vector::text as v from datasets`),
        };
        expect(vectors.rows).toEqual(expectedVectors.rows);
        // New rows take ids after the copied ones (the deleted user's id is not reused).
        const next = {
          rows: await rowsOf<{ id: number }[]>(
            target,
            sql`insert into users (username, email, nickname) values ('new', 'new@example.com', 'n') returning id`,
          ),
        };
        expect(next.rows[0]!.id).toBe(3);

        // Done once: a second start finds nothing to convert.
        expect(await convertPgliteDataDir({ dataDir, target, log })).toBeNull();
      } finally {
        await target.close();
        await server.stop();
      }
    },
  );
});
