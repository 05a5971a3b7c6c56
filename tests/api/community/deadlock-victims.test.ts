import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { datasets, users } from '../../../src/server/db/schema.ts';
import { newDataset } from '../../support/api.ts';
import { answer, deletionApp, hold, lockWaiters, onPostgres } from '../../support/deletions.ts';
import type { SignedUp } from '../../support/users.ts';

// A write waiting for a dataset's row can be caught in a deadlock of others and chosen as its
// victim: PostgreSQL rolls it back whole. It runs again instead of answering 500. Here a
// transaction of the test's own holds the dataset and, once the write waits for it, asks for
// what the write locked first (the caller's account, or the hash of the table it stores): the
// write waited first, so it is the deadlock's victim. PGlite runs one transaction at a time:
// there the write simply comes after.

const race = deletionApp();
const { call, accounts } = race;

type Send = () => Promise<LightMyRequestResponse>;
type Write = (owner: SignedUp, other: SignedUp, id: number) => Promise<LightMyRequestResponse>;
const table = { attributes: ['city', 'rain_mm'], entries: [['Lhasa', 400]] };

const lockAccount = (id: number) =>
  sql`select 1 from ${users} where ${users.id} = ${id} for update`;

type Case = {
  write: Write;
  answer: string;
  /** Whose account the write locks first: the dataset's owner or someone else. */
  by: 'owner' | 'other';
};

const cases: Record<string, Case> = {
  'an edit': {
    write: (owner, _, id) => call('PUT', `/datasets/${id}`, owner, { name: 'renamed' }),
    answer: '200',
    by: 'owner',
  },
  'a change of fork settings': {
    write: (owner, _, id) =>
      call('PUT', `/datasets/${id}/fork-settings`, owner, { allow_forks: false }),
    answer: '200',
    by: 'owner',
  },
  'a fork': {
    write: (_, other, id) => call('POST', `/datasets/${id}/fork`, other, {}),
    answer: '201',
    by: 'other',
  },
  'a rating': {
    write: (_, other, id) => call('POST', `/datasets/${id}/rate`, other, { score: 4 }),
    answer: '200',
    by: 'other',
  },
  'a favourite': {
    write: (_, other, id) => call('POST', '/favorites', other, { dataset_id: id }),
    answer: '201',
    by: 'other',
  },
};

/**
 * Sends the write while the dataset's row is held, then has the holder ask for `first` (what the
 * write locked before the dataset): the one of the two whose deadlock check runs first is the
 * victim, usually the write, which waited first. When it was the holder (the machine was slow
 * and the write's check ran before the holder waited), it is tried again, five times at most.
 */
async function asVictim(
  prepare: () => Promise<{ id: number; send: Send; first: SQL }>,
): Promise<LightMyRequestResponse> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const { id, send, first } = await prepare();
    const held = await hold(
      race.t,
      sql`select 1 from ${datasets} where ${datasets.id} = ${id} for update`,
    );
    const sent = send();
    await lockWaiters(race.t, 1);
    const writeWasVictim = await held.also(first).then(
      () => true,
      () => false,
    );
    await held.release().catch(() => undefined);
    if (writeWasVictim) return sent;
    await sent;
  }
  throw new Error('the write was never the deadlock’s victim');
}

describe('a write chosen as a deadlock’s victim runs again', () => {
  for (const [what, { write, answer: answered, by }] of Object.entries(cases)) {
    it(`${what}: ${answered}`, async () => {
      const [owner, other] = await accounts(2);
      const prepare = async () => {
        const { id } = await newDataset(race.t, owner);
        const first = lockAccount((by === 'owner' ? owner : other).user.id);
        return { id, send: () => write(owner, other, id), first };
      };
      const res = onPostgres ? await asVictim(prepare) : await (await prepare()).send();
      expect(answer(res)).toBe(answered);
    });
  }

  it('a new version: 201, its table stored once', async () => {
    const [owner] = await accounts(1);
    // The same table in another dataset gives the hash the new version locks first.
    const { versions } = await newDataset(race.t, owner, table);
    const sha256 = versions[0]!.sha256;
    const prepare = async () => {
      const { id } = await newDataset(race.t, owner);
      const send = () => call('POST', `/datasets/${id}/versions`, owner, table);
      return { id, send, first: sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))` };
    };
    const res = onPostgres ? await asVictim(prepare) : await (await prepare()).send();
    expect(answer(res)).toBe('201');
    expect(res.json<{ sha256: string }>().sha256).toBe(sha256);
  });
});
