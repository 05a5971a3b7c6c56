import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS } from '../../../src/server/db/pool.ts';
import { datasets } from '../../../src/server/db/schema.ts';
import { newDataset, queryRows } from '../../support/api.ts';
import { answer, deletionApp, hold, onPostgres } from '../../support/deletions.ts';

// Forty writes on one dataset while its row is locked (its owner editing it): nine of them
// wait for the lock on the pool's connections, the other thirty-one wait for a connection.
// Waiting in that queue is not the database being down: once the lock is released every write
// is done, none answers 503 DATABASE_UNAVAILABLE. PGlite runs one request at a time: there the
// writes simply come one after the other.

const race = deletionApp();
const { call, accounts } = race;

const pool = () => (race.t.ctx.db as unknown as { $client: pg.Pool }).$client;
const tick = () => new Promise((r) => setTimeout(r, 10));

/**
 * Waits, on a connection of its own (the app's are all taken), until `locked` sessions of the
 * app's database wait for a lock and `queued` requests wait for one of the pool's connections.
 */
async function waitFor(locked: number, queued: number): Promise<void> {
  const [{ name }] = (await queryRows<{ name: string }>(
    race.t,
    sql`select current_database() as name`,
  )) as [{ name: string }];
  const watcher = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
  await watcher.connect();
  try {
    for (;;) {
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock'`,
        [name],
      );
      if (rows[0]!.n >= locked && pool().waitingCount >= queued) return;
      await tick();
    }
  } finally {
    await watcher.end();
  }
}

describe('writes queued for a connection behind a locked dataset', () => {
  it('forty ratings, favourites, forks and edits at once: all done, none 503', async () => {
    const [owner, ...others] = await accounts(11);
    const { id } = await newDataset(race.t, owner);
    const held = onPostgres
      ? await hold(race.t, sql`select 1 from ${datasets} where ${datasets.id} = ${id} for update`)
      : undefined;
    const writes = others.flatMap((other) => [
      call('POST', `/datasets/${id}/rate`, other, { score: 4 }).then(answer),
      call('POST', '/favorites', other, { dataset_id: id }).then(answer),
      call('POST', `/datasets/${id}/fork`, other, {}).then(answer),
      call('PUT', `/datasets/${id}`, owner, { description: 'Rainfall by city, edited' }).then(
        answer,
      ),
    ]);
    if (held) {
      // The holder has one of the ten connections; nine writes wait for the lock on the others.
      await waitFor(9, writes.length - 9);
      // Held past the time a new connection may take to open, or until a write answers.
      await Promise.race([
        Promise.race(writes),
        new Promise((r) => setTimeout(r, CONNECT_TIMEOUT_MS + 1_000)),
      ]);
      await held.release();
    }
    const answers = await Promise.all(writes);
    expect(answers).toEqual(others.flatMap(() => ['200', '201', '201', '200']));
    const detail = await call('GET', `/datasets/${id}`);
    expect(detail.json()).toMatchObject({
      favorite_count: others.length,
      rating_count: others.length,
      fork_count: others.length,
    });
  });
});
