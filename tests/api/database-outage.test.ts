import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const onPostgres = process.env['TEST_DB'] === 'postgres';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
  it('a connection the server ends mid-query fails that query, and the next request works', async () => {
    if (onPostgres) {
      // Started now (a query runs when awaited), failing or not later.
      const slow = t.ctx.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (err: unknown) => err,
      );
      const name = await databaseName();
      await new Promise((r) => setTimeout(r, 200));
      await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      const failure = await slow;
      expect(isDatabaseUnavailable(failure)).toBe(true);
    }
    // The process is still here, and the pool replaced the connection.
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
      expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(503);
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
});
