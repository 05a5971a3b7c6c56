import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, statementDidNotRun } from '../../src/server/db/unavailable.ts';
import { createTestApp } from '../support/app.ts';
import { suiteApp } from '../support/api.ts';

const onPostgres = process.env['TEST_DB'] === 'postgres';
const t = suiteApp();

const list = () => t.app.inject({ url: '/api/v1/datasets' });

/** Runs `statement` as a separate superuser connection to the server (PostgreSQL only). */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function databaseName(): Promise<string> {
  const result = await t.ctx.db.execute(sql`select current_database() as name`);
  return String((result as { rows: { name: string }[] }).rows[0]!.name);
}

describe('losing the database is an outage, not a crash', () => {
  it('a statement whose connection the server ends is run again on a new one, and the process lives on', async () => {
    if (onPostgres) {
      const name = await databaseName();
      // The statement waits for a lock another session of the same database holds, so it is
      // under way whatever the machine's speed when its connection is ended.
      const url = new URL(process.env['TEST_DATABASE_URL']!);
      url.pathname = `/${name}`;
      const holder = new pg.Client({ connectionString: url.href });
      await holder.connect();
      try {
        const locked = await holder.query<{ pid: number }>(
          'select pg_backend_pid() as pid, pg_advisory_lock(4242)',
        );
        const holderPid = locked.rows[0]!.pid;
        const slow = t.ctx.db
          .execute(sql`select pg_advisory_xact_lock(4242)::text, 'done' as outcome`)
          .then(
            (result) => (result as { rows: { outcome: string }[] }).rows[0]?.outcome,
            (err: unknown) => err,
          );
        await admin(
          `do $$ begin
             while not exists (select 1 from pg_stat_activity where datname = '${name}' and wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%') loop
               perform pg_sleep(0.01);
             end loop;
           end $$`,
        );
        await admin(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid not in (pg_backend_pid(), ${holderPid})`,
        );
        // Every pooled connection is gone now, idle ones included: the next request still works.
        expect((await list()).statusCode).toBe(200);
        await holder.query('select pg_advisory_unlock(4242)');
        expect(await slow).toBe('done');
      } finally {
        await holder.end();
      }
    }
    expect((await list()).statusCode).toBe(200);
  });

  it('while the database refuses connections: 503 DATABASE_UNAVAILABLE, then service resumes', async () => {
    if (onPostgres) {
      const name = await databaseName();
      await admin(`alter database ${name} allow_connections false`);
      await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      const refused = await list();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(refused.headers['retry-after']).toBe('2');
      const health = await t.app.inject({ url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
      expect(health.headers['retry-after']).toBe('2');
      await admin(`alter database ${name} allow_connections true`);
      expect((await list()).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    } else {
      // The embedded database, once closed, is gone for good: answer 503, never a crash.
      const lost = await createTestApp();
      await (lost.ctx.db as unknown as { $client: { close: () => Promise<void> } }).$client.close();
      const refused = await lost.app.inject({ url: '/api/v1/datasets' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      const health = await lost.app.inject({ url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('2');
      // Closing it again fails; the app and its folder are still cleaned up.
      await expect(lost.close()).rejects.toThrow(/closed/);
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells an unreachable database from a bad query', () => {
    const wrapped = (cause: unknown) =>
      Object.assign(new Error('Failed query: select 1'), { cause });
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '57P01' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '23505' })))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(new Error('syntax error at or near "x"')))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('tells a statement that cannot have run from one whose outcome is unknown', () => {
    const ended = (code: string) => Object.assign(new Error('terminating connection'), { code });
    expect(statementDidNotRun(ended('57P01'))).toBe(true);
    expect(statementDidNotRun(ended('57P03'))).toBe(true);
    expect(
      statementDidNotRun(
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ).toBe(true);
    // The connection closed without a word: the statement may have committed.
    expect(statementDidNotRun(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(statementDidNotRun(ended('23505'))).toBe(false);
    expect(statementDidNotRun(null)).toBe(false);
  });
});
